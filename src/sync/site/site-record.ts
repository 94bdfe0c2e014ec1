import { instantToWall } from '../../core/dates/zoned.js'
import type { Settings } from '../../core/model/records.js'
import { CalendarState } from '../../core/model/state.js'
import { importTec } from '../../tec/tec.js'
import type { KindInfo, StoredRecord } from '../kinds.js'
import { recordHash } from '../record-hash.js'
import type { SyncEntry } from '../sync-section.js'

/** A record as the site's API shows it (CONTRACT §2): an event, venue, organizer, category or tag. */
export type SiteRecord = Record<string, unknown> & { id: number }

/**
 * `recordHash` of a term as the site shows it, over what a data file stores of it (CONTRACT §2.4: `id`, `name`,
 * `slug`, `description`, `parent`): terms have no `modified`, so this is what tells a change on the site.
 */
export function siteTermHash(term: SiteRecord): string {
  return recordHash(termFields(term))
}

/** A term as a data file stores it (CONTRACT §1: tags keep `parent` 0). */
function termFields(term: SiteRecord): StoredRecord {
  const { id, name, slug, description, parent } = term
  return { id, name, slug: slug as string | undefined, description: description ?? '', parent: parent ?? 0 }
}

/** What tells the next change of `record` on the site: its `modified_utc`, or for a term its `siteTermHash`. */
export function siteVersion(info: KindInfo, record: SiteRecord): Omit<SyncEntry, 'hash'> {
  return info.isTerm ? { site_hash: siteTermHash(record) } : { modified_utc: String(record.modified_utc) }
}

/** Whether the site's `record` is still the one `entry` saw. */
export function sameOnSite(info: KindInfo, entry: SyncEntry, record: SiteRecord): boolean {
  return info.isTerm ? entry.site_hash === siteTermHash(record) : entry.modified_utc === record.modified_utc
}

/**
 * The site's `record` as a data file in site time zone `settings.timezone` would store it, to compare field by
 * field with a stored record (a push sends only the fields that differ): for a post, the TEC importer's own reading
 * in a state of its own, its warnings dropped since the records compared went through the same reading; a term's
 * fields as they are, where the importer would drop a parent it does not hold.
 *
 * @throws CalendarError 400 `import-invalid-capture` when the site's answer is not a TEC record.
 */
export function storedForm(info: KindInfo, record: SiteRecord, settings: Settings, now: number): StoredRecord {
  if (info.isTerm) return termFields(record)
  const scratch = new CalendarState(structuredClone(settings))
  importTec(scratch, { [info.route]: [record] }, { now: instantToWall(now, scratch.siteTimezone) })
  return info.collection(scratch).get(record.id) as StoredRecord
}
