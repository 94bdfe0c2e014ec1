import type { RecordKind } from '../../core/model/kinds.js'
import type { SyncConflict } from '../conflict.js'

/** One record a push sent, or would send (`dryRun`). */
export interface PushedRecord {
  kind: RecordKind
  /** The record's ID on the site (for a create, the one the site gave; a dry run has none yet: the local one). */
  id: number
  /** For a create: the ID the record had in the data file before. */
  localId?: number
  label: string
  /** For an update: the fields sent. For a create: those a create sends. */
  fields: string[]
  /** For a create: the site had it already, from a push that was cut off, and it was taken as it is. */
  found?: boolean
}

/** A record a push left alone, and why: it links to a record the site lacks, or its change cannot be sent. */
export interface SkippedRecord {
  kind: RecordKind
  id: number
  label: string
  reason: string
}

/** What `push` did, or would do (`dryRun`). */
export interface PushReport {
  dryRun: boolean
  created: PushedRecord[]
  updated: PushedRecord[]
  /** Trashed on the site (events, venues, organizers) or deleted (categories, tags). */
  deleted: PushedRecord[]
  conflicts: SyncConflict[]
  skipped: SkippedRecord[]
  /** Records whose request failed (`error`: the site's answer or the network's). */
  failed: Array<{ kind: RecordKind; id: number; label: string; error: string }>
  /** HTTP requests sent, retries included. */
  requests: number
}

/** An empty report. */
export function emptyReport(dryRun: boolean): PushReport {
  return { dryRun, created: [], updated: [], deleted: [], conflicts: [], skipped: [], failed: [], requests: 0 }
}

const quoted = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'none'
  return text.length > 60 ? `${text.slice(0, 57)}…` : text
}

/** A conflict as one line: `conflict: event 12 "Jazz": changed here and on the site: title (here "A", site "B")`. */
export function conflictLine(conflict: SyncConflict): string {
  const why = {
    'changed-both': 'changed here and on the site',
    'deleted-on-site': 'changed here, deleted on the site',
    'deleted-here': 'deleted here, changed on the site',
  }[conflict.reason]
  const fields = conflict.differences.map((d) => `${d.field} (here ${quoted(d.here)}, site ${quoted(d.site)})`)
  return `conflict: ${conflict.label}: ${why}${fields.length > 0 ? `: ${fields.join(', ')}` : ''}`
}

/**
 * A push report as lines for people, one per record (`created event 66401 "Jazz" (was 66360)`, `updated event 12
 * "Jazz": title, start_date`, conflicts with both versions' fields), then the summary:
 * `+3 ~2 -1, 1 conflict, 0 skipped, 0 failed` (created, updated, deleted).
 */
export function pushLines(report: PushReport): string[] {
  const would = report.dryRun ? 'would ' : ''
  const verb = (done: string, plan: string) => (report.dryRun ? plan : done)
  const lines = [
    ...report.created.map(
      (r) =>
        `${would}${verb('created', 'create')} ${r.label}${r.localId !== undefined && r.localId !== r.id ? ` (was ${r.localId})` : ''}${r.found ? ': found on the site, from a push that was cut off' : ''}`,
    ),
    ...report.updated.map((r) => `${would}${verb('updated', 'update')} ${r.label}: ${r.fields.join(', ')}`),
    ...report.deleted.map((r) => `${would}${verb('deleted', 'delete')} ${r.label}`),
    ...report.conflicts.map(conflictLine),
    ...report.skipped.map((r) => `skipped: ${r.label}: ${r.reason}`),
    ...report.failed.map((r) => `failed: ${r.label}: ${r.error}`),
  ]
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  lines.push(
    `${report.dryRun ? 'dry run: ' : ''}+${report.created.length} ~${report.updated.length} -${report.deleted.length}, ` +
      `${count(report.conflicts.length, 'conflict')}, ${report.skipped.length} skipped, ${report.failed.length} failed`,
  )
  return lines
}
