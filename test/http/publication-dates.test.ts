/**
 * A post's publication and modification dates beside their GMT twins (docs/data-file.md#dates-in-the-file,
 * docs/writes.md): both stored as sent (`wp_insert_post()`), a new post's change dated as its publication, TEC's
 * lossy updates (an event re-dated now, a venue's or organizer's two dates changed apart) and tec/v1's date written
 * as the GMT date too (docs/tec-v1.md), each as TEC 6.17.2 and 6.10.0 answered it. The site zone is New York; the
 * clock is frozen at 2026-07-01 12:00:00 UTC (08:00 EDT).
 */
import { describe, expect, it } from 'vitest'
import { ACKNOWLEDGEMENT } from '../../src/http/tec-v1/gate.js'
import { open } from '../helpers.js'

const REST = '/wp-json/tribe/events/v1'
const V1 = '/wp-json/tec/v1'
const ADMIN = { authorization: 'Bearer tok-admin' }
const WHEN = { start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' }
const NOW_LOCAL = '2026-07-01 08:00:00'
const NOW_UTC = '2026-07-01 12:00:00'

/** A site answering as TEC 6.17 in New York, with an administrator `tok-admin`; `lossy` its `tec_lossy_writes`. */
async function site(lossy = true) {
  const { tokenHash } = await import('../../src/core/model/users.js')
  return open({
    settings: { timezone: 'America/New_York', tec_version: '6.17', tec_lossy_writes: lossy },
    users: [{ id: 1, name: 'admin', role: 'administrator', token_sha256: tokenHash('tok-admin') }],
  })
}

/** The four dates of an answer of REST v1. */
const dates = ({ date, date_utc, modified, modified_utc }: Record<string, unknown>) => ({
  date,
  date_utc,
  modified,
  modified_utc,
})

describe('REST v1', () => {
  it('stores date and date_utc as sent, even apart, and dates a new post changed when it was published', async () => {
    const { request, calendar } = await site()
    const both = { date: '2020-01-01 10:00:00', date_utc: '2020-01-01 03:00:00' }
    const event = await request('POST', `${REST}/events`, { title: 'Both', ...WHEN, ...both }, ADMIN)
    expect(dates(event.body)).toEqual({ ...both, modified: both.date, modified_utc: both.date_utc })
    expect(calendar.state.events.get(event.body.id)).toMatchObject({ ...both, modified_utc: both.date_utc })
    const dated = await request('POST', `${REST}/events`, { title: 'Dated', ...WHEN, date: both.date }, ADMIN)
    expect(dates(dated.body)).toEqual({
      date: both.date,
      date_utc: '2020-01-01 15:00:00',
      modified: both.date,
      modified_utc: '2020-01-01 15:00:00',
    })
    // A GMT date that agrees with the date is worked out, not stored.
    expect(calendar.state.events.get(dated.body.id)).not.toHaveProperty('date_utc')
    const venue = await request('POST', `${REST}/venues`, { venue: 'Both', ...both }, ADMIN)
    expect(dates(venue.body)).toEqual({ ...both, modified: both.date, modified_utc: both.date_utc })
  })

  it('a sticky event is saved twice by TEC: changed now', async () => {
    const { request } = await site()
    const body = { title: 'Sticky', ...WHEN, sticky: true, date: '2020-01-01 10:00:00' }
    const sticky = await request('POST', `${REST}/events`, body, ADMIN)
    expect(dates(sticky.body)).toMatchObject({ modified: NOW_LOCAL, modified_utc: NOW_UTC })
  })

  it('an event update sent no date is dated now (TEC sends WordPress an empty post_date); the library keeps it', async () => {
    const { request, calendar } = await site()
    const both = { date: '2020-01-01 10:00:00', date_utc: '2020-01-01 03:00:00' }
    const { body } = await request('POST', `${REST}/events`, { title: 'Both', ...WHEN, ...both }, ADMIN)
    const updated = await request('POST', `${REST}/events/${body.id}`, { title: 'Renamed' }, ADMIN)
    expect(dates(updated.body)).toEqual({
      date: NOW_LOCAL,
      date_utc: NOW_UTC,
      modified: NOW_LOCAL,
      modified_utc: NOW_UTC,
    })
    const { id } = (await calendar.events.create({ title: 'Library', ...WHEN, ...both })) as { id: number }
    const renamed = await calendar.events.update(id, { title: 'Renamed' })
    expect(dates(renamed)).toEqual({ ...both, modified: NOW_LOCAL, modified_utc: NOW_UTC })
    const redated = await calendar.events.update(id, { date: '2021-01-01 10:00:00' })
    expect(dates(redated)).toMatchObject({ date: '2021-01-01 10:00:00', date_utc: '2021-01-01 15:00:00' })
  })

  it('with tec_lossy_writes false, an event update keeps both dates', async () => {
    const { request } = await site(false)
    const both = { date: '2020-01-01 10:00:00', date_utc: '2020-01-01 03:00:00' }
    const { body } = await request('POST', `${REST}/events`, { title: 'Both', ...WHEN, ...both }, ADMIN)
    const updated = await request('POST', `${REST}/events/${body.id}`, { title: 'Renamed' }, ADMIN)
    expect(dates(updated.body)).toEqual({ ...both, modified: NOW_LOCAL, modified_utc: NOW_UTC })
  })

  it('a venue or organizer update changes only the date it is sent (wp_update_post)', async () => {
    const { request } = await site()
    for (const [route, name] of [
      ['venues', 'venue'],
      ['organizers', 'organizer'],
    ] as const) {
      const { body } = await request(
        'POST',
        `${REST}/${route}`,
        { [name]: 'Dated', date: '2020-01-01 10:00:00' },
        ADMIN,
      )
      const local = await request('POST', `${REST}/${route}/${body.id}`, { date: '2021-01-01 10:00:00' }, ADMIN)
      expect(dates(local.body)).toMatchObject({ date: '2021-01-01 10:00:00', date_utc: '2020-01-01 15:00:00' })
      const gmt = await request('POST', `${REST}/${route}/${body.id}`, { date_utc: '2019-01-01 10:00:00' }, ADMIN)
      expect(dates(gmt.body)).toMatchObject({ date: '2021-01-01 10:00:00', date_utc: '2019-01-01 10:00:00' })
    }
  })

  it('a trashed post keeps a GMT date of its own', async () => {
    const { request } = await site()
    const both = { date: '2020-01-01 10:00:00', date_utc: '2020-01-01 03:00:00' }
    const { body } = await request('POST', `${REST}/venues`, { venue: 'Both', ...both }, ADMIN)
    const trashed = await request('DELETE', `${REST}/venues/${body.id}`, undefined, ADMIN)
    expect(dates(trashed.body)).toEqual({ ...both, modified: NOW_LOCAL, modified_utc: NOW_UTC })
  })
})

describe('the data file', () => {
  it('takes a GMT date of a post`s own, and drops one its date gives', async () => {
    const { calendar, request } = await open({
      settings: { timezone: 'America/New_York' },
      venues: [
        { id: 1, venue: 'Own', date: '2020-01-01 10:00:00', date_utc: '2020-01-01 10:00:00' },
        { id: 2, venue: 'Same', date: '2020-01-01 10:00:00', date_utc: '2020-01-01 15:00:00' },
      ],
    })
    expect((await request('GET', `${REST}/venues/1`)).body.date_utc).toBe('2020-01-01 10:00:00')
    expect((await request('GET', `${REST}/venues/1`)).body.modified_utc).toBe('2020-01-01 10:00:00')
    expect(calendar.state.venues.get(2)).not.toHaveProperty('date_utc')
  })

  it('refuses a GMT date that is no wall time', async () => {
    await expect(
      open({ venues: [{ id: 1, venue: 'Bad', date: '2020-01-01 10:00:00', date_utc: 'yesterday' }] }),
    ).rejects.toThrow(/date_utc/u)
  })
})

describe('tec/v1', () => {
  const headers = { ...ADMIN, 'x-tec-eea': ACKNOWLEDGEMENT }
  const gmtDates = ({ date, date_gmt, modified, modified_gmt }: Record<string, unknown>) => ({
    date,
    date_gmt,
    modified,
    modified_gmt,
  })

  it('stores a date sent as the GMT date too, and a new post as changed then (TEC 6.17.2)', async () => {
    const { request } = await site()
    const date = '2020-01-01T10:00:00'
    const event = await request('POST', `${V1}/events`, { title: 'Dated', ...WHEN, date }, headers)
    expect(gmtDates(event.body)).toEqual({ date, date_gmt: date, modified: date, modified_gmt: date })
    const renamed = await request('PATCH', `${V1}/events/${event.body.id}`, { title: 'Renamed' }, headers)
    expect(gmtDates(renamed.body)).toMatchObject({ date, date_gmt: date })
    const read = await request('GET', `${REST}/events/${event.body.id}`, undefined, ADMIN)
    expect(read.body).toMatchObject({ date: '2020-01-01 10:00:00', date_utc: '2020-01-01 10:00:00' })
  })

  it('keeps the wall time of a date with an offset and reads its GMT date right; date_gmt wins', async () => {
    const { request } = await site()
    const { body } = await request('POST', `${V1}/organizers`, { title: 'Crew' }, headers)
    const offset = await request('PATCH', `${V1}/organizers/${body.id}`, { date: '2021-05-05T12:00:00+02:00' }, headers)
    expect(gmtDates(offset.body)).toMatchObject({ date: '2021-05-05T12:00:00', date_gmt: '2021-05-05T10:00:00' })
    const both = { date: '2021-07-05 12:00:00', date_gmt: '2021-08-05 12:00:00' }
    const gmt = await request('PATCH', `${V1}/organizers/${body.id}`, both, headers)
    expect(gmtDates(gmt.body)).toMatchObject({ date: '2021-08-05T08:00:00', date_gmt: '2021-08-05T12:00:00' })
  })

  it('with tec_lossy_writes false, reads a date in the site zone', async () => {
    const { request } = await site(false)
    const { body } = await request('POST', `${V1}/venues`, { title: 'Hall', date: '2020-01-01 10:00:00' }, headers)
    expect(gmtDates(body)).toEqual({
      date: '2020-01-01T10:00:00',
      date_gmt: '2020-01-01T15:00:00',
      modified: '2020-01-01T10:00:00',
      modified_gmt: '2020-01-01T15:00:00',
    })
  })
})
