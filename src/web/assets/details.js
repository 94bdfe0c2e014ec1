import { element, plainText } from './text.js'

/** The longest description shown, in characters: the details are a summary, the event's page has the rest. */
const DESCRIPTION_CHARS = 600

/**
 * Shows an event's details in `dialog`: when, venue with its address, organizers, cost, categories, tags, the
 * start of its description, and links to its `url` and `rest_url` (docs/responses.md#event). Everything is put in as
 * text.
 * @param {HTMLDialogElement} dialog
 * @param {any} record the event as the interface gave it
 * @param {string} when its dates as the calendar writes them: its own wall times, and its zone
 */
export function showDetails(dialog, record, when) {
  const description = plainText(record.description).trim()
  /** @type {Array<[string, string[]]>} */
  const rows = [
    ['Venue', venueLines(record.venue)],
    ['Organizers', (record.organizer ?? []).map(organizerLine)],
    ['Cost', record.cost ? [record.cost] : []],
    ['Categories', (record.categories ?? []).map((/** @type {any} */ term) => plainText(term.name))],
    ['Tags', (record.tags ?? []).map((/** @type {any} */ term) => plainText(term.name))],
  ]
  dialog.querySelector('article')?.replaceChildren(
    element('h2', {}, [plainText(record.title)]),
    element('p', { class: 'when' }, [when]),
    element(
      'dl',
      {},
      rows
        .filter(([, lines]) => lines.length > 0)
        .flatMap(([name, lines]) => [element('dt', {}, [name]), ...lines.map((line) => element('dd', {}, [line]))]),
    ),
    ...(description ? [element('p', { class: 'description' }, [shortened(description)])] : []),
    element('p', { class: 'links' }, [link('Event page', record.url), link('JSON', record.rest_url)]),
  )
  dialog.showModal()
}

/** The venue's name, then its address lines; none for an event without a venue (TEC sends `[]`). @param {any} venue */
function venueLines(venue) {
  if (!venue?.venue) return []
  const region = venue.stateprovince || venue.state || venue.province
  const town = [venue.zip, venue.city, region].filter(Boolean).join(' ')
  return [plainText(venue.venue), venue.address, town, venue.country].filter(Boolean)
}

/** `Name, phone, email, website`. @param {any} organizer */
function organizerLine(organizer) {
  return [plainText(organizer.organizer), organizer.phone, organizer.email, organizer.website]
    .filter(Boolean)
    .join(', ')
}

/** @param {string} text */
function shortened(text) {
  return text.length > DESCRIPTION_CHARS ? `${text.slice(0, DESCRIPTION_CHARS)}…` : text
}

/** @param {string} text @param {string} href */
function link(text, href) {
  return element('a', { href, target: '_blank', rel: 'noopener noreferrer' }, [text])
}
