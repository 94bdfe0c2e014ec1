import { withoutLoneSurrogates } from '../well-formed.js'
import type { WordPressRelease } from './tec-versions.js'

/**
 * Slugs as WordPress makes them: `sanitize_title()` (`remove_accents()`, then `sanitize_title_with_dashes()` in
 * its "save" context) and the `-2`, `-3`, … of `wp_unique_post_slug()` / `wp_unique_term_slug()`. Our own reading
 * of the rules of `wp-includes/formatting.php`, checked against live WordPress 6.7.1 and 7.0.4.
 */

/** Latin letters that do not decompose into a base letter and marks, as `remove_accents()` spells them. */
const LETTERS: Record<string, string> = {
  ª: 'a',
  º: 'o',
  Æ: 'AE',
  æ: 'ae',
  Ð: 'D',
  ð: 'd',
  Ø: 'O',
  ø: 'o',
  Þ: 'TH',
  þ: 'th',
  ß: 's',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ĳ: 'IJ',
  ĳ: 'ij',
  ĸ: 'k',
  Ŀ: 'L',
  ŀ: 'l',
  Ł: 'L',
  ł: 'l',
  ŉ: 'N',
  Ŋ: 'N',
  ŋ: 'n',
  Œ: 'OE',
  œ: 'oe',
  Ŧ: 'T',
  ŧ: 't',
  ſ: 's',
  '€': 'E',
  '£': '',
}
const LETTER = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'gu')

/** Encoded characters dropped from a slug: soft hyphen, ¡ ¿, angle and curly quotes, •, © ® ° … ™, lone accents, zero-width and direction marks. */
const DROPPED =
  /%c2%ad|%c2%a1|%c2%bf|%c2%ab|%c2%bb|%e2%80%b9|%e2%80%ba|%e2%80%9[89a-f]|%e2%80%a2|%c2%a9|%c2%ae|%c2%b0|%e2%80%a6|%e2%84%a2|%c2%b4|%cb%8a|%cc%81|%cd%81|%cc%80|%cc%84|%cc%8c|%e2%80%8[b-f]|%e2%80%a[a-e]|%ef%bb%bf|%ef%bf%bc/gu
/**
 * Characters that become `-`, encoded or as entities: no-break space, en and em dash, the spaces with a width, and
 * in 7.0.4 the non-breaking hyphen (U+2011, `&#8209;`), which 6.7.1 keeps encoded (or drops as an entity).
 */
const DASHED: Record<WordPressRelease, RegExp> = {
  '7.0.4':
    /%c2%a0|%e2%80%91|%e2%80%93|%e2%80%94|%e2%80%8[0-9a]|%e2%80%a8|%e2%80%a9|%e2%80%af|&nbsp;|&#8209;|&#160;|&ndash;|&#8211;|&mdash;|&#8212;/gu,
  '6.7.1':
    /%c2%a0|%e2%80%93|%e2%80%94|%e2%80%8[0-9a]|%e2%80%a8|%e2%80%a9|%e2%80%af|&nbsp;|&#160;|&ndash;|&#8211;|&mdash;|&#8212;/gu,
}
/** The longest slug, in bytes of its encoded form (the database column's). */
const MAX_LENGTH = 200

/**
 * `sanitize_title()`: the slug `wordpress` gives a title. Tags stripped, accents removed (`é` → `e`), lower case,
 * other non-ASCII characters percent-encoded in lower case, dashes and `/` as `-` (`DASHED`), quotes, `&`, entities
 * and other punctuation dropped, runs of spaces and dashes one `-`. `"<b>Festival</b> Summer Nights"` →
 * `"festival-summer-nights"`, `"Tokyo launch 🚀"` → `"tokyo-launch-%f0%9f%9a%80"`. May be `""` (a title of
 * punctuation only); callers then fall back to the record's ID. Takes any string and never throws: a lone UTF-16
 * surrogate, which has no UTF-8 octets to encode, is dropped (`"\ud800x"` → `"x"`), as `wp_check_invalid_utf8()`
 * drops what is not UTF-8 when asked to strip it (WordPress itself never sees one: src/core/well-formed.ts).
 */
