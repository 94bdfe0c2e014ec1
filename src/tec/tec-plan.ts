import { formatPath, type JsonPath } from '../core/document/locate.js'
import { CalendarError } from '../core/errors.js'
import type { LinkedPostKind, PostKind, Taxonomy } from '../core/model/kinds.js'
import type { CalendarState } from '../core/model/state.js'
import { below, type Capture, type Located } from './tec-capture.js'
import { label } from './tec-fields.js'
import type {
  EventCapture,
  ImageCapture,
  OrganizerCapture,
  PostCapture,
  TermCapture,
  VenueCapture,
} from './tec-schema.js'

interface Claim {
  kind: PostKind | Taxonomy
  path: JsonPath
}

const KIND_NAMES: Record<PostKind | Taxonomy, string> = {
  event: 'an event',
  venue: 'a venue',
  organizer: 'an organizer',
  media: 'a media entry',
  category: 'a category',
  tag: 'a tag',
}

function conflict(id: number, claim: Claim, other: string): CalendarError {
  const where = formatPath([...claim.path, 'id'])
  const message = `${where}: ID ${id} is ${KIND_NAMES[claim.kind]} in the capture but ${other}`
  return new CalendarError('import-id-conflict', 409, message, { path: where, id })
}

/**
 * Every record of the capture, once (TEC embeds the same venue in every event that uses it: the first copy is
 * kept), each ID checked against the capture's other records and the state's before anything is stored.
 */
export class Plan {
  readonly events = new Map<number, Located<EventCapture>>()
  readonly venues = new Map<number, Located<VenueCapture>>()
  readonly organizers = new Map<number, Located<OrganizerCapture>>()
  readonly media = new Map<number, Located<ImageCapture & { id: number }>>()
  readonly categories = new Map<number, Located<TermCapture>>()
  readonly tags = new Map<number, Located<TermCapture>>()
  readonly #posts = new Map<number, Claim>()
  readonly #terms = new Map<number, Claim>()

  constructor(readonly state: CalendarState) {}

  /** The post IDs (events, venues, organizers, media) the capture holds. */
  postIds(): Iterable<number> {
    return this.#posts.keys()
  }

  /** The term IDs (categories, tags) the capture holds. */
  termIds(): Iterable<number> {
    return this.#terms.keys()
  }

  /** An event and every record embedded in it. @throws CalendarError 409 `import-id-conflict` */
  addEvent(item: Located<EventCapture>): void {
    const { value } = item
    this.#keep(this.events, 'event', item)
    this.#addImage(item)
    if (value.venue) this.addLinked(this.venues, 'venue', below(item, value.venue, 'venue'))
    value.organizer?.forEach((organizer, i) => {
      this.addLinked(this.organizers, 'organizer', below(item, organizer, 'organizer', i))
    })
    value.categories?.forEach((term, i) => {
      this.addTerm('category', below(item, term, 'categories', i))
    })
    value.tags?.forEach((term, i) => {
      this.addTerm('tag', below(item, term, 'tags', i))
    })
  }

  /** A category or tag. @throws CalendarError 409 `import-id-conflict` */
  addTerm(taxonomy: Taxonomy, item: Located<TermCapture>): void {
    this.#keep(taxonomy === 'category' ? this.categories : this.tags, taxonomy, item)
  }

  /** A venue or organizer and its image. @throws CalendarError 409 `import-id-conflict` */
  addLinked<T extends VenueCapture | OrganizerCapture>(
    map: Map<number, Located<T>>,
    kind: LinkedPostKind,
    item: Located<T>,
  ): void {
    this.#keep(map, kind, item)
    this.#addImage(item)
  }

  #addImage(owner: Located<PostCapture>): void {
    const image = owner.value.image
    // An image without a media ID is stored as its URL on the record (see storedImage).
    if (!image?.id) return
    this.#keep(this.media, 'media', below(owner, { ...image, id: image.id }, 'image'))
  }

  #keep<T extends { id: number }>(map: Map<number, Located<T>>, kind: PostKind | Taxonomy, item: Located<T>): void {
    this.#claim(item.value.id, { kind, path: item.path })
    if (!map.has(item.value.id)) map.set(item.value.id, item)
  }

  /** Posts share one ID space and terms another (docs/data-file.md): an ID may name one kind only. */
  #claim(id: number, next: Claim): void {
    const isTerm = next.kind === 'category' || next.kind === 'tag'
    const claims = isTerm ? this.#terms : this.#posts
    const earlier = claims.get(id)
    if (earlier && earlier.kind !== next.kind) {
      throw conflict(id, next, `${KIND_NAMES[earlier.kind]} at ${formatPath([...earlier.path, 'id'])}`)
    }
    const stored = isTerm ? this.state.termTaxonomy(id) : this.state.postKind(id)
    if (stored && stored !== next.kind) throw conflict(id, next, `${KIND_NAMES[stored]} in the data file`)
    if (!earlier) claims.set(id, next)
  }
}

/**
 * The plan of storing `capture` into `state`: its records once each, by kind and ID.
 *
 * @throws CalendarError 409 `import-id-conflict` when an ID is already another kind's, in the capture or the state
 *   (`events[3].venue.id: ID 54 is a venue in the capture but an event in the data file`).
 */
export function planImport(state: CalendarState, capture: Capture): Plan {
  const plan = new Plan(state)
  for (const item of capture.events) plan.addEvent(item)
  for (const item of capture.venues) plan.addLinked(plan.venues, 'venue', item)
  for (const item of capture.organizers) plan.addLinked(plan.organizers, 'organizer', item)
  for (const item of capture.categories) plan.addTerm('category', item)
  for (const item of capture.tags) plan.addTerm('tag', item)
  return plan
}

/**
 * The parent a category keeps: its own when that category is in the capture or the data file, else 0
 * (docs/data-file.md forbids a dangling parent), and 0 where it would close a cycle with the data file's categories.
 */
function categoryParent(term: TermCapture, plan: Plan, warnings: Set<string>): number {
  const { state } = plan
  const parent = term.parent ?? 0
  if (parent === 0) return 0
  const name = label('category', term.id, term.name)
  if (!plan.categories.has(parent) && !state.categories.get(parent)) {
    warnings.add(`${name}: parent ${parent} is not in the capture or the data file; stored with parent 0`)
    return 0
  }
  const parentOf = (at: number) => plan.categories.get(at)?.value.parent ?? state.categories.get(at)?.parent ?? 0
  const seen = new Set<number>()
  for (let at = parent; at !== 0 && !seen.has(at); at = parentOf(at)) {
    if (at === term.id) {
      warnings.add(`${name}: parent ${parent} would make it its own ancestor; stored with parent 0`)
      return 0
    }
    seen.add(at)
  }
  return parent
}

/**
 * The parent of each planned category (by category ID) as it will be stored, each dropped parent reported in
 * `warnings`. Settled before any term is stored, so that the checks see the data file as it was.
 */
export function categoryParents(plan: Plan, warnings: Set<string>): Map<number, number> {
  const parents = new Map<number, number>()
  for (const { value } of plan.categories.values()) parents.set(value.id, categoryParent(value, plan, warnings))
  return parents
}
