import type { H3, H3Event } from 'h3'
import type { Calendar } from '../../core/calendar.js'
import type { View } from '../../core/resources/view.js'
import { errorResponse, json } from '../respond.js'
import { keepLinks } from './rest-server/answer-conventions.js'
import { type IndexRoute, REST_ROOT, type ViewOf } from './rest-server/rest-namespace.js'
import type { RestNamespaces } from './rest-server/rest-namespaces.js'
import { managesOptions, settingsResponse } from './site-settings.js'
import { usersMeResponse } from './users/users-me.js'
import { WORDPRESS_V2, WP_V2, wpV2Index, wpV2Routes } from './wp-v2.js'

/** One of the routes below: its path under `/wp-json`, its `GET`, and who passes its permission step. */
interface WordPressRoute {
  path: string
  answer(calendar: Calendar, event: H3Event, view: View): Promise<Response> | Response
  /** Its entry in the index, which `OPTIONS` answers with. */
  describe(calendar: Calendar, view: View): Promise<IndexRoute | undefined> | IndexRoute | undefined
  /** Whether the viewer passes the permission step of its `GET` (`rest_send_allow_header()`). */
  allows(view: View): boolean
}

/** The routes below, the index listing the namespaces registered with `namespaces`. */
const wordpressRoutes = (namespaces: RestNamespaces): readonly WordPressRoute[] => [
  {
    path: '',
    // The index is loaded when first asked for: it describes every route, which no part of a server's start needs.
    answer: async (calendar, _event, view) =>
      json(await (await import('./site-index.js')).siteIndex(calendar, view, namespaces.served(calendar))),
    describe: async (_calendar, view) => (await import('./site-index.js')).rootRoute(view),
    allows: () => true,
  },
  {
    path: `/${WP_V2}`,
    answer: async (calendar, event, view) => {
      keepLinks(event)
      const wpV2 = namespaces.served(calendar).find((namespace) => namespace.namespace === WP_V2)
      return json(wpV2Index(view, wpV2 ? await wpV2.routes(calendar, view) : wpV2Routes(view)))
    },
    describe: (_calendar, view) => wpV2Routes(view)[`/${WP_V2}`],
    allows: () => true,
  },
  {
    path: `/${WP_V2}/users/me`,
    answer: (calendar, event, view) => usersMeResponse(calendar, event, view),
    describe: (_calendar, view) => wpV2Routes(view)[`/${WP_V2}/users/me`],
    // Anyone may ask who they are; the answer to nobody is the 401.
    allows: () => true,
  },
  {
    path: `/${WP_V2}/settings`,
    answer: (calendar, _event, view) => settingsResponse(calendar, view),
    describe: (_calendar, view) => wpV2Routes(view)[`/${WP_V2}/settings`],
    allows: managesOptions,
  },
]

/**
 * Adds the WordPress routes TEC's MCP server, and WordPress clients generally, call before anything else: the REST
 * index (`GET /wp-json/`, `siteIndex`), the `wp/v2` namespace's index, the signed-in user
 * (`/wp-json/wp/v2/users/me`) and the site's settings (`/wp-json/wp/v2/settings`), read only; registers `wp/v2`
 * with `namespaces`, after the namespaces registered before, which the index lists. As WordPress's server does,
 * each route refuses wrong credentials first (401, `WP_REST_Server::check_authentication()`), answers `HEAD` as its `GET`
 * (without the body) and `OPTIONS` with its entry in the index (`rest_handle_options_request()`), and sets
 * `event.context.allow` for the app's `Allow` header: `GET` when the viewer passes its permission step, else
 * nothing. The app adds WordPress's other REST headers.
 *
 * @example
 * mountWordPress(app, calendar, viewOf, namespaces)
 */
export function mountWordPress(app: H3, calendar: Calendar, viewOf: ViewOf, namespaces: RestNamespaces): void {
  namespaces.register(WORDPRESS_V2)
  for (const route of wordpressRoutes(namespaces)) {
    const answer = (describe: boolean) => async (event: H3Event) => {
      const view = viewOf(calendar, event)
      if (view.rejected) return errorResponse(view.rejected)
      if (route.allows(view)) event.context.allow = 'GET'
      return describe ? json(await route.describe(calendar, view)) : route.answer(calendar, event, view)
    }
    app.on('GET', REST_ROOT + route.path, answer(false))
    app.on('HEAD', REST_ROOT + route.path, answer(false))
    app.on('OPTIONS', REST_ROOT + route.path, answer(true))
  }
}
