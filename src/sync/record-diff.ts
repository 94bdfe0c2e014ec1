import type { KindInfo, StoredRecord } from './kinds.js'
import { sameContent } from './record-hash.js'

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
