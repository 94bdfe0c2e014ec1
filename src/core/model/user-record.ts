import type { Extra, Role } from './records.js'

/** A stored user. */
export interface UserRecord extends Extra {
  id: number
  name: string
  role: Role
  /** The user's e-mail address, which WordPress's user routes show (docs/data-file.md#users); none when absent. */
  email?: string
  token_sha256?: string
  /**
   * The profile WordPress's users route shows and writes (docs/data-file.md#users), each absent until written: the
   * display name (else `name`), the nicename (else made from `name`), the site `url` (user 1: the site's).
   */
  display_name?: string
  first_name?: string
  last_name?: string
  nickname?: string
  slug?: string
  url?: string
  description?: string
  locale?: string
  /** The block editor's saved preferences (WordPress's `persisted_preferences` user meta). */
  persisted_preferences?: Record<string, unknown>
}

/**
 * The fields of a user's profile WordPress's users route writes (`WP_REST_Users_Controller::prepare_item_for_database()`),
 * as the data file names them.
 */
export const PROFILE_FIELDS = [
  'display_name',
  'first_name',
  'last_name',
  'nickname',
  'slug',
  'email',
  'url',
  'description',
  'locale',
  'role',
  'persisted_preferences',
] as const satisfies ReadonlyArray<keyof UserRecord>
