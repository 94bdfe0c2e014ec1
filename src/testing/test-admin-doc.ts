import type { OpenApiPart } from '../http/openapi.js'

const TAG = 'test admin'
const JSON_TYPE = 'application/json'

const CLOCK = {
  type: 'object',
  required: ['now', 'frozen'],
  properties: {
    now: { type: 'string', format: 'date-time', description: "The server's now, ISO 8601 UTC" },
    frozen: { type: 'boolean', description: 'Whether the clock stands still (false: real time, maybe moved)' },
  },
}

const JOURNAL = {
  type: 'object',
  required: ['requests'],
  properties: {
    requests: {
      type: 'array',
      description: 'The last 500 requests to the server, oldest first; the test admin routes are left out',
      items: {
        type: 'object',
        required: ['time', 'method', 'path', 'status', 'body_size'],
        properties: {
          time: { type: 'string', format: 'date-time', description: 'When the answer went out (real time, UTC)' },
          method: { type: 'string' },
          path: { type: 'string', description: 'The path as sent, query included' },
          status: { type: 'integer' },
          body_size: { type: 'integer', description: 'Bytes of the request body received' },
        },
      },
    },
  },
}

const ok = (description: string, schema: object) => ({ description, content: { [JSON_TYPE]: { schema } } })

/**
 * The test admin routes in `/doc` (issue 12), under their own tag. They live at the site root, outside the
 * interface's prefix, so each path carries the root as its server.
 */
export const testAdminDoc: OpenApiPart = {
  tags: [
    {
      name: TAG,
      description:
        'Served with `calfile serve --test-admin` only, on loopback, without tokens: for test suites that run out of process',
    },
  ],
  paths: (root) => {
    const servers = [{ url: root }]
    const operation = (summary: string, responses: object, extra: object = {}) => ({
      tags: [TAG],
      summary,
      security: [{}],
      responses,
      ...extra,
    })
    return {
      '/_calfile/reset': {
        servers,
        post: operation('Put back the data file as the server opened it, the clock as it started, an empty journal', {
          200: ok('Reset', {
            type: 'object',
            required: ['reset', 'clock'],
            properties: { reset: { const: true }, clock: CLOCK },
          }),
        }),
      },
      '/_calfile/clock': {
        servers,
        get: operation("The server's clock", { 200: ok('The clock', CLOCK) }),
        put: operation(
          'Freeze the clock at an instant, or move it (frozen or running)',
          {
            200: ok('The clock after the move', CLOCK),
            400: { $ref: '#/components/responses/BadRequest' },
          },
          {
            requestBody: {
              required: true,
              content: {
                [JSON_TYPE]: {
                  schema: {
                    oneOf: [
                      {
                        type: 'object',
                        required: ['now'],
                        additionalProperties: false,
                        properties: {
                          now: { type: ['string', 'number'], description: 'ISO 8601 instant, or epoch ms' },
                        },
                      },
                      {
                        type: 'object',
                        required: ['advance'],
                        additionalProperties: false,
                        properties: {
                          advance: { type: ['string', 'number'], description: 'ms, or 1d, 2h, 30m, -45s' },
                        },
                      },
                    ],
                  },
                },
              },
            },
          },
        ),
      },
      '/_calfile/requests': {
        servers,
        get: operation('The journal of requests', { 200: ok('The journal', JOURNAL) }),
        delete: operation('Empty the journal', { 200: ok('The empty journal', JOURNAL) }),
      },
    }
  },
}
