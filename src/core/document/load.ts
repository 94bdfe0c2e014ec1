import type { ValidatedTexts } from '../cache/validated-texts.js'
import type { DocumentFile, MediaRecord, Settings } from '../model/records.js'
import { CalendarState } from '../model/state.js'
import type { UserRecord } from '../model/user-record.js'
import { normalizeEvent } from '../resources/events/event-record.js'
import { normalizeOrganizer, normalizeVenue } from '../resources/linked-posts/venue-record.js'
import type { NormalizeContext } from '../resources/posts/post.js'
import { normalizeRevision } from '../resources/posts/revisions.js'
import { DEFAULT_TEC_VERSION } from '../resources/tec-versions.js'
import { normalizeTerm } from '../resources/terms/term-record.js'
import { DEFAULT_TIMEZONE, documentProblems } from './checks.js'
import { DocumentError, type Problem } from './error.js'
import { formatPath, JsonLocator, type JsonPath } from './locate.js'

/** What loading needs beyond the text. */
export interface LoadOptions {
  /** Shown in error messages. */
  file: string
  /** Site time zone that overrides `settings.timezone` (the `--timezone` flag). */
  timezone?: string
  /** "Now" as a wall time in the site time zone, for records written without `date` (docs/responses.md#event). */
  now: (timezone: string) => string
  /**
   * The texts of this file known valid (a restart of the same file): a text among them is not validated again; one
   * that validates is added. The schema transforms nothing, so the parsed text is what validation would give.
   */
  validated?: ValidatedTexts
}

const POST_COLLECTIONS = ['events', 'venues', 'organizers', 'media', 'revisions'] as const
const TERM_COLLECTIONS = ['categories', 'tags'] as const

/**
 * Parses and validates a data file (docs/data-file.md) into a fresh state with every default filled in.
 * An empty text is an empty store.
 *
 * A text `options.validated` holds is not validated again; `bytes`, the text's UTF-8 as read, spares encoding it
 * again for its key there.
 *
 * @throws DocumentError listing every problem with its JSON path and line:column, in the order of the text: a
 * JSON syntax error alone (nothing can be checked beyond it), else every field of the wrong form together with
 * every rule broken across records (duplicate IDs, dangling references, …), so that one round of fixes does.
 */
export function loadDocument(text: string, options: LoadOptions, bytes?: Uint8Array): CalendarState {
  const { file, locator, key } = parsed(text, options, bytes)
  if (!known(key, options)) check(file, text, locator, key, options)
  return buildState(file as DocumentFile, options)
}

/**
 * `loadDocument` beside a validation of the same file run elsewhere (`validateInWorker`), whose `verdict` is the
 * key of the text it found valid (`ValidatedTexts.keyOf`): the state is built while the verdict is awaited, and
 * returned only once the verdict names this very text, or, for any other verdict (none, or a text saved since),
 * once this text is validated here as `loadDocument` validates it. Nothing is returned before the text is known
 * valid. `bytes`, the text's UTF-8 as read, spares encoding it again for its key.
 *
 * @example
 * const state = await loadDocumentBeside(text, options, validateInWorker(file, undefined), bytes)
 * @throws DocumentError as `loadDocument`.
 */
export async function loadDocumentBeside(
  text: string,
  options: LoadOptions,
  verdict: Promise<string | undefined>,
  bytes?: Uint8Array,
): Promise<CalendarState> {
  const { file, locator, key } = parsed(text, options, bytes)
  if (known(key, options)) return buildState(file as DocumentFile, options)
  let built: CalendarState | undefined
  try {
    built = buildState(file as DocumentFile, options)
  } catch {
    // An invalid file may break the build: the validation below says what is wrong with it.
  }
  if (key !== undefined && (await verdict) === key) options.validated?.vouch(key)
  else check(file, text, locator, key, options)
  return built ?? buildState(file as DocumentFile, options)
}

/**
 * The parsed text, its locator for messages and its key in the cache of validated texts (none without one), from
 * the text's UTF-8 `bytes` when the caller has them.
 */
function parsed(text: string, options: LoadOptions, bytes?: Uint8Array) {
  const locator = new JsonLocator(text)
  return { file: parseJson(text, locator, options.file), locator, key: options.validated?.keyOf(bytes ?? text) }
}

/** Whether the text of `key` is known valid, from an earlier start or a validation beside. */
function known(key: string | undefined, options: LoadOptions): boolean {
  return key !== undefined && options.validated?.has(key) === true
}

