import { instantToWall } from '../../../core/dates/zoned.js'
import { CalendarError } from '../../../core/errors.js'
import type { ServedPostKind, Taxonomy } from '../../../core/model/kinds.js'
import type { EventRecord } from '../../../core/model/records.js'
import type { CalendarState } from '../../../core/model/state.js'
import { withDescendants } from '../../../core/model/term-tree.js'
import { matchesSearch } from '../../wordpress/post-query.js'
import { type ArgumentSchema, restInteger } from '../../wordpress/rest-server/argument-checks.js'
import { type AnyPost, titleOf } from './wp-post.js'

/**
 * The filters of a `wp/v2` post collection beyond IDs and statuses, as `WP_REST_Posts_Controller::get_items()` hands
 * them to `WP_Query`: the publication and modification dates (`after`, `before`, `modified_after`,
 * `modified_before`: a `date_query`, each bound excluded), the authors (`author`, `author_exclude`), the search's
 * columns and semantics (`search_columns`, `search_semantics=exact`), and an event's terms (`tags`,
 * `tribe_events_cat`, their `_exclude`, each a list of IDs or `{ terms, operator, include_children }`, joined by
 * `tax_relation`: a `tax_query`).
 */

/** The columns `search_columns` may name, in `WP_Query`'s order. */
const SEARCH_COLUMNS = ['post_title', 'post_content', 'post_excerpt'] as const

/**
 * The arguments of the filters here, to go in `get_collection_params()`'s places (`collectionArguments`); the term
 * arguments are read by `termFilter`, which takes their two forms.
 */
export const FILTER_ARGUMENTS = {
  after: {
    description: 'Limit response to posts published after a given ISO8601 compliant date.',
    type: 'string',
    format: 'date-time',
  },
  modified_after: {
    description: 'Limit response to posts modified after a given ISO8601 compliant date.',
    type: 'string',
    format: 'date-time',
  },
  author: {
    description: 'Limit result set to posts assigned to specific authors.',
    type: 'array',
    items: { type: 'integer' },
    default: [],
  },
  author_exclude: {
    description: 'Ensure result set excludes posts assigned to specific authors.',
    type: 'array',
    items: { type: 'integer' },
    default: [],
  },
  before: {
    description: 'Limit response to posts published before a given ISO8601 compliant date.',
    type: 'string',
    format: 'date-time',
  },
  modified_before: {
    description: 'Limit response to posts modified before a given ISO8601 compliant date.',
    type: 'string',
    format: 'date-time',
  },
  search_semantics: { description: 'How to interpret the search input.', type: 'string', enum: ['exact'] },
  search_columns: {
    description: 'Array of column names to be searched.',
    type: 'array',
    items: { type: 'string', enum: SEARCH_COLUMNS },
    default: [],
  },
  tax_relation: {
    description: 'Limit result set based on relationship between multiple taxonomies.',
    type: 'string',
    enum: ['AND', 'OR'],
  },
} as const satisfies Record<string, ArgumentSchema>

/**
 * A `date-time` argument as a wall time in the site's zone (`rest_parse_date()`, then `WP_Date_Query` reading it
 * in the site's zone): an offset or `Z` converted, fractions of a second dropped.
 *
 * @example
 * siteWall('2026-01-04T05:00:00Z', 'America/New_York', 'after') // '2026-01-04 00:00:00'
 * @throws CalendarError 400 `rest_invalid_param` (`rest_invalid_date`, "Invalid date.").
 */
export function siteWall(value: string, siteZone: string, param: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2})(?:\.\d+)?(Z|z|[+-]\d{2}(?::?\d{2})?)?$/u.exec(value)
  if (!match) {
    const message = 'Invalid date.'
    throw new CalendarError('rest_invalid_param', 400, `Invalid parameter(s): ${param}`, {
      params: { [param]: message },
      details: { [param]: { code: 'rest_invalid_date', message, data: null } },
    })
  }
  const wall = `${match[1]} ${match[2]}`
  const offset = match[3]
  if (offset === undefined) return wall
  const instant = Date.parse(`${match[1]}T${match[2]}${offset.toUpperCase() === 'Z' ? 'Z' : withColon(offset)}`)
  return instantToWall(instant, siteZone)
}

function withColon(offset: string): string {
  return offset.length === 3
    ? `${offset}:00`
    : offset.includes(':')
      ? offset
      : `${offset.slice(0, 3)}:${offset.slice(3)}`
}

