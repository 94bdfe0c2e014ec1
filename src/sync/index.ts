/**
 * calfile's sync with a live TEC site (docs/cli.md): `pull` mirrors the site in a data file, `push` sends back what
 * changed in it. Used by `calfile pull` and `calfile push`.
 */
export type { SyncConflict } from './conflict.js'
export { SiteError, SyncError } from './errors.js'
export { type ProgressBar, progressBar } from './progress-bar.js'
export { type PullOptions, type PullReport, pull, pullSummary } from './pull/pull.js'
export type { PullProgress } from './pull/pull-fetch.js'
export { type PushOptions, push } from './push/push.js'
export { conflictLine, type PushedRecord, type PushReport, pushLines, type SkippedRecord } from './push/push-report.js'
export type { RetryNotice, SiteOptions } from './site/site-client.js'
export type { SyncEntry, SyncSection } from './sync-section.js'
