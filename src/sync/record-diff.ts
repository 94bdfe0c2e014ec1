import { createHash } from 'node:crypto'
import type { KindInfo, StoredRecord } from './kinds.js'

/**
 * Comparing records' content, whatever the order of their keys: a digest of one (what tells a change since the last
 * pull or push), and the fields in which two differ.
 */

/** JSON with every object's keys sorted, so that the same content gives the same text whatever the key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/**
 * A digest of a record's content: the first 16 hex digits (64 bits) of the SHA-256 of its JSON with keys sorted.
 * Two records with the same keys and values have the same digest, in whatever order their keys come (a hand edit
 * that moves a key changes nothing); any other change gives another digest, but for a chance of 2^-64.
 */
export function recordHash(record: object): string {
  return createHash('sha256').update(canonical(record)).digest('hex').slice(0, 16)
}

/** Whether two values have the same content, in whatever order their objects' keys come. */
export function sameContent(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b)
}

/** One field in which two versions of a record differ: its value here (the data file) and on the site. */
export interface FieldDifference {
  field: string
  here: unknown
  site: unknown
}

/** Keys that differ between any two saves of one record, and tell nothing of what was changed. */
const SAVE_KEYS = new Set(['id', 'modified', 'modified_utc'])

/**
 * The fields in which the stored record `here` and the site's record in stored form (`storedForm`) differ: first
 * those a push sends (`info.pushed`), in their order, then the others (what the site's API cannot write, `author`,
 * keys beyond the contract's), in key order. `modified` and `modified_utc` are left out: every save changes them.
 */
export function differences(info: KindInfo, here: StoredRecord, site: StoredRecord): FieldDifference[] {
  const pushed = new Set(info.pushed)
  const others = [...new Set([...Object.keys(here), ...Object.keys(site)])]
    .filter((key) => !pushed.has(key) && !SAVE_KEYS.has(key))
    .sort()
  return [...info.pushed, ...others]
    .filter((field) => !sameContent(here[field], site[field]))
    .map((field) => ({ field, here: here[field], site: site[field] }))
}

/** Whether a push can send `difference`. */
export function isPushed(info: KindInfo, difference: FieldDifference): boolean {
  return info.pushed.includes(difference.field)
}
