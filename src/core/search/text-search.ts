import { startRange, type WindowBounds } from './bounds.js'
import { type IndexEntry, lowerText } from './entry.js'
import type { EntryRange } from './merged-slice.js'
import { addEntry, removeEntry } from './sorted-entries.js'

/**
 * The search index (TEC's rule, docs/lists.md#other-event-filters: every word of the query is a case-insensitive
 * substring of the title, excerpt or description). A query word holds no whitespace, so it can only occur inside
 * one whitespace-free token of the lower-cased text: the index keeps, for each token, the entries holding it in
 * list order, and for each trigram the tokens holding it, so that a word of three characters or more reads only
 * the tokens that share its rarest trigram (shorter words scan the vocabulary).
 */
export class TextSearch {
  /** Token → entries holding it, in list order; a token no entry holds is forgotten. */
  readonly #entries = new Map<string, IndexEntry[]>()
  /** Trigram → tokens holding it, each token once. */
  readonly #grams = new Map<string, string[]>()

  /** From entries in list order. */
  constructor(sorted: readonly IndexEntry[]) {
    for (const entry of sorted) this.add(entry, true)
  }

  /** Adds an entry; `append` when entries come in list order (a build). */
  add(entry: IndexEntry, append = false): void {
    for (const token of tokens(entry)) if (addEntry(this.#entries, token, entry, append)) this.#noteGrams(token)
  }

  /** Removes an entry; a token no entry holds any more leaves the index, so edits cannot grow it without bound. */
  remove(entry: IndexEntry): void {
    for (const token of tokens(entry)) {
      const list = this.#entries.get(token)
      if (!list) continue
      removeEntry(list, entry)
      if (list.length === 0) this.#forget(token)
    }
  }

  /**
   * The entries whose text holds `word` (lower case, no whitespace) and whose start the window allows: one sorted
   * range per token holding it (an entry may be in several).
   */
  holding(word: string, start: WindowBounds['start']): EntryRange[] {
    return this.#tokensHolding(word).flatMap((token) => {
      const list = this.#entries.get(token) as IndexEntry[]
      const [from, to] = startRange(list, start)
      return from < to ? [{ list, from, to }] : []
    })
  }

  #tokensHolding(word: string): string[] {
    if (word.length < 3) return [...this.#entries.keys()].filter((token) => token.includes(word))
    let rarest: string[] | undefined
    for (const gram of trigrams(word)) {
      const holders = this.#grams.get(gram)
      if (!holders) return []
      if (!rarest || holders.length < rarest.length) rarest = holders
    }
    return (rarest ?? []).filter((token) => token.includes(word))
  }

  #forget(token: string): void {
    this.#entries.delete(token)
    for (const gram of trigrams(token)) {
      const holders = this.#grams.get(gram) as string[]
      holders.splice(holders.indexOf(token), 1)
      if (holders.length === 0) this.#grams.delete(gram)
    }
  }

  #noteGrams(token: string): void {
    for (const gram of trigrams(token)) {
      const holders = this.#grams.get(gram)
      if (holders) holders.push(token)
      else this.#grams.set(gram, [token])
    }
  }
}

/** The distinct whitespace-free runs of an entry's lower-case text (split as the query's words are). */
function tokens(entry: IndexEntry): Set<string> {
  return new Set(lowerText(entry).split(/\s+/u).filter(Boolean))
}

function trigrams(text: string): Set<string> {
  const grams = new Set<string>()
  for (let at = 0; at + 3 <= text.length; at++) grams.add(text.slice(at, at + 3))
  return grams
}
