import type { KindInfo, StoredRecord } from './kinds.js'

/**
 * A stored value as a request body carries it (CONTRACT §3): "none" (a null venue, image, website or coordinate)
 * is `""`, which the API reads as clearing the field; a venue's map flag is a text, as TEC's venue routes refuse a
 * JSON boolean; everything else goes as stored (IDs, arrays of IDs, wall times in the event's zone, `cost` as a
 * string or list).
 */
function bodyValue(info: KindInfo, value: unknown): unknown {
  if (info.kind === 'venue' && typeof value === 'boolean') return value ? '1' : 'false'
  return value === null ? '' : value
}

/** Texts TEC refuses empty (`Tribe__Validator__Base::is_string()`) and keeps when not sent: an empty one is left out. */
const KEPT_TEXTS = new Set(['title', 'description', 'excerpt', 'slug', 'name'])

/**
 * The body that creates `record` on the site: every field a push sends (`info.pushed`) that the record has but
 * "none" (null), which a new record has anyway; links as the IDs stored, which must be the site's.
 */
export function createBody(info: KindInfo, record: StoredRecord): Record<string, unknown> {
  return bodyOf(
    info,
    record,
    info.pushed.filter((field) => record[field] !== null),
  )
}

/**
 * The body that updates `record` on the site so that `fields` take the record's values: for events, venues and
 * organizers every field a push sends, as TEC's update clears what it is not sent; for terms `fields` alone, as
 * TEC's term update keeps the rest.
 */
export function updateBody(info: KindInfo, record: StoredRecord, fields: readonly string[]): Record<string, unknown> {
  return bodyOf(info, record, info.isTerm ? fields : info.pushed)
}

/** `fields` of `record` as a body, but for empty texts TEC would refuse. */
function bodyOf(info: KindInfo, record: StoredRecord, fields: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const field of fields) {
    if (!(field in record) || !info.pushed.includes(field)) continue
    if (KEPT_TEXTS.has(field) && record[field] === '') continue
    body[field] = bodyValue(info, record[field])
  }
  return body
}
