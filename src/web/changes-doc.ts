import type { OpenApiPart } from '../http/openapi/openapi.js'

const TAG = 'live'

const DESCRIPTION = `Server-Sent Events: one message each time the data changes, for as long as the connection stays open
(the page at \`/\` follows it). Each message's \`id\` is the state version (one more per write that landed in the file
and per hand edit loaded) and its \`data\` is JSON:

- \`event: hello\`, first on every connection: \`{"version": 3, "timezone": "America/New_York", "api_revision":
  "extended", "today": "2026-07-01"}\`, the site zone, the revision of the interface (which list parameters it
  takes) and the server's today in the site zone, by its clock (\`--now\`, or moved by a test).
- \`event: clock\`, when the server's today changes (midnight in the site zone, a clock moved by a test):
  \`{"version": 3, "today": "2026-08-10"}\`.
- \`event: change\`, after a write landed or a hand edit was loaded: \`{"version": 4, "cause": "write" | "reload",
  "timezone": "…", "api_revision": "…", "collections": ["events", "venues", "settings", …], "records": {"events": {"created": [12],
  "updated": [10], "deleted": []}}}\`.
- \`event: invalid\`, when the data file on disk is invalid (also right after \`hello\` while it is):
  \`{"version": 4, "error": {"code": "store-file-invalid", "message": "…", "data": {"status": 503, "file": "…",
  "problems": [{"path": "events[3].start_date", "message": "…", "line": 41, "column": 21}]}}}\`, the very body
  writes answer with meanwhile; reads keep serving the last valid state.
- \`event: valid\`, when the file is valid again: \`{"version": 5}\`.

\`records\` and \`error\` are sent to those who may see every record (open mode, editors, administrators); others
are told which collections changed and that the file is invalid. A comment line comes every 25 s when nothing
else does, and \`retry\` asks a client that lost the stream to connect again after a second.`

const EXAMPLE = `id: 3
event: hello
retry: 1000
data: {"version":3,"timezone":"America/New_York","api_revision":"extended","today":"2026-07-01"}

id: 4
event: change
data: {"version":4,"cause":"reload","timezone":"America/New_York","api_revision":"extended","collections":["events"],"records":{"events":{"created":[],"updated":[10],"deleted":[]}}}

`

/** The change stream in `/doc` (docs/http.md), under its own tag; its path is below the interface's prefix. */
export const changesDoc: OpenApiPart = {
  tags: [{ name: TAG, description: 'Changes of the data as they happen, as Server-Sent Events' }],
  paths: () => {
    const get = {
      operationId: 'followChanges',
      summary: 'Follow the changes of the data, as Server-Sent Events',
      description: DESCRIPTION,
      tags: [TAG],
      responses: {
        200: {
          description: 'An endless event stream',
          content: { 'text/event-stream': { schema: { type: 'string' }, example: EXAMPLE } },
        },
        401: { $ref: '#/components/responses/Unauthorized' },
      },
    }
    return {
      '/changes': {
        get,
        head: {
          ...get,
          operationId: 'followChangesHead',
          summary: 'Follow the changes of the data: status and headers only',
          description: 'The status and headers of the stream, which is not opened.',
          responses: {
            200: { description: 'The stream would open' },
            401: {
              description:
                'rest_forbidden: a Bearer token that matches no user; incorrect_password, invalid_username or invalid_email: wrong Basic credentials',
            },
          },
        },
      },
    }
  },
}
