import type { JsonPath } from './json-locate.js'
import type { DocumentFile } from './records.js'
import { unstorableDates } from './storable-dates.js'

/** A problem found across records, before it is located in the text. */
export interface CheckProblem {
  path: JsonPath
  message: string
}

type Collections = 'events' | 'venues' | 'organizers' | 'media' | 'categories' | 'tags'
type Raw = { id?: number; [key: string]: unknown }

/**
 * The rules of a data file beyond one field's form (CONTRACT §1): IDs unique in their space, every reference to an
 * existing record of the right kind, explicit slugs unique within a kind, no event ending before it starts,
 * no category that is its own ancestor, and every date one calfile can show (issue 9: a file that loads can
 * always be served). `siteZone` is the zone `date` and `modified` are read in.
 */
export function checkDocument(file: DocumentFile, siteZone: string): CheckProblem[] {
  const problems: CheckProblem[] = []
  storableDates(file, siteZone, problems)
  uniqueIds(file, ['events', 'venues', 'organizers', 'media'], problems)
  uniqueIds(file, ['categories', 'tags'], problems)
  uniqueUsers(file, problems)
  for (const key of ['events', 'venues', 'organizers', 'categories', 'tags'] as const) uniqueSlugs(file, key, problems)
  eventReferences(file, problems)
  categoryParents(file, problems)
  return problems
}

function rows(file: DocumentFile, key: Collections): Raw[] {
  return (file[key] ?? []) as Raw[]
}

function uniqueIds(file: DocumentFile, keys: Collections[], problems: CheckProblem[]): void {
  const seen = new Map<number, string>()
  for (const key of keys) {
    rows(file, key).forEach((row, index) => {
      if (row.id === undefined) return
      const first = seen.get(row.id)
      if (first) problems.push({ path: [key, index, 'id'], message: `duplicate ID ${row.id} (also ${first})` })
      else seen.set(row.id, `${key}[${index}]`)
    })
  }
}

function uniqueUsers(file: DocumentFile, problems: CheckProblem[]): void {
  const seen = new Set<number>()
  ;(file.users ?? []).forEach((user, index) => {
    if (seen.has(user.id)) problems.push({ path: ['users', index, 'id'], message: `duplicate user ID ${user.id}` })
    seen.add(user.id)
  })
}

function uniqueSlugs(file: DocumentFile, key: Collections, problems: CheckProblem[]): void {
  const seen = new Map<string, number>()
  rows(file, key).forEach((row, index) => {
    const slug = row.slug
    if (typeof slug !== 'string' || slug === '') return
    const first = seen.get(slug)
    if (first !== undefined) {
      problems.push({ path: [key, index, 'slug'], message: `duplicate slug "${slug}" (also ${key}[${first}])` })
    } else seen.set(slug, index)
  })
}

function idSet(file: DocumentFile, key: Collections): Set<number> {
  return new Set(rows(file, key).flatMap((row) => (row.id === undefined ? [] : [row.id])))
}

function eventReferences(file: DocumentFile, problems: CheckProblem[]): void {
  const known = {
    venue: idSet(file, 'venues'),
    organizer: idSet(file, 'organizers'),
    categories: idSet(file, 'categories'),
    tags: idSet(file, 'tags'),
    event: idSet(file, 'events'),
    media: idSet(file, 'media'),
  }
  ;(file.events ?? []).forEach((event, index) => {
    const at = (...rest: Array<string | number>): JsonPath => ['events', index, ...rest]
    const missing = (path: JsonPath, what: string, id: number) =>
      problems.push({ path, message: `${what} ${id} does not exist` })
    if (event.venue && !known.venue.has(event.venue)) missing(at('venue'), 'venue', event.venue)
    event.organizer?.forEach((id, i) => known.organizer.has(id) || missing(at('organizer', i), 'organizer', id))
    event.categories?.forEach((id, i) => known.categories.has(id) || missing(at('categories', i), 'category', id))
    event.tags?.forEach((id, i) => known.tags.has(id) || missing(at('tags', i), 'tag', id))
    if (event.post_parent && !known.event.has(event.post_parent)) missing(at('post_parent'), 'event', event.post_parent)
    if (typeof event.image === 'number' && !known.media.has(event.image)) missing(at('image'), 'media', event.image)
    if (event.end_date < event.start_date) {
      problems.push({ path: at('end_date'), message: `end_date ${event.end_date} is before start_date ${event.start_date}` })
    }
  })
}

function categoryParents(file: DocumentFile, problems: CheckProblem[]): void {
  const categories = file.categories ?? []
  const parentOf = new Map(categories.flatMap((c) => (c.id === undefined ? [] : [[c.id, c.parent ?? 0] as const])))
  categories.forEach((category, index) => {
    const parent = category.parent ?? 0
    if (parent === 0) return
    if (!parentOf.has(parent)) {
      problems.push({ path: ['categories', index, 'parent'], message: `category ${parent} does not exist` })
      return
    }
    const seen = new Set<number>()
    for (let at = parent; at !== 0 && !seen.has(at); at = parentOf.get(at) ?? 0) seen.add(at)
    if (category.id !== undefined && seen.has(category.id)) {
      problems.push({ path: ['categories', index, 'parent'], message: `category ${category.id} is its own ancestor` })
    }
  })
}

/** Every stored date one calfile can show (issue 9). */
function storableDates(file: DocumentFile, siteZone: string, problems: CheckProblem[]): void {
  for (const key of ['events', 'venues', 'organizers'] as const) {
    rows(file, key).forEach((row, index) => {
      for (const [field, message] of Object.entries(unstorableDates(row, siteZone))) problems.push({ path: [key, index, field], message })
    })
  }
}
