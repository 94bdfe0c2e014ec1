/**
 * The page's client of the Calendar REST interface: the same routes, parameters and errors as any client's. Every
 * address is relative to the page, so the page works wherever the server is mounted.
 */

/** The interface's base, relative to the page. */
export const API = 'calendar/events/v1/'

/** Where the pasted token is kept: this tab's session storage only, never a cookie or local storage. */
const TOKEN_KEY = 'calfile.token'

/** The per_page the page asks for: the server clamps it to `settings.max_per_page` (docs/lists.md). */
const PER_PAGE = '1000'

/** An error answer of the interface (docs/errors.md), worded as the interface words it. */
export class ApiError extends Error {
  /**
   * @param {number} status the HTTP status
   * @param {{ code?: string, message?: string, data?: { params?: unknown } } | undefined} body the error body
   */
  constructor(status, body) {
    super(apiErrorText(status, body))
    this.status = status
    this.code = body?.code
  }
}

/**
 * The words of an error body: its `message`, then each parameter's reason for `rest_invalid_param`
 * (`data.params` is `{ name: reason }`) or the missing names for `rest_missing_callback_param` (an array).
 * @param {number} status
 * @param {{ message?: string, data?: { params?: unknown } } | undefined} body
 */
function apiErrorText(status, body) {
  const message = body?.message ?? `HTTP ${status}`
  const params = body?.data?.params
  if (Array.isArray(params)) return `${message} (${params.join(', ')})`
  if (params && typeof params === 'object')
    return [message, ...Object.entries(params).map(([name, reason]) => `${name}: ${reason}`)].join('\n')
  return message
}

/** The token pasted in this tab, or null. */
export function token() {
  return sessionStorage.getItem(TOKEN_KEY)
}

/** Keeps `value` as this tab's token; an empty value forgets it. @param {string} value */
export function setToken(value) {
  if (value) sessionStorage.setItem(TOKEN_KEY, value)
  else sessionStorage.removeItem(TOKEN_KEY)
}

/** The headers that carry the token, if there is one. @returns {Record<string, string>} */
export function authHeaders() {
  const value = token()
  return value ? { Authorization: `Bearer ${value}` } : {}
}

/** An absolute URL of a route below the interface's base. @param {string} path @param {Record<string, string>} [query] */
export function apiUrl(path, query = {}) {
  const url = new URL(API + path, document.baseURI)
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
  return url
}

/**
 * Sends a request and returns its JSON body.
 * @param {string} method
 * @param {string | URL} url a route below the base (`events/12`) or an absolute URL the interface gave
 * @param {unknown} [body] sent as JSON
 * @throws {ApiError} for an error answer
 */
export async function call(method, url, body) {
  const headers = { Accept: 'application/json', ...authHeaders() }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const response = await fetch(typeof url === 'string' ? apiUrl(url) : url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  const parsed = text ? JSON.parse(text) : undefined
  if (!response.ok) throw new ApiError(response.status, parsed)
  return parsed
}

/**
 * Every item of a list (`events`, `venues`, …): the first page with the largest page size, then the page each
 * `next_rest_url` names, as any TEC client pages through a list. Its query is asked of the page's own origin:
 * the URL itself is built on `settings.base_url` when set, which may be a proxy's address the page is not
 * under (and which the page's Content-Security-Policy would refuse).
 * @param {string} kind the list's route and envelope key
 * @param {Record<string, string>} [query] the list's parameters
 * @returns {Promise<any[]>}
 */
export async function listAll(kind, query = {}) {
  const items = []
  /** @type {URL | undefined} */
  let next = apiUrl(kind, { ...query, per_page: PER_PAGE })
  while (next) {
    const page = await call('GET', next)
    items.push(...page[kind])
    next = page.next_rest_url ? withQueryOf(apiUrl(kind), page.next_rest_url) : undefined
  }
  return items
}

/** `url` with the query of `other`. @param {URL} url @param {string} other */
function withQueryOf(url, other) {
  url.search = new URL(other).search
  return url
}
