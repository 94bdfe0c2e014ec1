import { readFileSync } from 'node:fs'
import { type Calendar, openCalendar } from '../src/core/calendar.js'
import { createApp } from '../src/http/app.js'
import { checkResponse } from './response-check.js'

/** The frozen clock of the tests: 2026-07-01 12:00:00 UTC (08:00 in New York). */
export const NOW = Date.UTC(2026, 6, 1, 12, 0, 0)

export const P = '/calendar/events/v1'

/** A data file text from `fixtures/<name>`. */
export function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8')
}

/**
 * A memory calendar from a data file text (or object) with the clock frozen at NOW, and its h3 app. Every
 * response through `request` or `app.request` is checked against the OpenAPI document (docs/http.md).
 */
export async function open(data: string | object = '', options: { now?: number; timezone?: string } = {}) {
  const initial = typeof data === 'string' ? data : JSON.stringify(data)
  const calendar = await openCalendar(null, { initial, now: () => options.now ?? NOW, timezone: options.timezone })
  return { calendar, app: checkedApp(calendar), request: requester(calendar) }
}

/** The h3 app, its `request` checking each response against the document before the test reads it. */
function checkedApp(calendar: Calendar) {
  const app = createApp(calendar)
  const request = app.request.bind(app)
  app.request = async (input, init, context) => {
    const response = await request(input, init, context)
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET')
    await checkResponse({
      method,
      url,
      status: response.status,
      headers: response.headers,
      text: await response.clone().text(),
    })
    return response
  }
  return app
}

/** `request('GET', '/events?x=1')` → `{ status, body, headers }`, through `app.request` (no socket). */
function requester(calendar: Calendar) {
  const app = createApp(calendar)
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const init: RequestInit = { method, headers: { ...headers } }
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body)
      ;(init.headers as Record<string, string>)['content-type'] ??= 'application/json'
    }
    const url = path.startsWith('/') && !path.startsWith(P) && !path.startsWith('/wp-json') ? P + path : path
    const response = await app.request(url, init)
    const text = await response.text()
    await checkResponse({ method, url, status: response.status, headers: response.headers, text })
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers }
  }
}
