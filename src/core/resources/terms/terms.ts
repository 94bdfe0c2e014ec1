import * as v from 'valibot'
import { safeParseOnce } from '../../cache/parsed-input.js'
import { type ShapeForm, shapedJson, shapeForm } from '../../cache/shaped-text.js'
import type { CalendarCore } from '../../calendar-core.js'
import { instantToWall } from '../../dates/zoned.js'
import { CalendarError, invalidParams, missingParams } from '../../errors.js'
import { COLLECTION_OF, type CollectionOf, type Taxonomy } from '../../model/kinds.js'
import type { TermRecord } from '../../model/records.js'
import type { CalendarState } from '../../model/state.js'
import { withDescendants } from '../../model/term-tree.js'
import { termCount } from '../../search/record-facts.js'
import { assertCanManageTerms, assertCredentials } from '../access.js'
import { firstIssuesByField, textField } from '../fields.js'
import { type ListPage, type ListPageJson, NO_ECHO, paginateJson, parsedPage } from '../lists.js'
import { forgetTerm } from '../posts/removal.js'
import { slugFromTitle } from '../slugs.js'
import { assertTecArgs, invalidBody, type TecArg } from '../tec-args.js'
import { tecRules } from '../tec-versions.js'
import type { View } from '../view.js'
import { LIBRARY_WRITES, type WriteMode } from '../write-mode.js'
import { shapeSingleTerm, termLinks } from './term-links.js'
import { selectTerms, termQuerySchema } from './term-query.js'
import { normalizeTerm } from './term-record.js'
import { shapeTerm, termAncestors } from './term-shape.js'

/** Writable fields of a category or tag (docs/writes.md#categories-and-tags); `parent` only for categories. */
export const TermBodySchema = v.looseObject({
  name: v.optional(textField('Term name; required on create')),
  description: v.optional(textField('Description')),
  slug: v.optional(textField('Slug; default from the name, made unique')),
  parent: v.optional(
    v.pipe(
      v.union([v.number(), v.string()]),
      v.transform(Number),
      v.check((n: number) => Number.isInteger(n) && n >= 0, 'must be a category ID or 0'),
      v.description('Parent category ID, 0 for none'),
      v.metadata({ type: 'integer' }),
    ),
  ),
})

type TermBody = v.InferOutput<typeof TermBodySchema>
/** A term as the term lists and a delete show it (docs/responses.md#categories-and-tags). */
export type TermResponse = ReturnType<typeof shapeTerm>
/** A term as a read, create or update shows it: with WordPress's `_links`. */
export type SingleTermResponse = ReturnType<typeof shapeSingleTerm>

/**
 * Categories or tags: every operation of their routes (docs/http.md#category-and-tag-routes); one class,
 * parameterised by taxonomy.
 *
 * @example
 * await calendar.categories.create({ name: 'Jazz', parent: 3 })
 * calendar.categories.list({ parent: 3, orderby: 'count', order: 'desc' })
 */
export class Terms {
  readonly #core: CalendarCore
  readonly #taxonomy: Taxonomy

  constructor(core: CalendarCore, taxonomy: Taxonomy) {
    this.#core = core
    this.#taxonomy = taxonomy
  }

  /**
   * A page of terms (docs/lists.md#category-and-tag-lists); a page past the end is empty, not a 404. The objects are
   * the caller's own: `JSON.parse` of `listJson`.
   * @throws CalendarError 400 `rest_invalid_param`.
   */
  list(
    query: Record<string, unknown> = {},
    view = this.#core.defaultView(),
  ): ListPage<CollectionOf<Taxonomy>, TermResponse> {
    return parsedPage(this.listJson(query, view))
  }

  /**
   * `list` as the JSON HTTP sends (UTF-8), assembled from each term's kept JSON, not shaped again.
   * @throws CalendarError as `list`.
   */
  listJson(query: Record<string, unknown> = {}, view = this.#core.defaultView()): ListPageJson {
    const state = this.#core.state
    const page = () => this.#page(query, view, state)
    return this.#core.listPages.page(COLLECTION_OF[this.#taxonomy], query, view, state, this.#core.now(), page)
  }

