import type { Calendar } from '../../core/calendar.js'
import { tecRules } from '../../core/resources/tec-versions.js'
import type { View } from '../../core/resources/view.js'
import { type IndexRoute, REST_ROOT, type RestNamespace } from './rest-server/rest-namespace.js'
import { wordpressOptions } from './site-options.js'

/**
 * The body of `GET /wp-json/`, WordPress's REST index (`WP_REST_Server::get_index()`), for what calfile has: the
 * site's options (`wordpressOptions`), the namespaces served (`namespaces`, in the order they registered:
 * `RestNamespaces.served`) with their routes, and the links every reader gets. WordPress 7.0 lists the front page's options (`page_for_posts`,
 * `page_on_front`, `show_on_front`), 6.7.1 does not. The link to the active theme, which WordPress adds for those
 * who may edit posts, is left out: calfile has no themes route.
 */
export async function siteIndex(calendar: Calendar, view: View, namespaces: readonly RestNamespace[]): Promise<object> {
  const options = wordpressOptions(calendar, view)
  const routes: Record<string, IndexRoute> = { '/': rootRoute(view) }
  for (const namespace of namespaces) Object.assign(routes, await namespace.routes(calendar, view))
  const frontPage =
    tecRules(calendar.state.settings).wordpress === '7.0.4'
      ? {
          page_for_posts: options.page_for_posts,
          page_on_front: options.page_on_front,
          show_on_front: options.show_on_front,
        }
      : {}
  return {
    name: options.blogname,
    description: options.blogdescription,
    url: options.siteurl,
    home: options.home,
    gmt_offset: options.gmt_offset,
    timezone_string: options.timezone_string,
    ...frontPage,
    namespaces: namespaces.map((namespace) => namespace.namespace),
    // Application passwords are how WordPress clients sign in, and calfile reads them (docs/auth.md).
    authentication: {
      'application-passwords': {
        endpoints: { authorization: `${options.siteurl}/wp-admin/authorize-application.php` },
      },
    },
    routes,
    site_logo: 0,
    site_icon: options.site_icon,
    site_icon_url: '',
    _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] },
  }
}

/** The index's own route, `/`, as `get_data_for_route()` lists it. */
export function rootRoute(view: View): IndexRoute {
  return {
    namespace: '',
    methods: ['GET'],
    endpoints: [{ methods: ['GET'], args: { context: { default: 'view', required: false } } }],
    _links: { self: [{ href: `${view.origin}${REST_ROOT}/` }] },
  }
}
