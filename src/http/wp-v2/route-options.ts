import type { H3 } from 'h3'
import type { Calendar } from '../../core/calendar.js'
import { canWrite } from '../../core/resources/access.js'
import { asPreflight, type CorsOptions } from '../cors.js'
import { errorResponse, json } from '../respond.js'
import { routePath, type ViewOf } from '../wordpress/rest-server/rest-namespace.js'
import { wpV2ContentRoutes } from './route-index.js'

/**
 * `OPTIONS` on the `wp/v2` routes of TEC's content: the route as the index lists it (`rest_handle_options_request()`
 * answers `get_data_for_route()`; calfile leaves out the item schema WordPress adds), `Allow` the route's methods to
 * those who may write and `GET` to others, and a browser's preflight all the same (`asPreflight`). A wrong password
 * is refused here too, as WordPress authenticates first.
 *
 * @example
 * mountWpV2Options(app, calendar, viewOf, {})
 * await app.request('/wp-json/wp/v2/tribe_events', { method: 'OPTIONS' }) // { namespace: 'wp/v2', methods: […], … }
 */
export function mountWpV2Options(app: H3, calendar: Calendar, viewOf: ViewOf, cors: CorsOptions): void {
  for (const [route, entry] of Object.entries(wpV2ContentRoutes(''))) {
    app.on(
      'OPTIONS',
      routePath(route, (name) => `:${name}`),
      (event) => {
        const origin = event.req.headers.get('origin')
        const view = viewOf(calendar, event)
        if (view.rejected) return asPreflight(errorResponse(view.rejected), origin, cors)
        event.context.allow = canWrite(view) ? entry.methods.join(', ') : 'GET'
        return asPreflight(json(wpV2ContentRoutes(view.origin)[route]), origin, cors)
      },
    )
  }
}
