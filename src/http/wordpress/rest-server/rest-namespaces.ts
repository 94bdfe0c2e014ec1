import type { Calendar } from '../../../core/calendar.js'
import type { RestNamespace } from './rest-namespace.js'

/**
 * The namespaces registered with one app's REST server, in the order they registered, which is the order of the
 * index's `namespaces` and `routes` (`WP_REST_Server::get_namespaces()`). Each API registers its own as it mounts
 * (REST v1, tec/v1, then WordPress's `wp/v2`, the order in which a site with TEC registers them); the REST index
 * lists whatever registered, and knows none of them.
 *
 * @example
 * const namespaces = new RestNamespaces()
 * namespaces.register({ namespace: 'tribe/events/v1', routes: () => ({}) })
 * namespaces.served(calendar).map((namespace) => namespace.namespace) // ['tribe/events/v1']
 */
export class RestNamespaces {
  readonly #registered: RestNamespace[] = []
  readonly #extensions = new Map<string, Array<RestNamespace['routes']>>()

  /** Adds a namespace after those registered before it. */
  register(namespace: RestNamespace): void {
    this.#registered.push(namespace)
  }

  /**
   * Adds routes to a namespace, after its own and those added before: a namespace several parts of the app serve
   * (`wp/v2`: the users and settings routes, TEC's posts and terms, the types), as plugins add routes to one.
   *
   * @example
   * namespaces.extend('wp/v2', (_calendar, view) => wpV2ContentRoutes(view.origin))
   */
  extend(namespace: string, routes: RestNamespace['routes']): void {
    this.#extensions.set(namespace, [...(this.#extensions.get(namespace) ?? []), routes])
  }

  /** The namespaces the calendar serves now (`RestNamespace.served`), in the order they registered. */
  served(calendar: Calendar): RestNamespace[] {
    return this.#registered
      .filter((namespace) => namespace.served?.(calendar) ?? true)
      .map((namespace) => {
        const added = this.#extensions.get(namespace.namespace)
        if (!added) return namespace
        return {
          ...namespace,
          routes: async (at, view) => {
            const routes = { ...(await namespace.routes(at, view)) }
            for (const more of added) Object.assign(routes, await more(at, view))
            return routes
          },
        }
      })
  }
}