  #page(query: Record<string, unknown>, view: View, state: CalendarState): ListPageJson {
    const parsed = safeParseOnce(termQuerySchema(this.#taxonomy), query)
    if (!parsed.success) throw invalidParams(firstIssuesByField(parsed.issues))
    const { terms, total } = selectTerms(state, this.#taxonomy, parsed.output)
    assertCredentials(view)
    const request = {
      kind: COLLECTION_OF[this.#taxonomy],
      items: terms,
      total,
      page: parsed.output.page,
      perPage: parsed.output.per_page,
      query: NO_ECHO,
    }
    const form = shapeForm(COLLECTION_OF[this.#taxonomy], false, view)
    return paginateJson(request, state.settings, view, (term) => this.#json(state, term, view, form))
  }

  /** @throws CalendarError 404 `rest-category-not-found` / `rest-tag-not-found`. */
  get(id: number, view = this.#core.defaultView()): SingleTermResponse {
    return JSON.parse(this.getJson(id, view).toString())
  }

  /**
   * `get` as the JSON HTTP sends (UTF-8); shared bytes.
   * @throws CalendarError as `get`.
   */
  getJson(id: number, view = this.#core.defaultView()): Buffer {
    const state = this.#core.state
    assertCredentials(view)
    const term = this.#find(state, id)
    const json = this.#json(state, term, view, shapeForm(COLLECTION_OF[this.#taxonomy], false, view))
    // The kept text is the list item's; the single answer adds `_links` as its last key, as `shapeSingleTerm` does.
    const links = JSON.stringify(termLinks(state, term, this.#taxonomy, view))
    return Buffer.concat([json.subarray(0, json.length - 1), Buffer.from(`,"_links":${links}}`)])
  }

  /** A term's shape reads the term, its count and its ancestors (their slugs are in its URL). */
  #json(state: CalendarState, term: TermRecord, view: View, form: ShapeForm): Buffer {
    const inputs = () => [term, termCount(state, term.id), ...termAncestors(state, term, this.#taxonomy)]
    return shapedJson(this.#core.shapedText, state, form, term.id, inputs, () =>
      shapeTerm(state, term, this.#taxonomy, view),
    )
  }

  /**
   * Creates a term (docs/writes.md): `name` required and not empty; a name already used under the same parent is
   * `term_exists`, a taken explicit slug `duplicate_term_slug`. Read as TEC reads it (`mode.tec`), a taken slug
   * gets a suffix and a parent that would make a loop is 0 (`wp_insert_term()`).
   * @throws CalendarError 400, 401/403 (editors and administrators only).
   */
  async create(body: unknown, view = this.#core.defaultView(), mode = LIBRARY_WRITES): Promise<SingleTermResponse> {
    const input = this.#parse(body, mode)
    if (input.name === undefined) throw missingParams(['name'])
    return this.#core.write((state) => this.#save(state, input, undefined, view, mode))
  }

  /**
   * Changes only the fields sent (TEC's term update keeps the others too), with the checks of `create`; read as
   * TEC reads it, a parent that is the category itself or one of its descendants is 0
   * (`wp_check_term_hierarchy_for_loops()`). A slug taken by another term stays a 400: TEC answers that with a 500.
   */
  async update(
    id: number,
    body: unknown,
    view = this.#core.defaultView(),
    mode = LIBRARY_WRITES,
  ): Promise<SingleTermResponse> {
    const input = this.#parse(body, mode)
    return this.#core.write((state) => this.#save(state, input, id, view, mode))
  }

  /**
   * Deletes a term for good, answering with its data as it was; events lose it and its children take its parent
   * (docs/errors.md).
   */
  async delete(id: number, view = this.#core.defaultView()): Promise<TermResponse> {
    assertCredentials(view)
    return this.#core.write((state) => {
      // The ID is one of the request's parameters, checked before the permission, as TEC does.
      const term = this.#find(state, id)
      assertCanManageTerms(view)
      const shaped = shapeTerm(state, term, this.#taxonomy, view)
      state.terms(this.#taxonomy).delete(id)
      forgetTerm(state, this.#taxonomy, id, term.parent)
      return shaped
    })
  }

  #parse(body: unknown, mode: WriteMode): TermBody {
    if (mode.tec) assertTecArgs(body, TERM_ARGS)
    const parsed = safeParseOnce(TermBodySchema, body ?? {})
    if (!parsed.success) throw invalidBody(firstIssuesByField(parsed.issues), mode)
    return parsed.output
  }

  #find(state: CalendarState, id: number): TermRecord {
    const term = state.terms(this.#taxonomy).get(id)
    if (term) return term
    throw new CalendarError(`rest-${this.#taxonomy}-not-found`, 404, `No ${this.#taxonomy} has the ID ${id}.`, { id })
  }

  /**
   * Creates (`id` undefined) or updates a term in TEC's order: the ID and the body against the state (the
   * request's parameters, 400 and 404), then the permission (401/403).
   */
  #save(
    state: CalendarState,
    input: TermBody,
    id: number | undefined,
    view: View,
    mode: WriteMode,
  ): SingleTermResponse {
    const terms = state.terms(this.#taxonomy)
    const existing = id === undefined ? undefined : this.#find(state, id)
    const fields = definedFields(input, this.#taxonomy)
    if (
      mode.tec &&
      existing &&
      typeof fields.parent === 'number' &&
      withDescendants(state, existing.id).has(fields.parent)
    )
      fields.parent = 0
    this.#check(state, fields, existing, mode)
    assertCanManageTerms(view)
    const raw: Record<string, unknown> = { ...existing, ...fields }
    raw.name = String(raw.name).trim()
    const now = instantToWall(this.#core.now(), state.siteTimezone)
    const record = normalizeTerm(raw, existing?.id ?? state.nextTermId(), this.#taxonomy, { state, now })
    terms.put(record)
    return shapeSingleTerm(state, record, this.#taxonomy, view)
  }

  /**
   * The rules of docs/writes.md for the fields a term body sets: a name, a valid parent, no name taken (WordPress's
   * `term_exists` message), and no slug taken, except on a create read as TEC reads it, which gives a taken slug a
   * suffix as it does a default one.
   */
  #check(state: CalendarState, input: TermBody, existing: TermRecord | undefined, mode: WriteMode): void {
    const terms = state.terms(this.#taxonomy)
    const raw: Record<string, unknown> = { ...existing, ...input }
    const name = String(raw.name ?? '').trim()
    if (name === '') throw invalidBody({ name: 'must not be empty' }, mode)
    const parent = Number(raw.parent ?? 0)
    this.#checkParent(state, parent, existing, mode)
    const sameName = [...terms.values()].find(
      (t) => t.id !== existing?.id && t.parent === parent && t.name.toLowerCase() === name.toLowerCase(),
    )
    if (sameName)
      throw new CalendarError(
        'term_exists',
        400,
        this.#taxonomy === 'category'
          ? 'A term with the name provided already exists with this parent.'
          : 'A term with the name provided already exists in this taxonomy.',
        { term_id: sameName.id },
        // A create's error carries the ID twice more: `wp_insert_term()` gives it as the error's data, then
        // `WP_REST_Terms_Controller::create_item()` adds it again before `{status, term_id}`.
        existing === undefined ? [sameName.id, sameName.id] : [],
      )
    if (input.slug !== undefined && !(mode.tec && existing === undefined)) {
      const holder = terms.bySlug(slugFromTitle(input.slug, tecRules(state.settings).wordpress))
      if (holder && holder.id !== existing?.id)
        throw new CalendarError(
          'duplicate_term_slug',
          400,
          `The slug "${input.slug}" is already in use by another ${this.#taxonomy}.`,
          { term_id: holder.id },
        )
    }
  }

  /** docs/writes.md: an existing category, not the category itself nor one of its descendants. */
  #checkParent(state: CalendarState, parent: number, existing: TermRecord | undefined, mode: WriteMode): void {
    if (parent === 0 || this.#taxonomy !== 'category') return
    if (!state.categories.get(parent)) throw invalidBody({ parent: `category ${parent} does not exist` }, mode)
    if (existing && withDescendants(state, existing.id).has(parent)) {
      throw invalidParams({
        parent: `category ${parent} is ${parent === existing.id ? 'the category itself' : 'one of its descendants'}`,
      })
    }
  }
}

/** What TEC's term routes declare for the texts (`Single_Category::CREATE_args()`, `Single_Tag`'s alike): none may be empty. */
export const TERM_ARGS: Record<string, TecArg> = { name: 'text', description: 'text', slug: 'text' }

/** The fields a term body sets; `parent` only for categories. */
function definedFields(input: TermBody, taxonomy: Taxonomy): TermBody {
  const fields: TermBody = {}
  for (const key of ['name', 'description', 'slug'] as const) if (input[key] !== undefined) fields[key] = input[key]
  if (input.parent !== undefined && taxonomy === 'category') fields.parent = input.parent
  return fields
}