/** Whether a post passes the date, author and search filters of checked arguments `args`. */
export function postFilter(
  kind: ServedPostKind,
  args: Readonly<Record<string, unknown>>,
  siteZone: string,
): (post: AnyPost) => boolean {
  const bound = (key: string) =>
    typeof args[key] === 'string' ? siteWall(args[key] as string, siteZone, key) : undefined
  const after = bound('after')
  const before = bound('before')
  const modifiedAfter = bound('modified_after')
  const modifiedBefore = bound('modified_before')
  const authors = args.author as number[]
  const notAuthors = new Set(args.author_exclude as number[])
  const columns = args.search_columns as string[]
  const exact = args.search_semantics === 'exact'
  return (post) => {
    if ((after && !(post.date > after)) || (before && !(post.date < before))) return false
    if ((modifiedAfter && !(post.modified > modifiedAfter)) || (modifiedBefore && !(post.modified < modifiedBefore)))
      return false
    if ((authors.length > 0 && !authors.includes(post.author)) || notAuthors.has(post.author)) return false
    const texts: Record<string, string> = {
      post_title: titleOf(kind, post),
      post_excerpt: post.excerpt,
      post_content: post.description,
    }
    const searched = (columns.length > 0 ? columns : SEARCH_COLUMNS).map((column) => texts[column] as string)
    if (exact && typeof args.search === 'string') {
      const search = args.search.toLowerCase()
      return searched.some((text) => text.toLowerCase() === search)
    }
    return matchesSearch(args.search, searched)
  }
}

/** One taxonomy's clause as sent: the IDs, all or any of them, and a category's children with them. */
interface TermClause {
  terms: number[]
  operator: 'AND' | 'OR'
  includeChildren: boolean
}

/**
 * An event's term filter (`prepare_tax_query()`): for each of `tags` and `tribe_events_cat` sent, the event has any
 * (or with `operator=AND` all) of the IDs; for each `_exclude`, none of them; a category's children count with
 * `include_children`. The clauses are joined by `tax_relation` (`AND` unless `OR`).
 *
 * @example
 * termFilter(state, { tags: { terms: ['3', '4'], operator: 'AND' } }, 'AND')(event) // true when the event has both
 * @throws CalendarError 400 `rest_invalid_param` for an ID that is not an integer.
 */
export function termFilter(
  state: CalendarState,
  query: Readonly<Record<string, unknown>>,
  relation: unknown,
): (event: EventRecord) => boolean {
  const clauses: Array<(event: EventRecord) => boolean> = []
  for (const [param, taxonomy, field] of [
    ['tags', 'tag', 'tags'],
    ['tribe_events_cat', 'category', 'categories'],
  ] as const) {
    const include = termClause(query[param], param)
    if (include) {
      const ids = withChildren(state, taxonomy, include)
      clauses.push((event) =>
        include.operator === 'AND'
          ? include.terms.every((id) => event[field].includes(id))
          : event[field].some((id) => ids.has(id)),
      )
    }
    const exclude = termClause(query[`${param}_exclude`], `${param}_exclude`)
    if (exclude) {
      const ids = withChildren(state, taxonomy, exclude)
      clauses.push((event) => !event[field].some((id) => ids.has(id)))
    }
  }
  if (clauses.length === 0) return () => true
  return relation === 'OR'
    ? (event) => clauses.some((clause) => clause(event))
    : (event) => clauses.every((clause) => clause(event))
}

/** A term argument read: a list (or CSV) of IDs, or `{ terms, operator, include_children }`; undefined when empty. */
function termClause(value: unknown, param: string): TermClause | undefined {
  if (value === undefined) return undefined
  const object = typeof value === 'object' && value !== null && !Array.isArray(value) && 'terms' in value
  const raw = object ? (value as { terms: unknown }).terms : value
  const list =
    typeof raw === 'string' ? raw.split(/[\s,]+/u).filter((id) => id !== '') : Array.isArray(raw) ? raw : [raw]
  const terms: number[] = []
  for (const [index, item] of list.entries()) {
    const number = restInteger(item)
    // The argument is one of two schemas (`oneOf`); WordPress names the first, the list, and why it failed.
    if (Number.isNaN(number)) {
      const message = `${param} is not a valid Term ID List. Reason: ${param}[${index}] is not of type integer.`
      throw new CalendarError('rest_invalid_param', 400, `Invalid parameter(s): ${param}`, {
        params: { [param]: message },
        details: { [param]: { code: 'rest_no_matching_schema', message, data: { position: 0 } } },
      })
    }
    terms.push(number)
  }
  if (terms.length === 0) return undefined
  const options = object ? (value as { operator?: unknown; include_children?: unknown }) : {}
  return {
    terms,
    operator: options.operator === 'AND' ? 'AND' : 'OR',
    includeChildren:
      options.include_children === true || options.include_children === 'true' || options.include_children === '1',
  }
}

/** The IDs of a clause, with every descendant of each where it includes a category's children (`withDescendants`). */
function withChildren(state: CalendarState, taxonomy: Taxonomy, clause: TermClause): ReadonlySet<number> {
  if (!clause.includeChildren || taxonomy !== 'category') return new Set(clause.terms)
  return new Set(clause.terms.flatMap((id) => [...withDescendants(state, id)]))
}
