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
const creating = createForm(
  /** @type {HTMLDialogElement} */ (byId('create')),
  () => shown.zone,
  (event) => say(`Created: ${plainText(event.title)}, ${event.start_date} (${event.timezone}).`),
)
const refused = (/** @type {Error} */ error) => say(error.message, 'error')

/** @type {ReturnType<typeof calendarView> | undefined} made once the stream has named the site zone */
let view
/** The site zone and the server's today the calendar was made for. */
let shown = { zone: '', today: /** @type {string | undefined} */ (undefined) }
/** The interface's revision, as the stream last named it: which list parameters the event source may use. */
let revision = 'extended'

/**
 * The calendar in the site zone, on the server's today (`hello`), not the browser's: with a frozen or moved clock
 * the month it opens on is the one the interface's default window is in.
 * @param {{ timezone: string, api_revision: string, today?: string }} site
 */
function showCalendar({ timezone: zone, api_revision, today = shown.today }) {
  revision = api_revision
  // Another day on the server's clock: a calendar made anew on it, as FullCalendar draws "today" once.
  if (view && today !== shown.today) {
    view.destroy()
    view = undefined
  }
  shown = { zone, today }
  if (view) {
    view.setZone(zone)
    view.refetch()
    return
  }
  const made = calendarView(byId('calendar'), zone, today, {
    source: eventSource(filterForm.params, () => revision),
    open: (event) =>
      showDetails(/** @type {HTMLDialogElement} */ (byId('details')), event.extendedProps.record, made.when(event)),
    create: creating.open,
    moved: (info) => saveDates(info, say),
    failed: refused,
  })
  view = made
}

const live = followChanges({
  status: (text) => {
    liveState.textContent = text
  },
  hello: (data) => showCalendar(data),
  clock: (data) => showCalendar({ timezone: shown.zone, api_revision: revision, today: data.today }),
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
