import { createHash } from 'node:crypto'
import slugify from '@sindresorhus/slugify'
import { type FeedSource, renderFeed } from '../export/export-calendar.js'
import { type FeedEvent, utcMs } from '../export/export-vevent.js'

/** A feed as HTTP sends it: its text and what its headers say of it. */
export interface RenderedFeed {
  text: string
  /** A strong validator, quoted (RFC 9110 §8.8.3): the SHA-1 of the text, so equal texts have equal tags. */
  etag: string
  /** The newest change of an event, its venue or organizers, as an HTTP date; none for a feed without events. */
  lastModified?: string
  /** TEC's attachment name: `<site name>-<11 hex digits of the MD5 of "ical" and the event IDs>.ics`. */
  filename: string
}

const sha1 = (parts: Array<string | Buffer>) => {
  const hash = createHash('sha1')
  for (const part of parts) hash.update(part)
  return hash.digest('base64url')
}

/**
 * Rendered feeds kept by their sources: a subscriber that polls a feed which did not change costs the list pages
 * (kept by core as JSON) and a hash of them, not a new text. A source is its events' JSON and its head, which
 * together fix the text (`renderFeed` reads nothing else but the runtime's zone data), so a kept text is never
 * stale. The least recently used ones go once the texts pass `maxBytes` (UTF-16 code units, about bytes).
 */
export class RenderedFeeds {
  readonly #kept = new Map<string, RenderedFeed>()
  readonly #maxBytes: number
  #bytes = 0

  constructor(maxBytes = 16 * 1024 * 1024) {
    this.#maxBytes = maxBytes
  }

  /** The feed of a source, rendered now or kept from an earlier call. @throws Error as `renderFeed`. */
  of(source: FeedSource): RenderedFeed {
    const key = sha1([JSON.stringify(source.head), ...source.json])
    const kept = this.#kept.get(key)
    if (kept) {
      this.#kept.delete(key)
      this.#kept.set(key, kept)
      return kept
    }
    const rendered = render(source)
    this.#kept.set(key, rendered)
    this.#bytes += rendered.text.length
    for (const [oldest, feed] of this.#kept) {
      if (this.#bytes <= this.#maxBytes || oldest === key) break
      this.#kept.delete(oldest)
      this.#bytes -= feed.text.length
    }
    return rendered
  }
}

function render(source: FeedSource): RenderedFeed {
  const events = source.events()
  const text = renderFeed(events, source.head)
  const ids = events.map((event) => event.id).join('')
  const hash = createHash('md5').update(`ical${ids}`).digest('hex').slice(0, 11)
  const newest = newestChange(events)
  return {
    text,
    etag: `"${sha1([text])}"`,
    ...(newest === undefined ? {} : { lastModified: new Date(newest).toUTCString() }),
    filename: `${slugify(source.head.name) || 'calendar'}-${hash}.ics`,
  }
}

/** The latest `modified_utc` of the events and of their venues and organizers, epoch ms. */
function newestChange(events: FeedEvent[]): number | undefined {
  const walls = events.flatMap((event) => [
    event.modified_utc,
    ...(Array.isArray(event.venue) ? [] : [event.venue.modified_utc]),
    ...event.organizer.map((organizer) => organizer.modified_utc),
  ])
  return walls.reduce<number | undefined>(
    (newest, wall) => (wall === undefined ? newest : Math.max(newest ?? -Infinity, utcMs(wall))),
    undefined,
  )
}