/** Validates a parsed text, remembering it valid. @throws DocumentError listing its problems. */
function check(file: unknown, text: string, locator: JsonLocator, key: string | undefined, options: LoadOptions): void {
  const problems = documentProblems(file, text, options.timezone).map((p) => toProblem(p.path, p.message, locator))
  if (problems.length > 0) throw new DocumentError(options.file, inTextOrder(problems))
  if (key !== undefined) options.validated?.add(key)
}

/** Problems sorted by where they are, so that a person fixes the file from top to bottom. */
function inTextOrder(problems: Problem[]): Problem[] {
  return [...problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0))
}

function parseJson(text: string, locator: JsonLocator, file: string): unknown {
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text)
  } catch {
    const { message, position } = locator.syntaxError()
    throw new DocumentError(file, [{ path: '', message, ...position }])
  }
}

function toProblem(path: JsonPath, message: string, locator: JsonLocator): Problem {
  return { path: formatPath(path), message, ...locator.locate(path) }
}

function buildState(file: DocumentFile, options: LoadOptions): CalendarState {
  const settings = normalizeSettings(file.settings ?? {})
  const state = new CalendarState(settings, extraTopLevel(file), options.timezone)
  const ctx: NormalizeContext = { state, now: options.now(state.siteTimezone) }
  for (const key of POST_COLLECTIONS) for (const raw of file[key] ?? []) if (raw.id) state.notePostId(raw.id)
  for (const key of TERM_COLLECTIONS) for (const raw of file[key] ?? []) if (raw.id) state.noteTermId(raw.id)
  for (const raw of usersOf(file)) state.users.put(raw)
  for (const raw of file.media ?? []) state.media.put({ ...raw, id: raw.id ?? state.nextPostId() } as MediaRecord)
  for (const raw of file.categories ?? []) {
    state.categories.put(normalizeTerm(raw, raw.id ?? state.nextTermId(), 'category', ctx))
  }
  for (const raw of file.tags ?? []) state.tags.put(normalizeTerm(raw, raw.id ?? state.nextTermId(), 'tag', ctx))
  for (const raw of file.venues ?? []) state.venues.put(normalizeVenue(raw, raw.id ?? state.nextPostId(), ctx))
  for (const raw of file.organizers ?? []) {
    state.organizers.put(normalizeOrganizer(raw, raw.id ?? state.nextPostId(), ctx))
  }
  for (const raw of file.events ?? []) state.events.put(normalizeEvent(raw, raw.id ?? state.nextPostId(), ctx))
  for (const raw of file.revisions ?? []) state.revisions.put(normalizeRevision(raw))
  return state
}

/** The settings with their defaults, known keys always in this order and keys beyond them after, as the file keeps them. */
function normalizeSettings(raw: NonNullable<DocumentFile['settings']>): Settings {
  const known = {
    timezone: raw.timezone ?? DEFAULT_TIMEZONE,
    per_page: raw.per_page ?? 6,
    max_per_page: raw.max_per_page ?? 50,
    site_url: raw.site_url ?? null,
    base_url: raw.base_url ?? null,
    api_revision: raw.api_revision ?? ('extended' as const),
    tec_lossy_writes: raw.tec_lossy_writes ?? true,
    tec_version: raw.tec_version ?? DEFAULT_TEC_VERSION,
    geoloc_filters: raw.geoloc_filters ?? false,
    post_revisions: raw.post_revisions ?? true,
  }
  const beyond = Object.entries(raw).filter(([key]) => !(key in known))
  return { ...known, ...Object.fromEntries(beyond) }
}

/** The file's users, or user 1 as administrator when it names none (docs/responses.md#event, docs/auth.md). */
function usersOf(file: DocumentFile): UserRecord[] {
  const users = file.users ?? []
  if (users.length === 0) return [{ id: 1, name: 'admin', role: 'administrator' }]
  return users.map((user) => ({ ...user, name: user.name ?? `user-${user.id}`, role: user.role ?? 'subscriber' }))
}

const KNOWN_TOP = new Set([
  'settings',
  'users',
  'events',
  'venues',
  'organizers',
  'categories',
  'tags',
  'media',
  'revisions',
])
function extraTopLevel(file: DocumentFile): Record<string, unknown> {
  return Object.fromEntries(Object.entries(file).filter(([key]) => !KNOWN_TOP.has(key)))
}
