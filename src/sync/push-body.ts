import type { KindInfo, StoredRecord } from './kinds.js'

/**
 * A stored value as a request body carries it (CONTRACT §3): "none" (a null venue, image, website or coordinate)
 * is `""`, which the API reads as clearing the field; everything else goes as stored (IDs, arrays of IDs, wall
 * times in the event's zone, `cost` as a string or list).
 */
function bodyValue(value: unknown): unknown {
  return value === null ? '' : value
}

/**
 * The body that creates `record` on the site: every field a push sends (`info.pushed`) that the record has but
 * "none" (null), which a new record has anyway; links as the IDs stored, which must be the site's.
 */
export function createBody(info: KindInfo, record: StoredRecord): Record<string, unknown> {
  return updateBody(
    info,
    record,
    info.pushed.filter((field) => record[field] !== null),
  )
}

/** The body that sets `fields` of `record` on the site, and nothing else (CONTRACT §3: updates change what is sent). */
export function updateBody(info: KindInfo, record: StoredRecord, fields: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const field of fields) if (field in record && info.pushed.includes(field)) body[field] = bodyValue(record[field])
  return body
}
