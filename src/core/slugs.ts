import slugify from '@sindresorhus/slugify'

// WordPress drops apostrophes and ampersands instead of spelling them out.
const REPLACEMENTS: Array<[string, string]> = [
  ['&', ''],
  ["'", ''],
  ['’', ''],
  ['♥', ''],
]

/**
 * The slug WordPress's `sanitize_title` would give a title: lower case, accents folded, every run of other
 * characters one `-` (CONTRACT §3). `"Café & Crème"` → `"cafe-creme"`. May be `""` (e.g. a title in a script
 * with no Latin transliteration); callers then fall back to the record's ID.
 */
export function slugFromTitle(title: string): string {
  // Fold accents first (ü → u, as WordPress's remove_accents): slugify alone would spell German ü as "ue".
  const folded = title.normalize('NFD').replace(/\p{M}/gu, '')
  return slugify(folded, { decamelize: false, customReplacements: REPLACEMENTS })
}

/**
 * `base`, or `base-2`, `base-3`, … — the first one `taken` refuses, as WordPress makes slugs unique within a kind
 * (CONTRACT §3). `first` skips the suffixes below it, which the caller knows to be taken.
 */
export function uniqueSlug(base: string, taken: (slug: string) => boolean, first = 2): string {
  if (!taken(base)) return base
  for (let n = first; ; n++) {
    const candidate = `${base}-${n}`
    if (!taken(candidate)) return candidate
  }
}
