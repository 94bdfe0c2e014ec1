import { type EventHandler, type H3, type H3Event, HTTPResponse } from 'h3'
import { noRoute } from '../core/errors.js'
import type { AppExtension } from '../http/app.js'
import { PREFIX } from '../http/prefixes.js'
import { errorResponse } from '../http/respond.js'
import { ChangeFeed } from './change-feed.js'
import { CHANGES_PATH, changeStream, changeStreamHead, OpenStreams } from './change-stream.js'
import { changesDoc } from './changes-doc.js'
import { fileResponse } from './file-response.js'
import { StaticFiles } from './static-files.js'

/** Where the page's files are served, outside the interface's prefixes: `_calfile/ui/<name>`, relative to `/`. */
const ASSETS_PATH = '/_calfile/ui'

/**
 * The page for people (docs/http.md#the-page-and-docs), beside the interface on the same port:
 * - `GET /`: the calendar of the data file in month, week and list views (FullCalendar), fed by the interface's
 *   own routes, live through the change stream, with the file's problems while it is invalid; writes from the
 *   page go through the interface like any client's (`src/web/assets/`).
 * - `GET /docs`: the OpenAPI document of `/calendar/events/v1/doc` in swagger-ui, "Try it out" against this server.
 * - `GET /_calfile/ui/<name>`: their scripts and styles, FullCalendar's and swagger-ui's from the installed
 *   packages.
 * - `GET /calendar/events/v1/changes` (and under TEC's prefix): the change stream, documented in `/doc`.
 * Every GET answers HEAD too, as the interface's routes do (docs/errors.md).
 *
 * @example
 * const listener = await serve(calendar, { port: 3000, host: '127.0.0.1', extensions: [webPage()] })
 */
export function webPage(): AppExtension {
  const streams = new OpenStreams()
  return {
    mount(app, calendar) {
      const files = new StaticFiles()
      const served = (event: H3Event, name: string) => {
        const file = files.get(name)
        return file ? fileResponse(file, event) : errorResponse(noRoute())
      }
      getAndHead(app, '/', (event) => served(event, 'page.html'))
      // `/docs/` would resolve the document's relative links below it: sent to `/docs`, relatively (a proxy's path).
      getAndHead(app, '/docs', (event) =>
        new URL(event.req.url).pathname.endsWith('/')
          ? new HTTPResponse(null, { status: 308, headers: { Location: '../docs' } })
          : served(event, 'docs.html'),
      )
      getAndHead(app, `${ASSETS_PATH}/:name`, (event) => served(event, event.context.params?.name ?? ''))
      app.get(PREFIX + CHANGES_PATH, changeStream(calendar, new ChangeFeed(calendar), streams))
      app.head(PREFIX + CHANGES_PATH, changeStreamHead(calendar))
    },
    openapi: changesDoc,
    close: () => streams.closeAll(),
  }
}

function getAndHead(app: H3, path: string, handler: EventHandler): void {
  app.get(path, handler)
  app.head(path, handler)
}
