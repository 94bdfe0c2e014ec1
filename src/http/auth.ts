import { timingSafeEqual } from 'node:crypto'
import { CalendarError } from '../core/errors.js'
import type { UserRecord } from '../core/records.js'
import type { CalendarState } from '../core/state.js'
import { findUser, isOpenMode, tokenHash } from '../core/users.js'

/** Who a request acts as (CONTRACT §6). */
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
 * The user of a request (CONTRACT §6): in open mode (no user has a token) user 1, whatever the request carries;
 * otherwise the user whose `token_sha256` matches `Authorization: Bearer <token>`, or the user named (by name or
 * ID) in `Authorization: Basic base64(<user>:<token>)` — WordPress application-password clients, `curl -u` — when
 * the password is that user's token. SHA-256 hashes are compared in constant time. No header, or a scheme calfile
 * does not read, is anonymous.
 *
 * @throws CalendarError 401 `rest_forbidden` for a token that matches no user, and for Basic credentials that are
 * malformed (not base64 of UTF-8 text with a colon), name no user, or carry another password than the user's token.
 */
export function authenticate(state: CalendarState, authorization: string | null): Requester {
  if (isOpenMode(state)) {
    return { user: state.users.get(1) ?? { id: 1, name: 'admin', role: 'administrator' }, openMode: true }
  }
  const credentials = credentialsOf(authorization ?? '')
  if (credentials === null) return { user: null, openMode: false }
  const user =
    credentials.user === undefined
      ? userOfToken(state, credentials.token)
      : userOfPassword(state, credentials.user, credentials.token)
  if (!user) {
    throw new CalendarError(
      'rest_forbidden',
      401,
      credentials.user === undefined ? 'The token is not valid.' : 'The user name or password is not valid.',
    )
  }
  return { user, openMode: false }
}

/** The credentials of a header; null when it carries none that calfile reads. @throws 401 for malformed Basic. */
function credentialsOf(authorization: string): Credentials | null {
  const bearer = /^Bearer\s+(\S+)\s*$/iu.exec(authorization)?.[1]
  if (bearer !== undefined) return { token: bearer }
  const basic = /^Basic(?:\s+(.*))?$/isu.exec(authorization.trim())
  if (!basic) return null
  const pair = decodeBasic(basic[1] ?? '')
  if (pair === null)
    throw new CalendarError(
      'rest_forbidden',
      401,
      'Malformed Basic credentials: expected base64 of "<user>:<password>".',
    )
  return pair
}

/**
 * RFC 7617 §2: base64 of `user-id ":" password` in UTF-8; the user-id holds no colon, so the first one splits.
 * Padding may be left out; anything else that is not base64, or not UTF-8, or has no colon is null.
 */
function decodeBasic(encoded: string): Credentials | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/u.test(encoded) || encoded.replace(/=+$/u, '').length % 4 === 1) return null
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(encoded, 'base64'))
  } catch {
    return null
  }
  const colon = text.indexOf(':')
  return colon < 0 ? null : { user: text.slice(0, colon), token: text.slice(colon + 1) }
}

function userOfToken(state: CalendarState, token: string): UserRecord | undefined {
  const hash = Buffer.from(tokenHash(token), 'hex')
  const withTokens = [...state.users.values()].filter((user) => user.token_sha256)
  return withTokens.find((candidate) => timingSafeEqual(Buffer.from(candidate.token_sha256 as string, 'hex'), hash))
}

/** The user named `who` when `password` is its token: another user's token is refused like any wrong password. */
function userOfPassword(state: CalendarState, who: string, password: string): UserRecord | undefined {
  const user = findUser(state, who)
  const expected = user?.token_sha256 ? Buffer.from(user.token_sha256, 'hex') : NO_HASH
  const matches = timingSafeEqual(expected, Buffer.from(tokenHash(password), 'hex'))
  return matches && user?.token_sha256 ? user : undefined
}
