/** `calendarHandlers`' `baseUrl` (issue 12 B): a site origin, checked when the handlers are made. */
import { describe, expect, it } from 'vitest'
import { openCalendar } from '../../src/core/calendar.js'
import { calendarHandlers } from '../../src/msw/index.js'

const calendar = await openCalendar(null, { initial: '{}' })

describe('calendarHandlers baseUrl', () => {
  it.each([
    ['events.example.org', /not an absolute URL/u],
    ['/calendar', /not an absolute URL/u],
    ['', /not an absolute URL/u],
    ['ftp://events.example.org', /scheme ftp: is not http: or https:/u],
    ['file:///tmp/calendar.json', /scheme file: is not http: or https:/u],
    ['https://events.example.org/blog', /a path is not supported/u],
    ['https://events.example.org/wp-json/tribe/events/v1', /a path is not supported/u],
    ['https://events.example.org/?lang=en', /a query or fragment is not allowed/u],
    ['https://events.example.org/#top', /a query or fragment is not allowed/u],
    ['https://events.example.org?', /a query or fragment is not allowed/u],
    ['https://user:secret@events.example.org', /credentials are not allowed/u],
  ])('refuses %j', (baseUrl, reason) => {
    expect(() => calendarHandlers(calendar, { baseUrl })).toThrow(reason)
    expect(() => calendarHandlers(calendar, { baseUrl })).toThrow(/^calfile\/msw: baseUrl must be a site origin/u)
  })

  it('refuses a value that is not a string', () => {
    expect(() => calendarHandlers(calendar, { baseUrl: undefined as unknown as string })).toThrow(/not a string/u)
  })

  it.each([
    ['https://events.example.org', 'https://events.example.org'],
    ['https://events.example.org/', 'https://events.example.org'],
    ['https://events.example.org//', 'https://events.example.org'],
    ['HTTPS://Events.Example.ORG:443', 'https://events.example.org'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['http://[::1]:8080/', 'http://[::1]:8080'],
  ])('accepts %j: one handler per prefix, on the origin %s', (baseUrl, origin) => {
    const handlers = calendarHandlers(calendar, { baseUrl })
    const paths = handlers.map((handler) => handler.info.path)
    expect(paths.length).toBeGreaterThan(6)
    const [ours, tec, tecV1, , , index] = paths as RegExp[]
    expect(tecV1!.test(`${origin}/wp-json/tec/v1/events`)).toBe(true)
    expect(index!.test(`${origin}/wp-json/`)).toBe(true)
    expect(index!.test(`${origin}/wp-json/wp/v2/posts`)).toBe(false)
    expect(ours).toBeInstanceOf(RegExp)
    expect(tec).toBeInstanceOf(RegExp)
    for (const path of ['/calendar/events/v1', '/calendar/events/v1/', '/calendar/events/v1/events/by-slug/a%ZZ']) {
      expect(ours!.test(origin + path), path).toBe(true)
    }
    for (const path of ['/wp-json/tribe/events/v1', '//wp-json//tribe/events/v1/events/']) {
      expect(tec!.test(origin + path), path).toBe(true)
    }
    for (const path of ['/calendar/events/v1x', '/calendar/events', '/blog/calendar/events/v1', '/wp-json/wp/v2']) {
      expect(ours!.test(origin + path) || tec!.test(origin + path), path).toBe(false)
    }
    expect(ours!.test(`https://other.example.org/calendar/events/v1`)).toBe(false)
  })
})
