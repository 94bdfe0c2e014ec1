import { NO_GMT_DATE } from '../../core/model/records.js'
import type { KindInfo, StoredRecord } from '../kinds.js'

/**
 * The body that creates `record` on the site: every field a push sends (`info.pushed`) that the record has but
 * "none" (null), which a new record has anyway, in the types TEC's form takes (`bodyOf`); links as the IDs stored,
 * which must be the site's.
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
 * organizers the whole record, as TEC's update clears what it is not sent (`Single_Event::prepare_postarr()` turns
 * a missing flag into false, a missing website, image or organizer list into none, a missing status into
 * `publish`, a missing post date into now); for terms `fields` alone, as TEC's term update keeps the rest.
 */
export function updateBody(info: KindInfo, record: StoredRecord, fields: readonly string[]): Record<string, unknown> {
  return bodyOf(info, record, info.isTerm ? fields : info.pushed)
}

/**
 * Texts TEC refuses empty (`Tribe__Validator__Base::is_string()`) and keeps when not sent: an empty one is left out,
 * so one cannot be emptied by a push.
 */
const KEPT_TEXTS = new Set(['title', 'description', 'excerpt', 'slug', 'name'])

/**
 * The fields of `fields` whose value in `record` TEC's API cannot take: an empty title, description, excerpt, slug
 * or name (kept as it was when left out), and a category moved to the top (parent 0, refused; kept when left out).
 * A push that sent the rest would then store the site's old value over the change here.
 */
export function unsendable(info: KindInfo, record: StoredRecord, fields: readonly string[]): string[] {
  return fields.filter(
    (field) =>
      (KEPT_TEXTS.has(field) && record[field] === '') ||
      (info.kind === 'category' && field === 'parent' && !record[field]),
  )
}

/**
 * `fields` of `record` as TEC's form takes them (CONTRACT §3):
 * - "none" (null) is `""`, which TEC reads as clearing a venue, organizer list, website or coordinate; an image is
 *   left out instead (`is_image()` refuses `""`; TEC then removes the featured image), as is a category's parent
 *   (`is_event_category()` refuses 0; a new category is then top-level);
 * - a post date WordPress has not set (a draft's `date_utc` `0000-00-00 00:00:00`) is left out with its `date`, so
 *   that the draft stays undated; `date_utc` is never sent otherwise, as calfile keeps only that mark of it;
 * - a venue's map flags are texts, as TEC's venue routes refuse a JSON boolean;
 * - an event's cost carries its currency: TEC reads the symbol and its side from the cost's text
 *   (`Tribe__Cost_Utils::parse_currency_symbol()`), so one stored apart is written around each price.
 */
function bodyOf(info: KindInfo, record: StoredRecord, fields: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  const undated = record.date_utc === NO_GMT_DATE
  for (const field of fields) {
    if (!(field in record) || !info.pushed.includes(field)) continue
    const value = record[field]
    if (KEPT_TEXTS.has(field) && value === '') continue
    if ((field === 'image' && value === null) || (field === 'parent' && !value)) continue
    if (field === 'date_utc' || (field === 'date' && undated)) continue
    if (info.kind === 'venue' && typeof value === 'boolean') body[field] = value ? '1' : 'false'
    else if (info.kind === 'event' && field === 'cost') body[field] = costText(record)
    else body[field] = value === null ? '' : value
  }
  return body
}

/** An event's cost as one text TEC parses back to the same prices and currency: `"10"` with `€` postfix → `"10€"`. */
function costText(record: StoredRecord): unknown {
  const { cost, currency_symbol: symbol, currency_position: position } = record
  if (typeof symbol !== 'string' || symbol === '') return cost
  const priced = (text: string) =>
    !/\d/u.test(text) || text.includes(symbol) ? text : position === 'postfix' ? `${text}${symbol}` : `${symbol}${text}`
  return Array.isArray(cost) ? cost.map((text) => priced(String(text))) : typeof cost === 'string' ? priced(cost) : cost
}
