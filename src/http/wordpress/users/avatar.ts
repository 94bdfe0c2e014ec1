import { createHash } from 'node:crypto'
import type { WordPressRelease } from '../../../core/resources/tec-versions.js'

/** The sizes of a user's `avatar_urls` (`rest_get_avatar_sizes()`). */
const SIZES = [24, 48, 96] as const

/**
 * A user's `avatar_urls` (`rest_get_avatar_urls()`): Gravatar's address of each size, as `get_avatar_data()` builds
 * it with WordPress's install defaults (`avatar_default` "mystery" → `d=mm`, `avatar_rating` "G" → `r=g`). The
 * address is keyed by a hash of the e-mail trimmed and in lower case: SHA-256 in WordPress 7.0.4, MD5 in 6.7.1
 * (compared live). A user without an e-mail has no hash, and so Gravatar's default image.
 *
 * @example
 * avatarUrls('admin@example.test', '6.7.1')[24]
 * // 'https://secure.gravatar.com/avatar/51965088c5db83c3fd307f308d25198a?s=24&d=mm&r=g'
 */
export function avatarUrls(email: string | undefined, wordpress: WordPressRelease): Record<string, string> {
  const hash = email ? emailHash(email, wordpress) : ''
  const urls: Record<string, string> = {}
  for (const size of SIZES) urls[size] = `https://secure.gravatar.com/avatar/${hash}?s=${size}&d=mm&r=g`
  return urls
}

/** PHP's `strtolower(trim($email))`, hashed: only ASCII letters are lowered, only PHP's trimmed bytes trimmed. */
function emailHash(email: string, wordpress: WordPressRelease): string {
  const normalized = email.replace(/^[ \t\n\r\0\v]+|[ \t\n\r\0\v]+$/gu, '').replace(/[A-Z]+/gu, (s) => s.toLowerCase())
  return createHash(wordpress === '7.0.4' ? 'sha256' : 'md5')
    .update(normalized)
    .digest('hex')
}
