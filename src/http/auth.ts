import { timingSafeEqual } from 'node:crypto'
import { CalendarError } from '../core/errors.js'
import type { CalendarState } from '../core/model/state.js'
import type { UserRecord } from '../core/model/user-record.js'
import { findUser, isOpenMode, tokenHash } from '../core/model/users.js'

/** Who a request acts as (docs/auth.md). */
export interface Requester {
  user: UserRecord | null
  openMode: boolean
}

/** What an Authorization header carries: a bearer token, or a user and password (Basic, RFC 7617). */
interface Credentials {
  token: string
  /** The user of Basic credentials, by name or ID; absent for a bearer token. */
  user?: string
}

/** Compared with the password of an unknown user, so that a wrong name costs the same time as a wrong password. */
const NO_HASH = Buffer.alloc(32)

/**
 * The user of a request (docs/auth.md): in open mode (no user has a token) user 1, whatever the request carries;
 * otherwise the user whose `token_sha256` matches `Authorization: Bearer <token>`, or the user named (by name or
 * ID) in `Authorization: Basic base64(<user>:<token>)` — WordPress application-password clients, `curl -u` — when
 * the password is that user's token. SHA-256 hashes are compared in constant time. No header, a scheme calfile
 * does not read, or Basic credentials WordPress would not see (not base64 with a colon, an empty password) is
 * anonymous, as `wp_validate_application_password()` leaves a request without both user and password.
 *
 * @throws CalendarError 401: `rest_forbidden` for a Bearer token that matches no user; for Basic credentials,
 * WordPress's errors (`wp_authenticate_application_password()`): `invalid_username` (or `invalid_email` for a name
 * shaped like an e-mail address) when no user has the name, `incorrect_password` when the password is not the
 * user's token.
 */
export function authenticate(state: CalendarState, authorization: string | null): Requester {
  if (isOpenMode(state)) {
    return { user: state.users.get(1) ?? { id: 1, name: 'admin', role: 'administrator' }, openMode: true }
  }
  // Most requests carry no credentials: no need to look for them.
  if (!authorization) return { user: null, openMode: false }
  const credentials = credentialsOf(authorization)
  if (credentials === null) return { user: null, openMode: false }
  if (credentials.user === undefined) {
    const user = userOfToken(state, credentials.token)
    if (!user) throw new CalendarError('rest_forbidden', 401, 'The token is not valid.')
    return { user, openMode: false }
  }
  return { user: userOfPassword(state, credentials.user, credentials.token), openMode: false }
}

/** The credentials of a header; null when it carries none that calfile reads. */
function credentialsOf(authorization: string): Credentials | null {
  const bearer = /^Bearer\s+(\S+)\s*$/iu.exec(authorization)?.[1]
  if (bearer !== undefined) return { token: bearer }
  // Only the first word after the scheme is read, as PHP reads it into `PHP_AUTH_USER` and `PHP_AUTH_PW`.
  const basic = /^Basic\s+(\S+)/iu.exec(authorization.trim())
  const pair = basic?.[1] === undefined ? null : decodeBasic(basic[1])
  return pair === null || pair.token === '' ? null : pair
}

/**
 * RFC 7617 §2: base64 of `user-id ":" password`; the user-id holds no colon, so the first one splits. Padding may
 * be left out; anything else that is not base64 or has no colon is null. Bytes that are not UTF-8 are kept as
 * replacement characters: such a name is no user's.
 */
function decodeBasic(encoded: string): Credentials | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/u.test(encoded) || encoded.replace(/=+$/u, '').length % 4 === 1) return null
  const text = Buffer.from(encoded, 'base64').toString('utf8')
  const colon = text.indexOf(':')
  return colon < 0 ? null : { user: text.slice(0, colon), token: text.slice(colon + 1) }
}

function userOfToken(state: CalendarState, token: string): UserRecord | undefined {
  const hash = Buffer.from(tokenHash(token), 'hex')
  const withTokens = [...state.users.values()].filter((user) => user.token_sha256)
  return withTokens.find((candidate) => timingSafeEqual(Buffer.from(candidate.token_sha256 as string, 'hex'), hash))
}

/**
 * The user named `who` when `password` is its token: another user's token is refused like any wrong password.
 * @throws CalendarError 401 `invalid_username`/`invalid_email` or `incorrect_password`, in WordPress's words.
 */
function userOfPassword(state: CalendarState, who: string, password: string): UserRecord {
  const user = findUser(state, who)
  const expected = user?.token_sha256 ? Buffer.from(user.token_sha256, 'hex') : NO_HASH
  const matches = timingSafeEqual(expected, Buffer.from(tokenHash(password), 'hex'))
  if (!user) throw unknownUser(who)
  if (!matches || !user.token_sha256) {
    throw new CalendarError('incorrect_password', 401, 'The provided password is an invalid application password.')
  }
  return user
}

/** WordPress's `is_email()` in short: something, `@`, a domain with a dot; six characters at least. */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/u

function unknownUser(who: string): CalendarError {
  return EMAIL.test(who) && who.length >= 6
    ? new CalendarError(
        'invalid_email',
        401,
        '<strong>Error:</strong> Unknown email address. Check again or try your username.',
      )
    : new CalendarError(
        'invalid_username',
        401,
        '<strong>Error:</strong> Unknown username. Check again or try your email address.',
      )
}
