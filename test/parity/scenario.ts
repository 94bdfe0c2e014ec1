/**
 * What a parity scenario is: requests sent in order to a fresh TEC site and to a fresh calfile, the same bytes to
 * both. A path or body may name a record created by an earlier step as `{name}`; each side fills in its own ID.
 */

/** Who sends a request: the administrator (Basic, application password), nobody, or a wrong password. */
export type As = 'admin' | 'anonymous' | 'wrong-password'

export interface Step {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS'
  /** Under TEC's prefix, e.g. `/events?per_page=2` or `/events/{jazz}`. */
  path: string
  /** A JSON body (an object) or a form body (a string, sent as `application/x-www-form-urlencoded`). */
  body?: unknown
  /** The `Content-Type` of a string body, sent as it is (`application/json` for JSON text no object gives). */
  type?: string
  /** An `Origin` header: the request is a browser's from that origin. */
  origin?: string
  as?: As
  /** Names to remember from the answer: `{ jazz: 'id', room: 'venue.id' }` (dotted paths into the body). */
  save?: Record<string, string>
}

export interface Scenario {
  name: string
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
