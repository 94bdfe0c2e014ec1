/**
 * `GET /calendar/events/v1/changes` (issue 13), in process: the state version and what changed after a write and
 * after a hand edit, the file's problems in the words of the 503 while it is invalid and the message when it is
 * fixed, what a viewer who may not see every record is told, and the stream's place in `/doc`. The calendar is
 * not watched: `refresh()` stands in for the watcher, so each step is exact.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import SwaggerParser from '@apidevtools/swagger-parser'
import type { H3 } from 'h3'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { type Calendar, openCalendar } from '../../src/core/calendar.js'
import { createApp } from '../../src/http/app.js'
import { serve } from '../../src/http/serve.js'
import { TestClock } from '../../src/testing/index.js'
import { webPage } from '../../src/web/web-page.js'
import { fixture, NOW, P } from '../helpers.js'
import { cleanFolders, dataFile, folder, newEvent, positionOf } from '../store/store-helpers.js'
import { readStream } from './event-stream.js'

const calendars: Calendar[] = []
const streams: Array<{ close: () => Promise<void> }> = []
afterEach(async () => {
  await Promise.all(streams.splice(0).map((stream) => stream.close()))
  await Promise.all(calendars.splice(0).map((calendar) => calendar.close()))
})
afterAll(cleanFolders)

const valid = dataFile(2)
const broken = valid.replace('"start_date": "2026-07-10 19:00:00"', '"start_date": "next tuesday"')

/** A calendar on a file of its own, served with the page's extension. */
async function setup(text = valid): Promise<{ file: string; calendar: Calendar; app: H3 }> {
  const file = join(await folder(), 'calendar.json')
  writeFileSync(file, text)
  const calendar = await openCalendar(file, { now: () => NOW })
  calendars.push(calendar)
  return { file: calendar.file as string, calendar, app: createApp(calendar, { extensions: [webPage()] }) }
}

async function follow(app: H3, path = `${P}/changes`, headers: Record<string, string> = {}) {
  const response = await app.request(path, { headers })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('text/event-stream')
  const stream = readStream(response)
  streams.push(stream)
  return stream
}

async function save(calendar: Calendar, file: string, text: string): Promise<void> {
  writeFileSync(file, text)
  await calendar.refresh()
}

