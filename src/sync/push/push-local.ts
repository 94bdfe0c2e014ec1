import { instantToWall } from '../../core/dates/zoned.js'
import { renumber } from '../../core/model/renumber.js'
import type { CalendarState } from '../../core/model/state.js'
import { importTec } from '../../tec/tec.js'
import { SyncError } from '../errors.js'
import { KINDS, type KindInfo, kindInfo, linksOf, type StoredRecord, type SyncKind } from '../kinds.js'
import { recordHash } from '../record-hash.js'
import { type SiteRecord, siteVersion } from '../site/site-records.js'
import { entryOf, setEntry } from '../sync-section.js'

/**
 * Stores the site's answer for one record in place of the data file's (inside `calendar.write`), through the TEC
 * importer, so that the two read the same (the site's `modified`, `date`, slug…), and records its entry: what the
 * site has now, and the record as stored. Only that record (and a media entry of its image) is taken: the venue or
 * terms an event embeds stay as the data file has them, which may be changes still to push.
 *
 * @param now epoch ms: "now" for the importer.
 */
export function takeBack(state: CalendarState, info: KindInfo, site: SiteRecord, now: number): void {
  const keep = (kind: string, id: number) => kind !== 'media' && !(kind === info.kind && id === site.id)
  importTec(state, { [info.route]: [site] }, { now: instantToWall(now, state.siteTimezone), keep })
  const stored = info.collection(state).get(site.id) as StoredRecord
  setEntry(state, info.route, site.id, { ...siteVersion(info, site), hash: recordHash(stored) })
}

/** Drops the entry of record `id` of `info` (inside `calendar.write`): the site no longer has it. */
export function forgetEntry(state: CalendarState, info: KindInfo, id: number): void {
  setEntry(state, info.route, id, undefined)
}

/**
 * Gives the record made here as `from` the ID `to` the site gave it, links included (`renumber`; inside
 * `calendar.write`). A record made here that holds `to` already moves to a fresh ID first: that move is returned,
 * for the operations that still name it by its old ID.
 *
 * @throws SyncError `sync-invalid` when `to` is the ID of a record the site has as another one.
 */
export function takeSiteId(
  state: CalendarState,
  info: KindInfo,
  from: number,
  to: number,
): { kind: SyncKind; from: number; to: number } | undefined {
  if (from === to) return undefined
  const holder = KINDS.find((other) => other.isTerm === info.isTerm && other.collection(state).get(to) !== undefined)
  let moved: { kind: SyncKind; from: number; to: number } | undefined
  if (holder !== undefined) {
    if (entryOf(state, holder.route, to) !== undefined)
      throw new SyncError('sync-invalid', `the site gave ID ${to}, which the data file has as its ${holder.kind} ${to}`)
    moved = { kind: holder.kind, from: to, to: holder.isTerm ? state.nextTermId() : state.nextPostId() }
    renumber(state, holder.kind, moved.from, moved.to)
  }
  renumber(state, info.kind, from, to)
  return moved
}

/**
 * The links of `record` to records the site lacks (no entry, and not in `planned`, `kind:id` keys of records a dry
 * run would create first): it cannot be sent before they are.
 */
export function unsentLinks(
  state: CalendarState,
  info: KindInfo,
  record: StoredRecord,
  planned: ReadonlySet<string>,
): string[] {
  return linksOf(info, record)
    .filter((link) => entryOf(state, kindInfo(link.kind).route, link.id) === undefined)
    .filter((link) => !planned.has(`${link.kind}:${link.id}`))
    .map((link) => `${link.kind} ${link.id}`)
}
