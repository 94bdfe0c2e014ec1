import { SiteError } from './errors.js'
import type { SyncRoute } from './kinds.js'
import type { SiteClient } from './site-client.js'
import type { SiteRecord } from './site-record.js'

/**
 * The site's record `id` of `route` (`events/12`), or undefined when the site says it is gone: 404, 410, or TEC's
 * 403 `…-no-longer-available` for a record in its trash.
 * @throws SiteError for another refusal (403 `…-not-accessible`: these credentials may not read it), and as
 *   `SiteClient.request`.
 */
export async function readRecord(site: SiteClient, route: SyncRoute, id: number): Promise<SiteRecord | undefined> {
  const { status, body, url } = await site.request(`${route}/${id}`, { accept: [403, 404, 410] })
  if (status === 200) return body as SiteRecord
  const code = (body as { code?: unknown } | null)?.code
  if (status === 403 && !(typeof code === 'string' && code.endsWith('no-longer-available')))
    throw new SiteError(status, url, `${url}: 403 ${String(code)}`, typeof code === 'string' ? code : undefined)
  return undefined
}
