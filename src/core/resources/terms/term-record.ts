import type { Taxonomy } from '../../model/kinds.js'
import type { TermRecord } from '../../model/records.js'
import { renderTermName } from '../../render/fields.js'
import { extraKeys, type NormalizeContext, resolveSlug } from '../posts/post.js'
import { tecRules } from '../tec-versions.js'

/**
 * The stored keys of a term; any other key is an extra kept as it is and shown last (docs/errors.md). A pulled
 * site's `term_taxonomy_id` is stored, not an extra: TEC shows it in the terms it embeds in events, never in a term's
 * own answers.
 */
export const TERM_KEYS: ReadonlySet<string> = new Set([
  'id',
  'name',
  'slug',
  'description',
  'parent',
  'term_taxonomy_id',
])

/**
 * A stored category or tag with defaults filled in (docs/data-file.md, docs/writes.md); tags always have `parent` 0.
 */
export function normalizeTerm(
  raw: Record<string, unknown>,
  id: number,
  taxonomy: Taxonomy,
  ctx: NormalizeContext,
): TermRecord {
  const name = raw.name as string
  const parent = taxonomy === 'category' ? ((raw.parent as number | undefined) ?? 0) : 0
  const terms = ctx.state.terms(taxonomy)
  const { wordpress } = tecRules(ctx.state.settings)
  const record: TermRecord = {
    id,
    name,
    // WordPress makes the slug from the name as it stored it (`wp_insert_term()` after `pre_term_name`).
    slug: resolveSlug(
      raw.slug as string | undefined,
      renderTermName(name, wordpress),
      id,
      terms,
      wordpress,
      false,
      (base, taken) => withAncestorSlugs(base, parent, terms, taken),
    ),
    description: (raw.description as string | undefined) ?? '',
    parent,
  }
  if (raw.term_taxonomy_id !== undefined) record.term_taxonomy_id = raw.term_taxonomy_id as number
  return Object.assign(record, extraKeys(raw, TERM_KEYS))
}

/**
 * A taken slug of a category with a parent, as `wp_unique_term_slug()` widens it: the parent's slug appended, then
 * the grandparent's and so on, until the result is free or the ancestors run out (`blues` → `blues-genre-two`).
 */
function withAncestorSlugs(
  base: string,
  parent: number,
  terms: ReturnType<NormalizeContext['state']['terms']>,
  taken: (slug: string) => boolean,
): string {
  let slug = base
  const seen = new Set<number>()
  for (let at = parent; at !== 0 && !seen.has(at); ) {
    const above = terms.get(at)
    if (!above) break
    slug += `-${above.slug}`
    if (!taken(slug)) break
    seen.add(at)
    at = above.parent
  }
  return slug
}
