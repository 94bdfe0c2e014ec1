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
const TAG = /(<.*?>)/u
const IGNORED = /^<(code|pre|style|script|textarea)[^>]*>/u

/** The text smileys of `html` outside tags and outside `code`, `pre`, `style`, `script` and `textarea`, as emoji. */
export function convertSmilies(html: string): string {
  let ignored = ''
  return html
    .split(TAG)
    .map((piece) => {
      if (ignored === '') ignored = IGNORED.exec(piece)?.[1] ?? ''
      const out =
        ignored === '' && piece !== '' && piece[0] !== '<' ? piece.replace(SMILEY, (s) => SMILIES[s] ?? s) : piece
      if (ignored !== '' && piece === `</${ignored}>`) ignored = ''
      return out
    })
    .join('')
}
