import type { Taxonomy, TermRecord } from '../records.js'
import { extraKeys, type NormalizeContext, resolveSlug } from './post.js'

/** The stored keys of a term; any other key is an extra kept as it is (CONTRACT §5). */
export const TERM_KEYS: ReadonlySet<string> = new Set(['id', 'name', 'slug', 'description', 'parent'])

/** A stored category or tag with defaults filled in (CONTRACT §1, §3); tags always have `parent` 0. */
export function normalizeTerm(
  raw: Record<string, unknown>,
  id: number,
  taxonomy: Taxonomy,
  ctx: NormalizeContext,
): TermRecord {
  const name = raw.name as string
  const record: TermRecord = {
    id,
    name,
    slug: resolveSlug(raw.slug as string | undefined, name, id, ctx.state.terms(taxonomy)),
    description: (raw.description as string | undefined) ?? '',
    parent: taxonomy === 'category' ? ((raw.parent as number | undefined) ?? 0) : 0,
  }
  return Object.assign(record, extraKeys(raw, TERM_KEYS))
}
