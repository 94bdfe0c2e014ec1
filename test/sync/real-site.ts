/**
 * The real-engine sync scenario's tools: a real WordPress + TEC (`../shared/realtec`, the sync tests' own instance),
 * seeded as a user's site would be, and a field-by-field comparison of every record the site shows with what
 * calfile serves from the data file pulled from it.
 */
import { openCalendar } from '../../src/core/calendar.js'
import { createApp } from '../../src/http/app.js'
import { TEC_PREFIX } from '../../src/http/prefixes.js'
import type { Realtec } from '../realtec/oracle.js'
import { LISTS } from './sync-helpers.js'

type Json = Record<string, any>

/** The site's Basic credentials as a header. */
export function siteAuth(realtec: Realtec): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${realtec.user}:${realtec.password}`).toString('base64')}` }
}

/**
 * A request to the site's TEC API as its administrator; the parsed body. A status of 300 or more throws, with the
 * site's answer, unless `accept` lists it.
 */
export async function siteCall(
  realtec: Realtec,
  method: string,
  path: string,
  body?: object,
  accept: number[] = [],
): Promise<Json> {
  const response = await fetch(`${realtec.api}/${path}`, {
    method,
    headers: { ...siteAuth(realtec), 'content-type': 'application/json' },
    body: body && JSON.stringify(body),
  })
  const answer = (await response.json()) as Json
  if (response.status >= 300 && !accept.includes(response.status))
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`)
  return answer
}

/** The IDs of what `seedSite` made, by their names in the scenario. */
export interface Seeded {
  categories: number[]
  tags: number[]
  venues: number[]
  organizers: number[]
  /** Events by index 0–39: 10 and 12 drafts, 11 pending, 13 future, 20 and 21 trashed, 5 with HTML in its title. */
  events: number[]
}

/**
 * Fills a fresh site as a person would through TEC's API: 6 categories (Jazz a child of Music), 6 tags, 8 venues,
 * 5 organizers and 40 events over two months, with every kind of cost, website, flag and link; 2 drafts, one
 * pending and one scheduled (future) event, 2 trashed, one title with markup and typographic quotes.
 */
export async function seedSite(realtec: Realtec): Promise<Seeded> {
  const post = (path: string, body: object) => siteCall(realtec, 'POST', path, body)
  const seeded: Seeded = { categories: [], tags: [], venues: [], organizers: [], events: [] }
  for (const name of ['Music', 'Jazz', 'Talks', 'Family', 'Sports', 'Art & Design'])
    seeded.categories.push(
      (await post('categories', { name, ...(name === 'Jazz' ? { parent: seeded.categories[0] } : {}) })).id,
    )
  for (const name of ['free', 'outdoor', 'kids', 'late', 'weekly', 'new'])
    seeded.tags.push((await post('tags', { name })).id)
  for (let i = 0; i < 8; i++)
    seeded.venues.push(
      (
        await post('venues', {
          venue: `Hall ${i}`,
          address: `${i} Main St`,
          city: 'Springfield',
          country: 'United States',
          show_map: i % 2 ? 'true' : 'false',
          ...(i % 3 ? { website: `https://hall${i}.example` } : {}),
        })
      ).id,
    )
  for (let i = 0; i < 5; i++)
    seeded.organizers.push(
      (
        await post('organizers', {
          organizer: `Org ${i}`,
          email: `o${i}@example.org`,
          ...(i % 2 ? { phone: `555-010${i}` } : {}),
        })
      ).id,
    )
  const { categories, tags, venues, organizers } = seeded
  for (let i = 0; i < 40; i++) {
    const [year, month] = i < 20 ? [2026, 12] : [2027, 1]
    const day = `${year}-${String(month).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`
    const event = await post('events', {
      title: i === 5 ? 'Rock & Roll “Night” <b>37</b>' : `Event ${i}`,
      description: `<p>About event ${i}</p>`,
      start_date: `${day} 19:00:00`,
      end_date: `${day} 21:00:00`,
      all_day: i % 7 === 0,
      cost: ['Free', '10', '$10', ''][i % 4],
      website: i % 3 ? `https://ev${i}.example` : '',
      featured: i % 5 === 0,
      show_map: i % 2 === 0,
      show_map_link: i % 3 === 0,
      venue: venues[i % 8],
      organizer: i % 3 ? [organizers[i % 5], organizers[(i + 1) % 5]] : [organizers[i % 5]],
      categories: [categories[i % 6]],
      tags: i % 2 ? [tags[i % 6]] : [],
      status: i === 10 || i === 12 ? 'draft' : i === 11 ? 'pending' : i === 13 ? 'future' : 'publish',
      // A post dated ahead is scheduled (WordPress's `future`).
      ...(i === 13 ? { date: '2027-04-01 10:00:00' } : {}),
    })
    seeded.events.push(event.id)
  }
  for (const i of [20, 21]) await siteCall(realtec, 'DELETE', `events/${seeded.events[i]}`)
  return seeded
}

/** Every record of a list, following `next_rest_url`; `get` reads one URL path (with its query). */
async function wholeList(route: string, get: (path: string) => Promise<Json>): Promise<Json[]> {
  const records: Json[] = []
  let next: string | undefined = `${TEC_PREFIX}/${LISTS[route]}`
  while (next !== undefined) {
    const page = await get(next)
    records.push(...((page[route] as Json[] | undefined) ?? []))
    next = typeof page.next_rest_url === 'string' ? pathOf(page.next_rest_url) : undefined
  }
  return records
}

const pathOf = (url: string) => {
  const { pathname, search } = new URL(url)
  return pathname + search
}

/**
 * Every difference between the site and calfile serving `file` (in-process, as its open mode's reader, who sees
 * every status), over every list a pull reads: `events ids: …` when the lists hold different records, then
 * `events/17 title: site "…" here "…"` for each field of each record, the two hosts counted as one.
 */
export async function compareWithSite(realtec: Realtec, file: string): Promise<string[]> {
  const calendar = await openCalendar(file, { readOnly: true, watch: false, lock: false })
  try {
    const app = createApp(calendar)
    const here = async (path: string) => (await app.request(`http://calfile.test${path}`)).json() as Promise<Json>
    const site = async (path: string) =>
      (await fetch(`${realtec.base}${path}`, { headers: siteAuth(realtec) })).json() as Promise<Json>
    const host = new URL(realtec.base).host
    const same = (value: unknown) =>
      JSON.stringify(value ?? null)
        .replaceAll(host, 'HOST')
        .replaceAll('calfile.test', 'HOST')
        .replaceAll('127.0.0.1', 'HOST')
    const found: string[] = []
    for (const route of Object.keys(LISTS)) {
      const [theirs, ours] = await Promise.all([wholeList(route, site), wholeList(route, here)])
      // The records, not their order: posts of the same second (a push makes many) come in the order MySQL's plan
      // for the query gives them, which depends on the table's size; the parity suite covers list order.
      const ids = (records: Json[]) =>
        records
          .map((record) => record.id as number)
          .sort((a, b) => a - b)
          .join(',')
      if (ids(theirs) !== ids(ours)) found.push(`${route} ids: site ${ids(theirs)} here ${ids(ours)}`)
      const byId = new Map(ours.map((record) => [record.id, record]))
      for (const record of theirs) {
        const mine = byId.get(record.id)
        if (mine === undefined) continue
        for (const key of new Set([...Object.keys(record), ...Object.keys(mine)]))
          if (same(record[key]) !== same(mine[key]))
            found.push(`${route}/${record.id} ${key}: site ${same(record[key])} here ${same(mine[key])}`)
      }
    }
    return found
  } finally {
    await calendar.close()
  }
}
