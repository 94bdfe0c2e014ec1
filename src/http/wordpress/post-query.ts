import { collate } from '../../core/search/collation.js'
import { searchWords } from '../../core/search/entry.js'

/**
 * What `WP_Query` does with a post list's `s` and `orderby`, shared by the APIs that list posts through it (tec/v1's
 * lists, `wp/v2`'s collections): a search matches every word, and an order breaks its ties by ID.
 */

/**
 * Whether a post matches a search (`WP_Query`'s `s`, `searchWords`): each word in its title, excerpt or content;
 * a search of no words matches every post.
 *
 * @example
 * matchesSearch('late jazz', ['Jazz', '', 'Till late']) // true
 */
export function matchesSearch(search: unknown, texts: readonly string[]): boolean {
  const words = searchWords(typeof search === 'string' ? search : undefined)
  if (words.length === 0) return true
  const haystack = texts.join('\n').toLowerCase()
  return words.every((word) => haystack.includes(word))
}

/**
 * Sorts records in place by a key (numbers by value, texts as the database collates them), then by ID, ascending
 * or descending as the key (`ties: 'same'`), or ascending whatever the key's direction (`ties: 'ascending'`: where
 * MySQL sorts the rows itself rather than read them from an index in order, ties keep the table's order); returns
 * them.
 *
 * @example
 * ordered(posts, (post) => post.date, true) // newest first, the higher ID first within a second
 */
export function ordered<T extends { id: number }>(
  records: T[],
  key: (record: T) => string | number,
  desc: boolean,
  ties: 'same' | 'ascending' = 'same',
): T[] {
  const sign = desc ? -1 : 1
  const tieSign = ties === 'same' ? sign : 1
  return records.sort((a, b) => {
    const ka = key(a)
    const kb = key(b)
    const by = typeof ka === 'number' ? ka - (kb as number) : collate(ka, kb as string)
    return by === 0 ? tieSign * (a.id - b.id) : sign * by
  })
}
