import { calendarView } from './calendar-view.js'
import { createForm } from './create-form.js'
import { showDetails } from './details.js'
import { eventSource } from './events.js'
import { filters } from './filters.js'
import { followChanges } from './live.js'
import { messageLine, problemsPanel } from './notices.js'
import { plainText } from './text.js'
import { tokenForm } from './token.js'
import { saveDates } from './writes.js'

/**
 * The page at `/`: the calendar of the data file, drawn from the interface and drawn again whenever the change
 * stream says the data changed (a write, a hand edit), with the file's problems while it is invalid.
 */

/** @param {string} id */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id))

const say = messageLine(byId('message'))
const problems = problemsPanel(byId('problems'))
const liveState = byId('live')
const filterForm = filters(/** @type {HTMLFormElement} */ (byId('filters')), () => view?.refetch())
// The new event shows once the change stream says it is in the file, as every change does.
const creating = createForm(/** @type {HTMLDialogElement} */ (byId('create')), (event) =>
  say(`Created: ${plainText(event.title)}, ${event.start_date} (${event.timezone}).`),
)
const refused = (/** @type {Error} */ error) => say(error.message, 'error')

/** @type {ReturnType<typeof calendarView> | undefined} made once the stream has named the site zone */
let view
/** The interface's revision, as the stream last named it: which list parameters the event source may use. */
let revision = 'extended'

/** @param {{ timezone: string, api_revision: string }} site */
function showCalendar({ timezone: zone, api_revision }) {
  revision = api_revision
  if (view) {
    view.setZone(zone)
    view.refetch()
    return
  }
  const shown = calendarView(byId('calendar'), zone, {
    source: eventSource(filterForm.params, () => revision),
    open: (event) =>
      showDetails(/** @type {HTMLDialogElement} */ (byId('details')), event.extendedProps.record, shown.when(event)),
    create: creating.open,
    moved: (info) => saveDates(info, say),
    failed: refused,
  })
  view = shown
}

const live = followChanges({
  status: (text) => {
    liveState.textContent = text
  },
  hello: (data) => showCalendar(data),
  change: (data) => {
    showCalendar(data)
    const lists = ['categories', 'tags', 'venues']
    if (data.collections.some((/** @type {string} */ name) => lists.includes(name))) filterForm.reload().catch(refused)
  },
  invalid: (data) => problems.show(data.error),
  valid: () => problems.hide(),
})

tokenForm(byId('token'), () => {
  live.restart()
  filterForm.reload().catch(refused)
})
filterForm.reload().catch(refused)
