import { eventQuerySchema } from '../../core/resources/events/event-query.js'
import type { OpenApiPart } from '../../http/openapi/openapi.js'
import { objectFields } from '../../http/openapi/requests.js'

type Json = Record<string, unknown>

/** The feeds' own query parameter: present with any value, as TEC's `isset( $_GET['ical'] )`. */
const ICAL_PARAMETER: Json = {
  name: 'ical',
  in: 'query',
  required: true,
  description: 'Asks for the iCalendar export; any value (TEC sends 1). Without it the path is no route (404).',
  schema: { type: 'string' },
}

/**
 * The event list's query parameters, from the schema the list validates them with (extended revision), without
 * `page` and `per_page`: a feed holds every page.
 */
function listParameters(): Json[] {
  return objectFields(eventQuerySchema('extended'))
    .filter((field) => field.name !== 'page' && field.name !== 'per_page')
    .map((field) => {
      const { description: _description, ...schema } = field.schema
      return { name: field.name, in: 'query', required: false, description: field.description, schema }
    })
}

const header = (description: string, required = true): Json => ({ description, required, schema: { type: 'string' } })

const VALIDATORS: Json = {
  ETag: header('Strong validator of the text; send it back in If-None-Match'),
  'Last-Modified': header('Newest change of an event, its venue or organizers (absent for an empty feed)', false),
  'Cache-Control': header('no-cache: revalidate stored copies'),
}

const FEED: Json = {
  description: 'The iCalendar (RFC 5545) text',
  headers: {
    ...VALIDATORS,
    'Content-Disposition': header('attachment; filename="<site>-<hash>.ics"'),
  },
  content: { 'text/calendar': { schema: { type: 'string' } } },
}

const NOT_MODIFIED: Json = { description: 'If-None-Match names the current ETag: no body', headers: VALIDATORS }

const IF_NONE_MATCH: Json = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'ETags of copies the client holds; a match answers 304',
  schema: { type: 'string' },
}

const error = (name: string): Json => ({ $ref: `#/components/responses/${name}` })

/** A GET operation and its HEAD twin (RFC 9110 §9.3.2): the same parameters and statuses, no content. */
function getAndHead(id: string, summary: string, parameters: Json[], errors: Record<string, string>): Json {
  const failures = Object.fromEntries(Object.entries(errors).map(([status, name]) => [status, error(name)]))
  const { content: _content, ...feedHead } = FEED
  const operation = (suffix: string, ok: Json) => ({
    operationId: `${id}${suffix}`,
    summary: suffix ? `${summary}: status and headers only` : summary,
    tags: ['ical'],
    parameters: [ICAL_PARAMETER, ...parameters, IF_NONE_MATCH],
    responses: { '200': ok, '304': NOT_MODIFIED, ...failures },
  })
  return { get: operation('', FEED), head: operation('Head', feedHead) }
}

/**
 * The feeds in the OpenAPI document (docs/http.md), tag `ical`: TEC's site paths, outside the interface's prefix,
 * so each path carries its own server, the site root. Their paths are written as TEC links them, with the trailing
 * slash, which also keeps `/events/` apart from the list route `/events` below the prefix.
 */
export const feedOpenApi: OpenApiPart = {
  tags: [{ name: 'ical', description: "iCalendar feeds on TEC's site paths (`?ical=1`), for calendar apps" }],
  paths(root: string) {
    const servers = [{ url: root }]
    const slug: Json = {
      name: 'slug',
      in: 'path',
      required: true,
      description: 'Slug of the event',
      schema: { type: 'string' },
    }
    return {
      '/events/': {
        servers,
        ...getAndHead(
          'getEventsICalendar',
          'Every event of an event list query (by default the published ones that have not ended), as iCalendar',
          listParameters(),
          { '400': 'BadRequest', '401': 'Unauthorized', '404': 'NotFound' },
        ),
      },
      '/event/{slug}/': {
        servers,
        ...getAndHead('getEventICalendar', 'One event as iCalendar', [slug], {
          '401': 'Unauthorized',
          '403': 'Forbidden',
          '404': 'NotFound',
        }),
      },
    }
  },
}
