import { listAll } from './api.js'
import { plainText } from './text.js'

/** How long the search box waits for typing to pause before the calendar asks again, in ms. */
const TYPING_PAUSE_MS = 300

/**
 * The filters form: category, tag and venue choices filled from their list routes, and the search box.
 * `params()` gives the event list parameters they set (docs/lists.md#other-event-filters: `categories`, `tags`,
 * `venue`, `search`); `changed` hears every change, the search box's once typing pauses; `reload()` fills the choices
 * again (after a change of terms or venues), keeping what is chosen.
 * @param {HTMLFormElement} form
 * @param {() => void} changed
 */
export function filters(form, changed) {
  /** @param {string} name */
  const field = (name) => /** @type {HTMLInputElement | HTMLSelectElement} */ (form.elements.namedItem(name))
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let typing
  form.addEventListener('submit', (event) => event.preventDefault())
  form.addEventListener('change', (event) => {
    if (event.target !== field('search')) changed()
  })
  field('search').addEventListener('input', () => {
    clearTimeout(typing)
    typing = setTimeout(changed, TYPING_PAUSE_MS)
  })
  const reload = () =>
    Promise.all([
      fill(field('categories'), 'categories', (term) => plainText(term.name)),
      fill(field('tags'), 'tags', (term) => plainText(term.name)),
      fill(field('venue'), 'venues', (venue) => plainText(venue.venue)),
    ])
  return {
    /** @returns {Record<string, string>} */
    params: () => {
      const chosen = ['categories', 'tags', 'venue', 'search'].map((name) => [name, field(name).value.trim()])
      return Object.fromEntries(chosen.filter(([, value]) => value !== ''))
    },
    reload,
  }
}

/**
 * Fills a choice with every item of a list, by name, keeping the chosen one while it exists.
 * @param {HTMLInputElement | HTMLSelectElement} select
 * @param {string} kind
 * @param {(item: any) => string} name
 */
async function fill(select, kind, name) {
  const items = (await listAll(kind)).map((item) => ({ id: String(item.id), name: name(item) }))
  items.sort((a, b) => a.name.localeCompare(b.name))
  const chosen = select.value
  select.replaceChildren(new Option('All', ''), ...items.map((item) => new Option(item.name, item.id)))
  select.value = items.some((item) => item.id === chosen) ? chosen : ''
}
