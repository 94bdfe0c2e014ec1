/**
 * The users of the WordPress routes' tests (test/http/wordpress-routes.test.ts, test/http/wp-v2-users.test.ts), each
 * signing in with the token `tok-<name>`: admin, the administrator, and edna, an editor, both with an address, and
 * sam, whose role and address each test chooses.
 */
import type { Role } from '../src/core/model/records.js'
import { tokenHash } from '../src/core/model/users.js'

/**
 * admin (1), edna (2) and sam (3) as a data file lists them.
 *
 * @example
 * JSON.stringify({ users: siteUsers('author') })
 */
export function siteUsers(samRole: Role, samEmail?: string): Array<Record<string, unknown>> {
  return [
    { id: 1, name: 'admin', role: 'administrator', email: 'admin@example.test', token_sha256: tokenHash('tok-admin') },
    { id: 2, name: 'edna', role: 'editor', email: 'edna@example.test', token_sha256: tokenHash('tok-edna') },
    { id: 3, name: 'sam', role: samRole, ...(samEmail ? { email: samEmail } : {}), token_sha256: tokenHash('tok-sam') },
  ]
}
