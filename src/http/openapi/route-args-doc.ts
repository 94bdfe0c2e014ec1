/**
 * The arguments of each route as WordPress describes them (docs/http.md), for `OPTIONS`, the namespace index and the
 * OpenAPI document, which load this (and the JSON Schema conversion it uses) on their first request only.
 */
import type { JsonSchema } from '@valibot/to-json-schema'
import { KIND_OF } from '../../core/model/kinds.js'
import type { Settings } from '../../core/model/records.js'
import type { DescribedRoute } from './describe.js'
import { type FieldDoc, objectFields } from './requests.js'

/** Where a route argument is sent. */
export type ArgPlace = 'path' | 'query' | 'body'

/** One argument of a route: a field of its schemas, or the `{id}`/`{slug}` of its path. */
export interface RouteArg extends FieldDoc {
  in: ArgPlace
  required: boolean
}

/**
 * The arguments of a route (docs/http.md): its path key, then its query or body fields. Body fields that core
 * marks as needed on create are required on the create route only; defaults that live in the data file's
 * settings rather than in a schema (`per_page`) are filled from `settings`.
 */
export function routeArgs(route: DescribedRoute, settings: Settings): RouteArg[] {
  const args: RouteArg[] = route.key ? [pathArg(route)] : []
  for (const field of route.query ? objectFields(route.query) : []) {
    args.push({ ...withSettingsDefault(field, settings), in: 'query', required: false })
  }
  for (const field of route.body ? objectFields(route.body) : []) {
    args.push({ ...field, in: 'body', required: route.action === 'create' && field.requiredOnCreate })
  }
  return args
}

/**
 * The path key's argument: the path keys are matched by the app (digits-only IDs, docs/errors.md), not by a schema.
 */
function pathArg(route: DescribedRoute): RouteArg {
  const kind = route.resource ? KIND_OF[route.resource] : 'record'
  const key = route.key ?? 'id'
  const description = key === 'slug' ? `Slug of the ${kind}` : `Numeric ID of the ${kind}`
  const schema: JsonSchema =
    key === 'slug' ? { type: 'string', description } : { type: 'integer', minimum: 0, description }
  return { name: key, schema, description, requiredOnCreate: false, in: 'path', required: true }
}

/**
 * `per_page` defaults to `settings.per_page` (docs/lists.md): the schema leaves it to the list, which reads the file.
 */
function withSettingsDefault(field: FieldDoc, settings: Settings): FieldDoc {
  if (field.name !== 'per_page' || field.default !== undefined) return field
  return { ...field, default: settings.per_page, schema: { ...field.schema, default: settings.per_page } }
}
