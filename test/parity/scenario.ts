/**
 * What a parity scenario is: requests sent in order to a fresh TEC site and to a fresh calfile, the same bytes to
 * both. A path or body may name a record created by an earlier step as `{name}`; each side fills in its own ID.
 */
import type { TecVersion } from '../../src/core/resources/tec-versions.js'

/** Who sends a request: the administrator (Basic, application password), nobody, or a wrong password. */
export type As = 'admin' | 'anonymous' | 'wrong-password'

/**
 * The figures a scenario counts toward, each reported and floored on its own (floor.json): TEC's REST v1
 * (`tribe/events/v1`), TEC's newer `tec/v1`, or the WordPress routes its MCP server calls first (`/wp-json/`,
 * `wp/v2/users/me`, `wp/v2/settings`), or WordPress's own REST API over TEC's posts (`wp/v2/tribe_events`, …).
 */
export type Section = 'rest-v1' | 'tec-v1' | 'wordpress' | 'wp-v2'

export interface Step {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS'
  /**
   * Under TEC's REST v1 prefix (`/events?per_page=2`, `/events/{jazz}`), or from the site's root when it starts
   * with `/wp-json/` (`/wp-json/tec/v1/events`, `/wp-json/wp/v2/users/me`) or is the root's (`/?rest_route=/…`,
   * `/index.php?rest_route=/…`).
   */
  path: string
  /** A JSON body (an object) or a form body (a string, sent as `application/x-www-form-urlencoded`). */
  body?: unknown
  /** The `Content-Type` of a string body, sent as it is (`application/json` for JSON text no object gives). */
  type?: string
  /** An `Origin` header: the request is a browser's from that origin. */
  origin?: string
  /** More request headers, sent as they are: tec/v1's `X-TEC-EEA`, a preflight's `Access-Control-Request-*`. */
  headers?: Record<string, string>
  as?: As
  /** Names to remember from the answer: `{ jazz: 'id', room: 'venue.id' }` (dotted paths into the body). */
  save?: Record<string, string>
  /**
   * calfile may answer more than TEC here, never less: body keys only calfile has are not counted (tec/v1's
   * `/docs`, which the issue lets document more than TEC's).
   */
  superset?: boolean
}

export interface Scenario {
  name: string
  /** Counted toward REST v1's figures unless said otherwise. */
  section?: Section
  /** The releases whose TEC has what the scenario asks (tec/v1 came in TEC 6.15); every release when absent. */
  releases?: TecVersion[]
  steps: Step[]
}

/** `{ name: 'jazz' }` → `{ jazz: 'id' }`: the common case of remembering a created record's ID. */
export function post(path: string, body: unknown, name?: string, as?: As): Step {
  return { method: 'POST', path, body, ...(name ? { save: { [name]: 'id' } } : {}), ...(as ? { as } : {}) }
}

/** A GET step. */
export function get(path: string, as?: As): Step {
  return { method: 'GET', path, ...(as ? { as } : {}) }
}

/** A DELETE step. */
export function del(path: string, as?: As): Step {
  return { method: 'DELETE', path, ...(as ? { as } : {}) }
}
