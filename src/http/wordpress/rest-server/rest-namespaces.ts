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

  /** Adds a namespace after those registered before it. */
  register(namespace: RestNamespace): void {
    this.#registered.push(namespace)
  }

  /** The namespaces the calendar serves now (`RestNamespace.served`), in the order they registered. */
  served(calendar: Calendar): RestNamespace[] {
    return this.#registered.filter((namespace) => namespace.served?.(calendar) ?? true)
  }
}
