import type { WordPressRelease } from '../resources/tec-versions.js'

/**
 * `convert_smilies()`: WordPress's text smileys as emoji, on by default (`use_smilies`). Our own reading of
 * `smilies_init()` in `wp-includes/functions.php`; `:mrgreen:`, the one smiley WordPress shows as an image of its
 * own site, is left as typed.
 */

const SMILIES: Record<string, string> = {
  ':neutral:': '😐',
  ':twisted:': '😈',
  ':arrow:': '➡',
  ':shock:': '😯',
  ':smile:': '🙂',
  ':???:': '😕',
  ':cool:': '😎',
  ':evil:': '👿',
  ':grin:': '😀',
  ':idea:': '💡',
  ':oops:': '😳',
  ':razz:': '😛',
  ':roll:': '🙄',
  ':wink:': '😉',
  ':cry:': '😥',
  ':eek:': '😮',
  ':lol:': '😆',
  ':mad:': '😡',
  ':sad:': '🙁',
  '8-)': '😎',
  '8-O': '😯',
  ':-(': '🙁',
  ':-)': '🙂',
  ':-?': '😕',
  ':-D': '😀',
  ':-P': '😛',
  ':-o': '😮',
  ':-x': '😡',
  ':-|': '😐',
  ';-)': '😉',
  '8O': '😯',
  ':(': '🙁',
  ':)': '🙂',
  ':?': '😕',
  ':D': '😀',
  ':P': '😛',
  ':o': '😮',
  ':x': '😡',
  ':|': '😐',
  ';)': '😉',
  ':!:': '❗',
  ':?:': '❓',
}

const SP = '[\\r\\n\\t ]|\\u00a0|&nbsp;'
// In WordPress's order (`krsort`): where two smileys start alike, the later in that order is tried first.
const ALTERNATIVES = Object.keys(SMILIES)
  .sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))
  .map((smiley) => smiley.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'))
  .join('|')
/** A smiley with a space or a line's start before it and a space or a line's end after it. */
const SMILEY = new RegExp(`(?<=${SP}|^)(?:${ALTERNATIVES})(?=${SP}|$)`, 'gmu')
/**
 * A tag as `convert_smilies()` splits text into tags and text: 6.7.1's `/(<.*>)/U` ends it at the first `>` on its
 * own line, 7.0.4's `/(<[^>]*>)/U` at the first `>` wherever it is (a tag may span lines).
 */
const TAGS: Record<WordPressRelease, RegExp> = { '7.0.4': /(<[^>]*>)/u, '6.7.1': /(<.*?>)/u }
const IGNORED = /^<(code|pre|style|script|textarea)[^>]*>/u

/**
 * The text smileys of `html` outside tags and outside `code`, `pre`, `style`, `script` and `textarea`, as emoji, the
 * tags found as `wordpress` finds them: `'<b\ntitle="x">:)'` → `'<b\ntitle="x">🙂'` (7.0.4), unchanged (6.7.1).
 */
export function convertSmilies(html: string, wordpress: WordPressRelease): string {
  let ignored = ''
  return html
    .split(TAGS[wordpress])
    .map((piece) => {
      if (ignored === '') ignored = IGNORED.exec(piece)?.[1] ?? ''
      const out =
        ignored === '' && piece !== '' && piece[0] !== '<' ? piece.replace(SMILEY, (s) => SMILIES[s] ?? s) : piece
      if (ignored !== '' && piece === `</${ignored}>`) ignored = ''
      return out
    })
    .join('')
}
