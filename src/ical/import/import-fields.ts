import { isHttpUrl } from '../../core/resources/fields.js'
import type { Component, Property } from './import-parse.js'

/** The title of a VEVENT without a SUMMARY: calfile needs one (CONTRACT §3), and Google shows this. */
export const NO_TITLE = '(no title)'

/**
 * What a VEVENT says beyond its dates, as an event body for `events.create`/`update` (CONTRACT §3), and its
 * TRANSP when it is `TRANSPARENT`, which no event field holds.
 */
export interface VeventFields {
  body: Record<string, unknown>
  transparent: boolean
}

/**
 * The event fields of a VEVENT (RFC 5545 §3.8):
 * - SUMMARY → `title` (`NO_TITLE` when empty); `X-ALT-DESC;FMTTYPE=text/html` → `description` as it is, else
 *   DESCRIPTION as text made HTML (`textToHtml`);
 * - STATUS:CANCELLED → `draft` (kept, not published, §3.8.1.11); CLASS PRIVATE or CONFIDENTIAL → `private`
 *   (§3.8.1.3); else `publish`;
 * - URL → `website` when an absolute http(s) URL; LOCATION → `venue` by name (found or created, CONTRACT §3), with
 *   GEO's coordinates; ORGANIZER → `organizer` (CN and the mailto: address, §3.8.4.3); CATEGORIES → `categories`
 *   by name (found or created). An absent LOCATION, ORGANIZER or CATEGORIES clears them.
 */
export function veventFields(vevent: Component): VeventFields {
  const text = (name: string) => String(vevent.getFirstPropertyValue(name) ?? '').trim()
  const url = text('url')
  const body: Record<string, unknown> = {
    title: text('summary') || NO_TITLE,
    description: htmlDescription(vevent) ?? textToHtml(text('description')),
    status: statusOf(text('status').toUpperCase(), text('class').toUpperCase()),
    ...(isHttpUrl(url) ? { website: url } : {}),
    venue: venueOf(text('location'), vevent.getFirstPropertyValue('geo')),
    organizer: vevent
      .getAllProperties('organizer')
      .map(organizerOf)
      .filter((organizer) => organizer.organizer !== ''),
    categories: categoriesOf(vevent),
  }
  return { body, transparent: text('transp').toUpperCase() === 'TRANSPARENT' }
}

function statusOf(status: string, access: string): string {
  if (status === 'CANCELLED') return 'draft'
  return access === 'PRIVATE' || access === 'CONFIDENTIAL' ? 'private' : 'publish'
}

/** The HTML description Outlook and TEC add beside the text one (`X-ALT-DESC;FMTTYPE=text/html`). */
function htmlDescription(vevent: Component): string | undefined {
  const html = vevent
    .getAllProperties('x-alt-desc')
    .find((property) => String(property.getParameter('fmttype')).toLowerCase() === 'text/html')
  const value = html?.getFirstValue()
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' }

/** Text as HTML: `&`, `<` and `>` escaped, a paragraph per blank-line-separated block, `<br />` at other line ends. */
function textToHtml(text: string): string {
  if (text === '') return ''
  const escaped = text.replace(/[&<>]/gu, (c) => ENTITIES[c] as string)
  return escaped
    .split(/\n[ \t]*\n\s*/u)
    .map((paragraph) => `<p>${paragraph.replace(/\n/gu, '<br />\n')}</p>`)
    .join('\n')
}

function venueOf(location: string, geo: unknown): Record<string, unknown> | null {
  if (location === '') return null
  const [lat, lng] = Array.isArray(geo) ? geo : []
  const placed = typeof lat === 'number' && typeof lng === 'number'
  return { venue: location, ...(placed ? { geo_lat: lat, geo_lng: lng } : {}) }
}

/** `ORGANIZER;CN=Jazz Society:mailto:hi@example.org` → `{ organizer: 'Jazz Society', email: 'hi@example.org' }`. */
function organizerOf(property: Property): Record<string, string> {
  const address = String(property.getFirstValue() ?? '').trim()
  const email = /^mailto:/iu.test(address) ? address.slice('mailto:'.length) : ''
  const name = String(property.getParameter('cn') ?? '').trim()
  return { organizer: name || email || address, ...(email ? { email } : {}) }
}

/** Every CATEGORIES value (the property may repeat and hold a list, §3.8.1.2), once each, in order. */
function categoriesOf(vevent: Component): string[] {
  const names = vevent
    .getAllProperties('categories')
    .flatMap((property) => property.getValues().map((value) => String(value).trim()))
  return [...new Set(names.filter((name) => name !== ''))]
}
