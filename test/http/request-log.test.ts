/**
 * Issue 10 §4: the request log (`AppOptions.log`, one line per request in `calfile serve`) shows the path as the
 * client sent it — its prefix, repeated slashes, trailing slash and query — not the one the app routes
 * (docs/errors.md maps them all onto the same route).
 *
 * fixtures/small.json: event 10 "Jazz night", venue 11.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import type { Calendar } from '../../src/core/calendar.js'
import { type AppOptions, createApp } from '../../src/http/app.js'
import { serve } from '../../src/http/serve.js'
import { fixture, open, P } from '../helpers.js'

type Line = Parameters<NonNullable<AppOptions['log']>>[0]

let calendar: Calendar
let lines: Line[]

beforeEach(async () => {
  ;({ calendar } = await open(fixture('small.json')))
  lines = []
})

describe('the request log (issue 10 §4)', () => {
  it('shows each path as sent, with its status', async () => {
    const app = createApp(calendar, { log: (line) => lines.push(line) })
    const sent: Array<[string, string, number]> = [
      ['GET', '//wp-json/tribe/events/v1/events/?per_page=2&per_page=3', 200],
      ['GET', `${P}//venues/11/`, 200],
      ['HEAD', `${P}/events/by-slug/jazz-night?x=%20y`, 200],
      ['GET', `${P}/events/abc`, 404],
      ['GET', '/wp-json/tribe/events/v1/', 200],
      ['OPTIONS', `${P}/events/`, 200],
    ]
    for (const [method, path] of sent) await app.request(path, { method })
    expect(lines.map(({ method, path, status }) => [method, path, status])).toEqual(sent)
    for (const line of lines) expect(line.ms).toBeGreaterThanOrEqual(0)
  })

  it('over a socket (`serve`, as `calfile serve` logs)', async () => {
    const listener = await serve(calendar, { port: 0, host: '127.0.0.1', log: (line) => lines.push(line) })
    try {
      await (await fetch(`${new URL(listener.url).origin}//wp-json/tribe/events/v1//events/?page=1`)).text()
    } finally {
      await listener.close()
    }
    expect(lines).toMatchObject([{ method: 'GET', path: '//wp-json/tribe/events/v1//events/?page=1', status: 200 }])
  })
})
