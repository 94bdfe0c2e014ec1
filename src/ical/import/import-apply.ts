import type { CalendarBatch } from '../../core/batch.js'
import { CalendarError } from '../../core/errors.js'
import type { EventRecord } from '../../core/model/records.js'
import { ICAL_KEY, type ICalKey, matchKey, type PlannedEvent } from './import-instance.js'
import type { Plan } from './import-plan.js'
import type { ImportSkip } from './import-report.js'

/** What writing a plan did. */
export interface Applied {
  added: number
  updated: number
  unchanged: number
  skipped: ImportSkip[]
}

/** An event an earlier import wrote, with its key. */
type Found = EventRecord & { [ICAL_KEY]: ICalKey }

/** The events an earlier import wrote, by UID and RECURRENCE-ID (`ICalKey`). */
type Imported = Map<string, Found>

/**
 * Writes `plan` through the library calls of one batch (`Calendar.batch`): an event the data file does not hold
 * yet is created; one an earlier import wrote (found by its `ICalKey`) is updated when its VEVENT changed (another
 * digest) and left alone otherwise; then its `ical` key and `post_parent` are set (each instance of a series a
 * child of the first, CONTRACT §4.2), which counts as an update when either changed. An event in the trash stays
 * there, and one the calendar refuses (a 400, CONTRACT §5) is left out; both are reported as skipped.
 * @throws whatever else a call throws; the batch then undoes everything.
 */
export async function applyPlan(batch: CalendarBatch, plan: Plan): Promise<Applied> {
  const applied: Applied = { added: 0, updated: 0, unchanged: 0, skipped: [] }
  const imported = importedEvents(batch)
  for (const series of plan.series) {
    let parent: number | undefined
    for (const planned of series) {
      const id = await applyOne(batch, planned, imported.get(matchKey(planned.ical)), parent ?? 0, applied)
      parent ??= id
    }
  }
  return applied
}

function importedEvents(batch: CalendarBatch): Imported {
  const imported: Imported = new Map()
  for (const event of batch.storedEvents()) {
    const ical = (event as Record<string, unknown>)[ICAL_KEY] as Partial<ICalKey> | undefined
    if (typeof ical?.uid !== 'string') continue
    const key = matchKey(ical as ICalKey)
    if (!imported.has(key)) imported.set(key, event as Found)
  }
  return imported
}

/** Writes one planned event; returns its ID, or undefined when it was skipped. */
async function applyOne(
  batch: CalendarBatch,
  planned: PlannedEvent,
  found: Found | undefined,
  parent: number,
  applied: Applied,
): Promise<number | undefined> {
  const skip = (reason: string) => void applied.skipped.push({ ...planned.place, uid: planned.ical.uid, reason })
  if (found?.status === 'trash') return skip(`event ${found.id} is in the trash; restore it to have it imported`)
  try {
    const id = found ? await refresh(batch, planned, found, parent, applied) : await create(batch, planned, applied)
    batch.setEventFields(id, { [ICAL_KEY]: planned.ical, post_parent: parent })
    return id
  } catch (error) {
    if (error instanceof CalendarError && error.status === 400) return skip(refusal(error))
    throw error
  }
}

async function create(batch: CalendarBatch, planned: PlannedEvent, applied: Applied): Promise<number> {
  const slug = planned.slug === undefined ? {} : { slug: planned.slug }
  const { id } = await batch.events.create({ ...planned.body, ...slug })
  applied.added++
  return id as number
}

/** Brings an event an earlier import wrote up to date: its fields when its VEVENT changed, its key and parent. */
async function refresh(batch: CalendarBatch, planned: PlannedEvent, found: Found, parent: number, applied: Applied) {
  const changed = found[ICAL_KEY].digest !== planned.ical.digest
  if (changed) await batch.events.update(found.id, planned.body)
  const moved = found.post_parent !== parent || JSON.stringify(found[ICAL_KEY]) !== JSON.stringify(planned.ical)
  if (changed || moved) applied.updated++
  else applied.unchanged++
  return found.id
}

/** A refusal as one line: `Invalid parameter(s): end_date (end_date: 2026-07-04 19:00:00 is before ...)`. */
function refusal(error: CalendarError): string {
  const params = error.data.params
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return error.message
  return `${error.message} (${Object.entries(params)
    .map(([name, why]) => `${name}: ${String(why)}`)
    .join('; ')})`
}
