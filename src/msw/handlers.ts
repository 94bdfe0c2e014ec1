import { type HttpHandler, http } from 'msw'
import type { Calendar } from '../core/calendar.js'
import { type AppOptions, createApp } from '../http/app.js'
import { PREFIX, TEC_PREFIX } from '../http/prefixes.js'
import { TEC_V1_PREFIX } from '../http/tec-v1/mount.js'
import { REST_ROOT, routePath } from '../http/wordpress/rest-server/rest-namespace.js'
import { WP_V2 } from '../http/wordpress/wp-v2.js'
import { wpV2ContentRoutes } from '../http/wp-v2/route-index.js'
import { siteOrigin } from './origin.js'

/** Options of `calendarHandlers`: the site origin, and the h3 app's own options (`cors`, `log`). */
export interface CalendarHandlersOptions extends AppOptions {
  /**
   * The site origin the mocked interface answers under, e.g. `https://events.example.org`: requests to
   * `<baseUrl>/calendar/events/v1/…`, `<baseUrl>/wp-json/tribe/events/v1/…`, `<baseUrl>/wp-json/tec/v1/…`, the REST
   * index `<baseUrl>/wp-json/`, the `wp/v2` routes calfile serves (docs/wordpress.md#wpv2) and `<baseUrl>/?rest_route=…`
   * are answered, and `rest_url`,
   * `next_rest_url`, `url` and `Link` values are built on it (unless the data file's `settings.base_url` or
   * `settings.site_url` say otherwise, as over HTTP). A trailing slash is dropped; a path, query, fragment or
   * credentials, or a scheme other than http(s), is an `Error` (the interface lives at the origin's root).
   */
  baseUrl: string
}

/**
 * Mock Service Worker request handlers that answer every route of calfile's interface (docs/lists.md, docs/errors.md,
 * docs/auth.md, docs/http.md, docs/tec-v1.md) from `calendar`, under calfile's prefix and WordPress's REST root, by
 * passing each intercepted `Request` to calfile's h3 app (`app.fetch`): a browser, jsdom or Node test of a TEC
 * client runs against real calfile answers with no server and no port.
 *
 * One handler per prefix, matching every method (GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS), repeated slashes
 * and a trailing slash as the app does; a request outside them is not matched, so msw's
 * `onUnhandledRequest` decides about it. The request reaches the app untouched (method, headers such as
 * `Authorization` and `Origin`, JSON / urlencoded / multipart body) and its answer comes back untouched (status,
 * body, `X-TEC-Total`, `X-TEC-TotalPages`, `Link`, `Location`, CORS headers). The app is built once per call; the
 * calendar's state is shared by every request, so writes are seen by later reads — give each test a fresh
 * calendar (`server.resetHandlers(...calendarHandlers(fresh, { baseUrl }))`) to isolate it. Writes need a token
 * only when the data has one (open mode otherwise, docs/auth.md).
 *
 * @throws Error when `baseUrl` is not an absolute http(s) URL of an origin.
 *
 * @example
 * import { setupServer } from 'msw/node'
 * import { openCalendar } from 'calfile'
 * import { calendarHandlers } from 'calfile/msw'
 *
 * const calendar = await openCalendar(null, { initial: JSON.stringify({ events: [] }) })
 * const server = setupServer(...calendarHandlers(calendar, { baseUrl: 'https://events.example.org' }))
 * server.listen({ onUnhandledRequest: 'error' })
 * const res = await fetch('https://events.example.org/wp-json/tribe/events/v1/events?per_page=2')
 */
export function calendarHandlers(calendar: Calendar, options: CalendarHandlersOptions): HttpHandler[] {
  const { baseUrl, ...appOptions } = options
  const origin = siteOrigin(baseUrl)
  const app = createApp(calendar, appOptions)
  const answer = ({ request }: { request: Request }) => app.fetch(request)
  return [
    ...PREFIXES.map((prefix) => http.all(prefixPattern(origin, prefix), answer)),
    http.all(prefixPattern(origin, REST_ROOT, false), answer),
    ...WP_V2_ROUTES.map((route) => http.all(prefixPattern(origin, route, false), answer)),
    // `?rest_route=` on the site root or `index.php` (docs/wordpress.md#conventions); other requests there fall
    // through to the next handler, as msw does when a resolver answers nothing.
    http.all(new RegExp(`^${escapeRegExp(origin)}/+(?:index\\.php)?$`, 'u'), ({ request }) =>
      new URL(request.url).searchParams.has('rest_route') ? app.fetch(request) : undefined,
    ),
  ]
}

/**
 * The `wp/v2` routes of TEC's content, as the REST index lists them, each a path of segments (a route's named group,
 * `(?P<id>[\\d]+)`, any one segment: the app answers a malformed one with its 404 `rest_no_route`), and the
 * namespace's own route. WordPress's other routes (`/wp/v2/posts`, …) are left to other handlers.
 */
const WP_V2_ROUTES = [
  `${REST_ROOT}/${WP_V2}`,
  ...Object.keys(wpV2ContentRoutes('')).map((route) => routePath(route, () => '*')),
]

/**
 * The URLs (origin and path, as msw matches them) under `prefix`: the prefix itself and every path below it,
 * with repeated slashes anywhere, as the app maps them (docs/errors.md); `/calendar/events/v1x` is not one. The
 * pattern has no capturing group, so msw decodes no parameter: a malformed escape (`%ZZ`) reaches the app, which
 * answers it with its 404 `rest_no_route`.
 */
function prefixPattern(origin: string, prefix: string, below = true): RegExp {
  // A `*` stands for one segment of any name (WP_V2_ROUTES).
  const segments = prefix
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment === '*' ? '[^/]+' : escapeRegExp(segment)))
  return new RegExp(`^${escapeRegExp(origin)}/+${segments.join('/+')}${below ? '(?:/.*)?' : '/*'}$`, 'u')
}

/**
 * The paths calfile answers below: its own prefix, TEC's two APIs and the two WordPress routes TEC's MCP server
 * asks first; the REST index `/wp-json/` itself is matched alone. Other WordPress routes are left to other handlers.
 */
const PREFIXES = [PREFIX, TEC_PREFIX, TEC_V1_PREFIX, `${REST_ROOT}/${WP_V2}/users/me`, `${REST_ROOT}/${WP_V2}/settings`]

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')
}
