import { instantToWall } from '../../core/dates/zoned.js'
import type { RecordKind } from '../../core/model/kinds.js'
import { renumber } from '../../core/model/renumber.js'
import type { CalendarState } from '../../core/model/state.js'
import { forgetPost, forgetTerm } from '../../core/resources/posts/removal.js'
import { setSiteZone } from '../../tec/site-zone.js'
import { importTec } from '../../tec/tec.js'
import { conflictOf, type SyncConflict } from '../conflict.js'
import { SyncError } from '../errors.js'
import { KINDS, type KindInfo, type StoredRecord } from '../kinds.js'
import { recordHash } from '../record-diff.js'
import { type SiteRecord, sameOnSite, siteVersion } from '../site/site-records.js'
import { emptySection, entryLine, entryOfLine, readSection, type SyncSection, writeSection } from '../sync-section.js'
import { incomingOf, type PulledRecords, type SiteSettings } from './pull-fetch.js'

/** What a pull did to the data file, in records of every kind but media. */
export interface PullOutcome {
  added: number
  changed: number
  /** Records the site has as the data file does, and records changed here that the site did not change. */
  unchanged: number
  /** Records gone from the site, and so from the data file. */
  removed: number
  conflicts: SyncConflict[]
  /** What the import had to change to store the site's data (`ImportReport.warnings`), and records moved. */
  warnings: string[]
  /** Whether anything in the file changes: records, their `sync` entries, or the site time zone. */
  touched: boolean
}

const key = (kind: RecordKind, id: number) => `${kind}:${id}`

/**
 * Whether `state` may take a pull from `origin`: it mirrors that site already, or holds no record yet; and no push
 * to it was cut off, since a pull would then take what that push made on the site as new records, beside the ones
 * here it came from.
 * @throws SyncError `sync-origin` otherwise, `sync-push-unfinished`; `sync-invalid` for a `sync` section not in
 *   calfile's shape.
 */
export function checkMirror(state: CalendarState, origin: string): void {
  const section = readSection(state)
  if (section !== undefined && section.origin !== origin)
    throw new SyncError('sync-origin', `the data file mirrors ${section.origin}, not ${origin}`)
  if (section?.push_started !== undefined)
    throw new SyncError(
      'sync-push-unfinished',
      `a push to ${origin} was cut off (${section.push_started}): push again first, then pull`,
    )
  const held = KINDS.some((info) => info.collection(state).size > 0)
  if (section === undefined && held)
    throw new SyncError(
      'sync-origin',
      `the data file holds records that were not pulled from ${origin}: pull into a new file (--into)`,
    )
}

/** One pull's work on a state: what it read, what it keeps, and what it found. */
class PullRun {
  readonly outcome: PullOutcome = {
    added: 0,
    changed: 0,
    unchanged: 0,
    removed: 0,
    conflicts: [],
    warnings: [],
    touched: false,
  }
  /** Records changed (or deleted) here since the last pull or push: the site's copy does not replace them. */
  readonly kept = new Set<string>()
  /** `recordHash` of each incoming record that is not kept, before the import; undefined when absent. */
  readonly before = new Map<string, string | undefined>()

  constructor(
    readonly state: CalendarState,
    readonly section: SyncSection,
    readonly incoming: Map<RecordKind, Map<number, SiteRecord>>,
    readonly now: number,
  ) {}

  records(info: KindInfo): Map<number, SiteRecord> {
    return this.incoming.get(info.kind) as Map<number, SiteRecord>
  }

  /** Reports a conflict; not one changed on both sides that differs in nothing but what TEC's every update changes. */
  conflict(info: KindInfo, id: number, reason: SyncConflict['reason'], site?: SiteRecord): void {
    const here = info.collection(this.state).get(id)
    const context = { settings: this.state.settings, now: this.now }
    const conflict = conflictOf(info, id, reason, here, site, context)
    if (reason !== 'changed-both' || conflict.differences.length > 0) this.outcome.conflicts.push(conflict)
  }
}

/** Sorts the incoming records into kept (changed here) and taken, and reports those changed on both sides. */
function sortIncoming(run: PullRun): void {
  for (const info of KINDS) {
    const collection = info.collection(run.state)
    for (const [id, site] of run.records(info)) {
      const line = run.section.records[info.route][id]
      const entry = line === undefined ? undefined : entryOfLine(line)
      const here = collection.get(id)
      if (entry && (here === undefined || recordHash(here) !== entry.hash)) {
        run.kept.add(key(info.kind, id))
        if (!sameOnSite(info, entry, site)) run.conflict(info, id, here ? 'changed-both' : 'deleted-here', site)
      }
    }
  }
}

/**
 * Moves the records made here (no entry) that hold an ID the site uses to fresh IDs above every ID the site sent,
 * links included: the site's record takes its ID. Posts and terms are two ID spaces (docs/data-file.md).
 */
function makeRoom(run: PullRun): void {
  const { state, section } = run
  for (const info of KINDS)
    for (const id of run.records(info).keys()) {
      if (info.isTerm) state.noteTermId(id)
      else state.notePostId(id)
    }
  for (const info of KINDS)
    for (const id of run.records(info).keys()) {
      const holder = KINDS.find(
        (other) => other.isTerm === info.isTerm && other.collection(state).get(id) !== undefined,
      )
      if (holder === undefined || section.records[holder.route][id] !== undefined) continue
      const to = holder.isTerm ? state.nextTermId() : state.nextPostId()
      renumber(state, holder.kind, id, to)
      run.outcome.warnings.push(`${holder.kind} ${id} made here took ID ${to}: the site uses ID ${id}`)
      run.outcome.touched = true
    }
}

