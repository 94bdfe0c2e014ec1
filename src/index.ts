/**
 * calfile as a library: open a data file, read and change it with the same operations and shapes as the HTTP
 * routes, or serve it.
 *
 * @example
 * import { openCalendar, createApp } from 'calfile'
 * const calendar = await openCalendar('data/calendar.json', { timezone: 'America/New_York' })
 * const page = calendar.events.list({ search: 'jazz' })
 * const app = createApp(calendar) // h3 app: app.request('/calendar/events/v1/events')
 */
export type { CalendarBatch, StoredEventFields } from './core/batch.js'
export {
  Calendar,
  type CalendarChange,
  type CalendarOptions,
  type ChangeListener,
  openCalendar,
} from './core/calendar.js'
export { DocumentError, formatProblem, type Problem } from './core/document/error.js'
export { CalendarError } from './core/errors.js'

export type {
  EventRecord,
  OrganizerRecord,
  Settings,
  Status,
  TermRecord,
  VenueRecord,
} from './core/model/records.js'
export type { UserRecord } from './core/model/user-record.js'
export type { EventRef, EventResponse, Events } from './core/resources/events/events.js'
export type { ListPage } from './core/resources/lists.js'
export {
  DEFAULT_TEC_VERSION,
  TEC_VERSIONS,
  type TecRules,
  type TecVersion,
  tecRules,
} from './core/resources/tec-versions.js'
export type { View } from './core/resources/view.js'
export { type AppExtension, type AppOptions, createApp, type RequestLine } from './http/app.js'
export { PREFIX, TEC_PREFIX } from './http/prefixes.js'
export { type ServeOptions, serve } from './http/serve.js'
export { eventToICalendar, type ICalendarOptions, toICalendar } from './ical/export/export-calendar.js'
export { type ICalFeedOptions, icalFeeds } from './ical/feeds/feed-routes.js'
export {
  type ICalendarSource,
  type ICalImportOptions,
  type ICalImportReport,
  type ImportNote,
  type ImportSkip,
  importICalendar,
  importICalendarFile,
  readICalendarFiles,
} from './ical/import/import.js'
export type { SyncConflict } from './sync/conflict.js'
export { SiteError, SyncError } from './sync/errors.js'
export { type PullOptions, type PullReport, pull, pullSummary } from './sync/pull/pull.js'
export { type PushOptions, push } from './sync/push/push.js'
export { conflictLine, type PushReport, pushLines } from './sync/push/push-report.js'
export type { SiteOptions } from './sync/site/site-client.js'
export type { SyncSection } from './sync/sync-section.js'
export { type InitOptions, importIntoFile, initDataFile } from './tec/init.js'
export { webPage } from './web/web-page.js'
