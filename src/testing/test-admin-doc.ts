import type { OpenApiPart } from '../http/openapi/openapi.js'

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
          status: { type: 'integer', description: 'The status answered; 0 when a fault closed the connection' },
          body_size: { type: 'integer', description: 'Bytes of the request body received' },
          fault: { type: 'string', description: 'The id of the injected fault that answered it, if one did' },
        },
      },
    },
  },
}

const RULE_PROPERTIES = {
  method: { type: 'string', description: 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, or * (any, the default)' },
  path: {
    type: 'string',
    description:
      'Path pattern, query left out, either prefix written or not (/events, /wp-json/tribe/events/v1/events/*); * stands for any characters, / included',
  },
  times: { type: 'integer', minimum: 1, description: 'Requests it answers before it goes away; default: all' },
  percent: { type: 'number', minimum: 0, maximum: 100, description: 'Chance a matching request is answered; 100' },
  status: { type: 'integer', minimum: 400, maximum: 599, description: 'Answer this status, in the error shape' },
  retry_after: { type: 'integer', minimum: 0, description: 'Retry-After seconds sent with status' },
  delay: { type: 'integer', minimum: 0, maximum: 600000, description: 'Wait this many ms, then serve as usual' },
  close: { const: true, description: 'Close the connection with no answer' },
}
const actionRule = (action: 'status' | 'delay' | 'close') => ({
  type: 'object',
  required: ['path', action],
  additionalProperties: false,
  properties: Object.fromEntries(
    Object.entries(RULE_PROPERTIES).filter(
      ([name]) =>
        !['status', 'retry_after', 'delay', 'close'].includes(name) ||
        name === action ||
        (action === 'status' && name === 'retry_after'),
    ),
  ),
})
const FAULT_RULE = { oneOf: [actionRule('status'), actionRule('delay'), actionRule('close')] }
const FAULT = {
  type: 'object',
  required: ['id', 'method', 'path', 'percent', 'answered'],
  properties: {
    ...RULE_PROPERTIES,
    id: { type: 'string' },
    answered: { type: 'integer', description: 'Requests it answered so far' },
  },
}
const FAULTS = { type: 'object', required: ['faults'], properties: { faults: { type: 'array', items: FAULT } } }

const ok = (description: string, schema: object) => ({ description, content: { [JSON_TYPE]: { schema } } })

/**
 * The test admin routes in `/doc` (docs/http.md), under their own tag. They live at the site root, outside the
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
        post: operation('Put back the data file as opened, the clock as it started, an empty journal, no faults', {
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
      '/_calfile/faults': {
        servers,
        get: operation('The faults injected into requests to the interface', { 200: ok('The faults', FAULTS) }),
        post: operation(
          'Inject a fault: matching requests get an error answer, wait, or have their connection closed',
          { 201: ok('The fault added', FAULT), 400: { $ref: '#/components/responses/BadRequest' } },
          { requestBody: { required: true, content: { [JSON_TYPE]: { schema: FAULT_RULE } } } },
        ),
        delete: operation('Remove every fault', { 200: ok('No faults', FAULTS) }),
      },
      '/_calfile/faults/{id}': {
        servers,
        delete: operation(
          'Remove a fault',
          {
            200: ok('The fault removed', {
              type: 'object',
              required: ['deleted', 'previous'],
              properties: { deleted: { const: true }, previous: FAULT },
            }),
            404: { $ref: '#/components/responses/NotFound' },
          },
          { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] },
        ),
      },
    }
  },
}
