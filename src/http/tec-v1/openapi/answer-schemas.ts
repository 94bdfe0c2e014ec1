import { TEC_V1_NAMESPACE } from '../endpoints.js'
import { ref, type Schema } from './schema-keywords.js'

/**
 * The schemas calfile adds for what it answers beside TEC's objects: WordPress's error body, the handlers' own
 * `{"error"}` body, a route as the index lists it and the namespace index.
 */
export const ANSWER_SCHEMAS: Record<string, Schema> = {
  WP_Error: {
    type: 'object',
    description:
      "WordPress's error body (`rest_convert_error_to_response()`); a list's page past the end has no `data`.",
    properties: {
      code: { type: 'string', example: 'rest_invalid_param' },
      message: { type: 'string' },
      data: {
        type: 'object',
        properties: {
          status: { type: 'integer' },
          params: { type: 'object', additionalProperties: { type: 'string' } },
          details: {},
        },
      },
    },
    required: ['code', 'message'],
  },
  Handler_Error: {
    type: 'object',
    description: "The error body of TEC's handlers (`Read_Entity_Response`, `Update_Entity_Response`, …).",
    properties: { error: { type: 'string', example: 'The entity could not be read.' } },
    required: ['error'],
  },
  Route: {
    type: 'object',
    description: 'A route as WordPress lists it (`WP_REST_Server::get_data_for_route()`).',
    properties: {
      namespace: { type: 'string', example: TEC_V1_NAMESPACE },
      methods: { type: 'array', items: { type: 'string' } },
      endpoints: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            methods: { type: 'array', items: { type: 'string' } },
            args: {
              description: "Each argument by name; `[]` (PHP's empty array) for none.",
              oneOf: [
                { type: 'object', additionalProperties: { type: 'object' } },
                { type: 'array', maxItems: 0 },
              ],
            },
          },
          required: ['methods', 'args'],
        },
      },
      schema: { type: 'object', description: "The route's JSON Schema, in the `help` context." },
      _links: { type: 'object', description: 'A `self` link, for a route without a parameter.' },
    },
    required: ['namespace', 'methods', 'endpoints'],
  },
  Namespace_Index: {
    type: 'object',
    properties: {
      namespace: { type: 'string', example: TEC_V1_NAMESPACE },
      routes: { type: 'object', additionalProperties: ref('Route') },
      _links: { type: 'object' },
    },
    required: ['namespace', 'routes', '_links'],
  },
}
