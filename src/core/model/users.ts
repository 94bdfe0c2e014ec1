import { createHash, randomBytes } from 'node:crypto'
import { CalendarError } from '../errors.js'
import { ROLES, type Role } from './records.js'
import type { CalendarState } from './state.js'
import type { UserRecord } from './user-record.js'

/** The hex SHA-256 of a bearer token: the only form in which tokens are stored (docs/auth.md). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** True when no user has a token: every request then acts as user 1 (docs/auth.md open mode). */
export function isOpenMode(state: CalendarState): boolean {
  for (const user of state.users.values()) if (user.token_sha256) return false
  return true
}

/** The users that have a token, in file order (`calfile token list`). */
export function usersWithTokens(state: CalendarState): UserRecord[] {
  return [...state.users.values()].filter((user) => user.token_sha256)
}

/**
 * Gives a user a new random token (the `calfile token add` command): the user is found by ID or name, or created
 * with `role` (default `editor`); `role` also changes an existing user's role. Only the token's SHA-256 is stored;
 * the token itself is returned once.
 *
 * @throws CalendarError 400 `rest_invalid_param` for an unknown role.
 */
export function addToken(state: CalendarState, who: string, role?: string): { user: UserRecord; token: string } {
  if (role !== undefined && !(ROLES as readonly string[]).includes(role)) {
    throw new CalendarError('rest_invalid_param', 400, `--role takes one of ${ROLES.join(', ')}, got "${role}"`)
  }
  const existing = findUser(state, who)
  const token = randomBytes(24).toString('base64url')
  const id = existing?.id ?? Math.max(0, ...[...state.users.values()].map((u) => u.id)) + 1
  const name = existing?.name ?? (/^\d+$/u.test(who) ? `user-${who}` : who)
  const user: UserRecord = {
    ...existing,
    id,
    name,
    role: (role as Role | undefined) ?? existing?.role ?? 'editor',
    token_sha256: tokenHash(token),
  }
  state.users.put(user)
  return { user, token }
}

/**
 * Takes a user's token away (the `calfile token revoke` command); the user stays. Revoking the last token would
 * put the file in open mode, where every request acts as the administrator whatever token it carries
 * (docs/auth.md) — the revoked token included — so that takes `allowOpenMode`.
 *
 * @returns the user as it now is, and whether it had a token (false: nothing changed).
 * @throws CalendarError 404 `rest_user_invalid_id` for an unknown user; 409 `token-last` for the last token
 * without `allowOpenMode`.
 */
export function revokeToken(
  state: CalendarState,
  who: string,
  allowOpenMode = false,
): { user: UserRecord; revoked: boolean } {
  const existing = findUser(state, who)
  if (!existing) throw new CalendarError('rest_user_invalid_id', 404, `no user "${who}" in the data file`)
  if (!existing.token_sha256) return { user: existing, revoked: false }
  if (!allowOpenMode && usersWithTokens(state).every((user) => user.id === existing.id)) {
    throw new CalendarError(
      'token-last',
      409,
      `user ${existing.id} "${existing.name}" has the last token: without it the file is in open mode, where every request acts as the administrator; give another user a token first, or pass --allow-open-mode`,
    )
  }
  const { token_sha256: _revoked, ...user } = existing
  state.users.put(user)
  return { user, revoked: true }
}

/** A user by ID (all digits) or else by name, as `--user` and Basic credentials name it (docs/auth.md). */
export function findUser(state: CalendarState, who: string): UserRecord | undefined {
  if (/^\d+$/u.test(who)) return state.users.get(Number(who))
  for (const user of state.users.values()) if (user.name === who) return user
  return undefined
}
