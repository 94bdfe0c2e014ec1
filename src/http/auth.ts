import { timingSafeEqual } from 'node:crypto'
import { CalendarError } from '../core/errors.js'
import type { UserRecord } from '../core/records.js'
import type { CalendarState } from '../core/state.js'
import { isOpenMode, tokenHash } from '../core/users.js'

/** Who a request acts as (CONTRACT §6). */
export interface Requester {
  user: UserRecord | null
  openMode: boolean
}

/**
 * The user of a request: in open mode (no user has a token) user 1; otherwise the user whose `token_sha256`
 * matches the Bearer token (hashes compared in constant time), or anonymous without a token.
 *
 * @throws CalendarError 401 `rest_forbidden` for a token that matches no user.
 */
export function authenticate(state: CalendarState, authorization: string | null): Requester {
  if (isOpenMode(state)) {
    return { user: state.users.get(1) ?? { id: 1, name: 'admin', role: 'administrator' }, openMode: true }
  }
  const token = /^Bearer\s+(\S+)\s*$/iu.exec(authorization ?? '')?.[1]
  if (token === undefined) return { user: null, openMode: false }
  const hash = Buffer.from(tokenHash(token), 'hex')
  const withTokens = [...state.users.values()].filter((user) => user.token_sha256)
  const user = withTokens.find((candidate) => timingSafeEqual(Buffer.from(candidate.token_sha256 as string, 'hex'), hash))
  if (!user) throw new CalendarError('rest_forbidden', 401, 'The token is not valid.')
  return { user, openMode: false }
}