describe('the change stream', () => {
  it('says hello first: the state version, the site zone, and how soon to come back', async () => {
    const { app } = await setup()
    const stream = await follow(app)
    expect(await stream.next()).toEqual({
      id: '0',
      event: 'hello',
      retry: 1000,
      data: { version: 0, timezone: 'America/New_York', api_revision: 'extended', today: '2026-07-01' },
    })
  })

  it("tells the server's new today when its clock moves to another day in the site zone", async () => {
    const file = join(await folder(), 'calendar.json')
    writeFileSync(file, valid)
    const clock = new TestClock(NOW)
    const calendar = await openCalendar(file, { now: () => clock.now() })
    calendars.push(calendar)
    const stream = await follow(createApp(calendar, { extensions: [webPage()] }))
    expect((await stream.next()).data.today).toBe('2026-07-01')
    clock.advance('17h') // 01:00 the next day in New York
    expect(await stream.next()).toEqual({ id: '0', event: 'clock', data: { version: 0, today: '2026-07-02' } })
  })

  it('names the records a write added and changed, once the write is in the file', async () => {
    const { app, calendar } = await setup()
    const stream = await follow(app)
    await stream.next()
    const created = await calendar.events.create(newEvent('Jazz'))
    expect(await stream.next()).toEqual({
      id: '1',
      event: 'change',
      data: {
        version: 1,
        cause: 'write',
        timezone: 'America/New_York',
        api_revision: 'extended',
        collections: ['events'],
        records: { events: { created: [created.id], updated: [], deleted: [] } },
      },
    })
    // Over HTTP too; moving an event changes it alone.
    const moved = await app.request(`${P}/events/1000`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ start_date: '2026-07-11 19:00:00', end_date: '2026-07-11 21:00:00' }),
    })
    expect(moved.status).toBe(200)
    expect((await stream.next()).data).toMatchObject({
      version: 2,
      collections: ['events'],
      records: { events: { created: [], updated: [1000], deleted: [] } },
    })
  })

  it('names what a hand edit changed, and nothing the reload only made anew', async () => {
    const { app, calendar, file } = await setup()
    const stream = await follow(app)
    await stream.next()
    const edited = JSON.parse(valid)
    edited.events[1].title = 'Renamed by hand'
    edited.events.splice(0, 1)
    edited.venues.push({ id: 13, venue: 'Green Room' })
    edited.settings.timezone = 'Europe/Berlin'
    await save(calendar, file, JSON.stringify(edited, null, 2))
    expect(await stream.next()).toEqual({
      id: '1',
      event: 'change',
      data: {
        version: 1,
        cause: 'reload',
        timezone: 'Europe/Berlin',
        api_revision: 'extended',
        collections: ['events', 'venues', 'settings'],
        records: {
          events: { created: [], updated: [1001], deleted: [1000] },
          venues: { created: [13], updated: [], deleted: [] },
        },
      },
    })
  })

  it('carries every problem of an invalid save in the words of the 503, then says when it is fixed', async () => {
    const { app, calendar, file } = await setup()
    const stream = await follow(app)
    await stream.next()
    await save(calendar, file, broken)
    const invalid = await stream.next()
    const refused = await app.request(`${P}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(newEvent('Refused')),
    })
    expect(refused.status).toBe(503)
    expect(invalid).toEqual({ id: '0', event: 'invalid', data: { version: 0, error: await refused.json() } })
    expect(invalid.data.error.message).toMatch(/events\[0\]\.start_date: .*"next tuesday" \(line \d+, col \d+\)/u)
    expect(invalid.data.error.data.problems[0]).toMatchObject({
      path: 'events[0].start_date',
      line: positionOf(broken, '"next tuesday"').line,
    })

    // Who connects meanwhile hears of it right after hello.
    const late = await follow(app)
    expect((await late.next()).event).toBe('hello')
    expect((await late.next()).data).toEqual(invalid.data)

    await save(calendar, file, valid.replace('"title": "Event 1"', '"title": "Fixed"'))
    expect(await stream.next()).toEqual({ id: '1', event: 'valid', data: { version: 1 } })
    expect((await stream.next()).data).toMatchObject({ version: 1, cause: 'reload', collections: ['events'] })
  })

  it('is served under TEC’s prefix too, and answers HEAD without opening', async () => {
    const { app } = await setup()
    const stream = await follow(app, '/wp-json/tribe/events/v1/changes/')
    expect((await stream.next()).event).toBe('hello')
    const head = await app.request(`${P}/changes`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('text/event-stream')
    expect(await head.text()).toBe('')
  })

  it('listens to the calendar while someone follows, and stops once the last client has gone', async () => {
    const { app, calendar } = await setup()
    const listen = calendar.onChange.bind(calendar)
    const listening: string[] = []
    vi.spyOn(calendar, 'onChange').mockImplementation((listener) => {
      listening.push('start')
      const stop = listen(listener)
      return () => {
        listening.push('stop')
        return stop()
      }
    })
    const first = await follow(app)
    const second = await follow(app)
    await Promise.all([first.next(), second.next()])
    expect(listening).toEqual(['start'])
    await first.close()
    await calendar.events.create(newEvent('Heard'))
    expect((await second.next()).event).toBe('change')
    await second.close()
    await vi.waitFor(() => expect(listening).toEqual(['start', 'stop']))
  })
})

describe('the change stream with tokens', () => {
  const created = {
    version: 1,
    cause: 'write',
    timezone: 'America/New_York',
    api_revision: 'extended',
    collections: ['events'],
  }

  it('tells an anonymous viewer which collections changed, not which records, nor the file’s problems', async () => {
    const { app, calendar, file } = await setup(fixture('auth-roles.json'))
    const anonymous = await follow(app)
    const admin = await follow(app, `${P}/changes`, { authorization: 'Bearer tok-admin' })
    await anonymous.next()
    await admin.next()
    await calendar.events.create({
      title: 'Draft',
      start_date: '2026-08-01 10:00:00',
      end_date: '2026-08-01 11:00:00',
      status: 'draft',
    })
    expect((await anonymous.next()).data).toEqual(created)
    expect((await admin.next()).data).toMatchObject({
      ...created,
      records: { events: { created: [expect.any(Number)] } },
    })
    await save(calendar, file, '{ "events": [ }')
    expect(await anonymous.next()).toEqual({ id: '1', event: 'invalid', data: { version: 1 } })
    expect((await admin.next()).data.error.code).toBe('store-file-invalid')
  })

  it('refuses a wrong token with the 401 of every route', async () => {
    const { app } = await setup(fixture('auth-roles.json'))
    const response = await app.request(`${P}/changes`, { headers: { authorization: 'Bearer tok-nobody' } })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ code: 'rest_forbidden', data: { status: 401 } })
  })
})

describe('the change stream in /doc', () => {
  it('is documented under its own tag, and the document stays valid OpenAPI 3.1', async () => {
    const { app } = await setup()
    const doc = await (await app.request(`${P}/doc`)).json()
    expect(doc.tags).toContainEqual({ name: 'live', description: expect.any(String) })
    expect(Object.keys(doc.paths['/changes'])).toEqual(['get', 'head'])
    expect(doc.paths['/changes'].get.tags).toEqual(['live'])
    expect(Object.keys(doc.paths['/changes'].get.responses['200'].content)).toEqual(['text/event-stream'])
    await expect(SwaggerParser.validate(doc)).resolves.toBeDefined()
  })
})

describe('the change stream when the server stops', () => {
  it('is ended, so that the stop does not wait for the clients that follow it', async () => {
    const { calendar } = await setup()
    const listener = await serve(calendar, { port: 0, host: '127.0.0.1', extensions: [webPage()] })
    const response = await fetch(new URL(`${P}/changes`, listener.url))
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('event: hello')
    // Without the extension's close, the server would wait for this client for ever.
    await listener.close()
    let read = await reader.read()
    while (!read.done) read = await reader.read()
    expect(read.done).toBe(true)
  })
})