export function slugFromTitle(title: string, wordpress: WordPressRelease): string {
  // A `%` is kept only where it starts an escaped octet.
  const kept = stripTags(removeAccents(withoutLoneSurrogates(title)))
    .split(/(%[a-f\d]{2})/iu)
    .map((part, index) => (index % 2 === 1 ? part : part.replaceAll('%', '')))
    .join('')
  return percentEncode(kept.toLowerCase())
    .toLowerCase()
    .replace(DASHED[wordpress], '-')
    .replaceAll('/', '-')
    .replace(DROPPED, '')
    .replaceAll('%c3%97', 'x')
    .replace(/&.+?;/gu, '')
    .replaceAll('.', '-')
    .replace(/[^%a-z\d _-]/gu, '')
    .replace(/\s+/gu, '-')
    .replace(/-+/gu, '-')
    .replace(/^-+|-+$/gu, '')
}

/** `remove_accents()`: Latin letters without their marks; other scripts untouched. */
function removeAccents(text: string): string {
  if (!/[\u0080-\u{10ffff}]/u.test(text)) return text
  return text
    .replace(LETTER, (letter) => LETTERS[letter] ?? letter)
    .normalize('NFD')
    .replace(/(?<=[A-Za-z])\p{M}+/gu, '')
    .normalize('NFC')
}

/** PHP's `strip_tags()`: tags and comments out, an unclosed one to the end. */
function stripTags(text: string): string {
  return text.replace(/<!--[\s\S]*?(?:-->|$)|<[^>]*(?:>|$)/gu, '')
}

/** `utf8_uri_encode()`: every non-ASCII character as its UTF-8 octets, up to `MAX_LENGTH` encoded bytes. */
function percentEncode(text: string): string {
  let out = ''
  for (const char of text) {
    const encoded = char.charCodeAt(0) < 0x80 ? char : encodeURIComponent(char)
    if (out.length + encoded.length > MAX_LENGTH) break
    out += encoded
  }
  return out
}

/**
 * `base`, or `base-2`, `base-3`, … — the first one `taken` refuses, as WordPress makes slugs unique within a kind
 * (`wp_unique_post_slug()`, `wp_unique_term_slug()`). `first` skips the suffixes below it, which the caller knows
 * to be taken.
 */
export function uniqueSlug(base: string, taken: (slug: string) => boolean, first = 2): string {
  if (!taken(base)) return base
  for (let n = first; ; n++) {
    const candidate = `${base}-${n}`
    if (!taken(candidate)) return candidate
  }
}

/**
 * The slug a request for `asked` finds, as `get_page_by_path()` reads it (TEC's by-slug routes, an event's page):
 * decoded once more as PHP's `urldecode()` does (`+` a space), every octet but `A-Z a-z 0-9 - _ . ~` encoded again
 * (`rawurlencode()`), then `sanitize_title_for_query()`, which is `sanitize_title_with_dashes()` without what only
 * its "save" context does (accents, dashes, dropped characters): lower case, `.` as `-`, other punctuation out,
 * spaces and runs of dashes one `-`. `"Tokyo-Launch-🚀"` → `"tokyo-launch-%f0%9f%9a%80"`; `"a%20b"` → `"a-b"`.
 * Undefined for a path of several parts (`a/b`), which names no post that has no parent.
 */
export function slugAskedFor(asked: string): string | undefined {
  const octets = urlDecode(asked)
  let encoded = ''
  for (const octet of octets)
    encoded += UNRESERVED.test(String.fromCharCode(octet))
      ? String.fromCharCode(octet)
      : `%${octet.toString(16).padStart(2, '0')}`
  const parts = encoded
    .replaceAll('%2f', '/')
    .replaceAll('%20', ' ')
    .replace(/^\/+|\/+$/gu, '')
    .split('/')
  if (parts.length !== 1) return undefined
  return (parts[0] as string)
    .replace(/%(?![a-f\d]{2})/gu, '')
    .toLowerCase()
    .replaceAll('.', '-')
    .replace(/[^%a-z\d _-]/gu, '')
    .replace(/\s+/gu, '-')
    .replace(/-+/gu, '-')
    .replace(/^-+|-+$/gu, '')
}

const UNRESERVED = /^[A-Za-z\d\-_.~]$/u

/** PHP's `urldecode()` of a string's UTF-8 octets: `%xx` as its octet, `+` as a space, anything else as it is. */
function urlDecode(text: string): Buffer {
  const octets = Buffer.from(withoutLoneSurrogates(text), 'utf8')
  const out: number[] = []
  for (let i = 0; i < octets.length; i++) {
    const octet = octets[i] as number
    const hex = octet === 0x25 ? octets.subarray(i + 1, i + 3).toString('latin1') : ''
    if (/^[\da-f]{2}$/iu.test(hex)) {
      out.push(Number.parseInt(hex, 16))
      i += 2
    } else out.push(octet === 0x2b ? 0x20 : octet)
  }
  return Buffer.from(out)
}