/**
 * Stores the site's records but the kept ones. `adoptTimezone`: take the site time zone the records' dates show,
 * events first, so that their own zones are the first tried (`shownZone`).
 */
function importIncoming(run: PullRun, adoptTimezone: boolean): void {
  const { state } = run
  for (const info of KINDS)
    for (const id of run.records(info).keys())
      if (!run.kept.has(key(info.kind, id))) {
        const here = info.collection(state).get(id)
        run.before.set(key(info.kind, id), here && recordHash(here))
      }
  let adopt = adoptTimezone
  for (const info of [...KINDS].reverse()) {
    const records = [...run.records(info).values()]
    if (records.length === 0) continue
    const now = instantToWall(run.now, state.siteTimezone)
    const keep = (kind: string, id: number) => run.kept.has(`${kind}:${id}`)
    const report = importTec(state, { [info.route]: records }, { now, adoptTimezone: adopt, keep })
    if (report.timezone !== undefined) {
      adopt = false
      run.outcome.touched = true
    }
    run.outcome.warnings.push(...report.warnings)
  }
}

/** Counts what the import did and records each taken record's entry. */
function recordTaken(run: PullRun): void {
  const { outcome, section } = run
  for (const info of KINDS) {
    const collection = info.collection(run.state)
    for (const [id, site] of run.records(info)) {
      if (run.kept.has(key(info.kind, id))) {
        outcome.unchanged++
        continue
      }
      const hash = recordHash(collection.get(id) as StoredRecord)
      const before = run.before.get(key(info.kind, id))
      if (before === undefined) outcome.added++
      else if (before !== hash) outcome.changed++
      else outcome.unchanged++
      section.records[info.route][id] = entryLine({ ...siteVersion(info, site), hash })
    }
  }
}

/** Removes what the site no longer has, unless it was changed here; forgets links to what was deleted here. */
function removeGone(run: PullRun): void {
  const { state, section } = run
  for (const info of KINDS) {
    const collection = info.collection(state)
    const entries = section.records[info.route]
    for (const [text, line] of Object.entries(entries)) {
      const id = Number(text)
      if (run.records(info).has(id)) continue
      const here = collection.get(id)
      if (here !== undefined && recordHash(here) !== entryOfLine(line).hash) {
        run.conflict(info, id, 'deleted-on-site')
        continue
      }
      delete entries[text]
      run.outcome.touched = true
      if (here === undefined) continue
      removeRecord(state, info, here)
      run.outcome.removed++
    }
  }
  for (const item of run.kept) {
    const [kind, text] = item.split(':') as [RecordKind, string]
    const info = KINDS.find((candidate) => candidate.kind === kind) as KindInfo
    const id = Number(text)
    if (info.collection(state).get(id) === undefined) forget(state, info, id, 0)
  }
}

function removeRecord(state: CalendarState, info: KindInfo, record: StoredRecord): void {
  info.collection(state).delete(record.id)
  forget(state, info, record.id, typeof record.parent === 'number' ? record.parent : 0)
}

/** Drops the links to a record that is gone (docs/data-file.md: no dangling reference), as a delete for good does. */
function forget(state: CalendarState, info: KindInfo, id: number, parent: number): void {
  if (info.kind === 'category' || info.kind === 'tag') forgetTerm(state, info.kind, id, parent)
  else forgetPost(state, info.kind, id)
}

/** A first pull's settings: the site's page size, address and TEC release, undoably (the journal). */
function takeSettings(state: CalendarState, site: SiteSettings): void {
  const { settings } = state
  const old = { per_page: settings.per_page, site_url: settings.site_url, tec_version: settings.tec_version }
  settings.per_page = site.per_page ?? settings.per_page
  settings.site_url = site.site_url
  settings.tec_version = site.tec_version ?? settings.tec_version
  state.journal.record(() => Object.assign(settings, old))
}

/**
 * A pull's change to the data file (run it inside `calendarCore(calendar).write`): the site's records are stored
 * through the TEC importer, with their IDs, slugs, dates and extra keys, except those changed here since the last pull
 * or push, which stay as they are (a conflict when the site changed them too); records gone from the site are removed
 * unless changed here (a conflict); records made here that hold an ID the site uses move to a fresh ID. The first pull
 * into a file takes the site's settings (`siteSettings`): its page size, its address as `site_url`, its TEC release, and its time zone,
 * the one WordPress names when known, else the one the events' dates show. The `sync` section is rewritten.
 *
 * @param now epoch ms: the "now" of records that carry no date.
 * @throws SyncError `sync-origin` when the state mirrors another site, or holds records and mirrors none.
 */
export function applyPull(
  state: CalendarState,
  pulled: PulledRecords,
  origin: string,
  now: number,
  site?: SiteSettings,
): PullOutcome {
  checkMirror(state, origin)
  const found = readSection(state)
  if (found === undefined && site !== undefined) takeSettings(state, site)
  const named = found === undefined && site?.timezone !== undefined && setSiteZone(state, site.timezone)
  const section = found ?? emptySection(origin)
  const before = JSON.stringify(section)
  const run = new PullRun(state, section, incomingOf(pulled), now)
  sortIncoming(run)
  makeRoom(run)
  importIncoming(run, found === undefined && !named)
  recordTaken(run)
  removeGone(run)
  const { outcome } = run
  outcome.touched ||=
    named || outcome.added + outcome.changed + outcome.removed > 0 || JSON.stringify(section) !== before
  writeSection(state, section)
  return outcome
}
