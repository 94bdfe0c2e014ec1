import type { RecordKind } from '../core/model/kinds.js'
import type { Settings } from '../core/model/records.js'
import { type KindInfo, recordLabel, type StoredRecord } from './kinds.js'
import { differences, type FieldDifference } from './record-diff.js'
import { type SiteRecord, storedForm } from './site/site-records.js'

/** A record changed on both sides since the last pull or push: neither pull nor push touches it. */
export interface SyncConflict {
  kind: RecordKind
  id: number
  /** `event 66358 "Jazz night"`. */
  label: string
  /**
   * - `changed-both`: changed here and on the site.
   * - `deleted-on-site`: changed here, and gone from the site (or in its trash).
   * - `deleted-here`: deleted (or trashed) here, and changed on the site.
   */
  reason: 'changed-both' | 'deleted-on-site' | 'deleted-here'
  /** The fields in which the two versions differ, with both values, when both exist. */
  differences: FieldDifference[]
}

/**
 * Whether a difference is one TEC makes on every update through its API, whatever was asked, and so tells nothing
 * of what a person changed there: the post `date`, set to now when an update does not send it
 * (`Single_Event::prepare_postarr()` passes none to `wp_update_post()`), and a website that was none, which an update
 * stores as empty (TEC shows an event that never had one with its own page's URL, and one emptied with `""`).
 */
function madeByEveryUpdate(difference: FieldDifference): boolean {
  if (difference.field === 'date') return true
  const none = (value: unknown) => value === null || value === ''
  return difference.field === 'website' && none(difference.here) && none(difference.site)
}

/**
 * The conflict over record `id`, its two versions compared when both exist, leaving out what TEC's every update
 * changes (`madeByEveryUpdate`).
 */
export function conflictOf(
  info: KindInfo,
  id: number,
  reason: SyncConflict['reason'],
  here: StoredRecord | undefined,
  site: SiteRecord | undefined,
  context: { settings: Settings; now: number },
): SyncConflict {
  const found =
    here && site
      ? differences(info, here, storedForm(info, site, context.settings, context.now)).filter(
          (difference) => !madeByEveryUpdate(difference),
        )
      : []
  return { kind: info.kind, id, label: recordLabel(info, here ?? site, id), reason, differences: found }
}
