import { SiteError } from '../errors.js'
import type { SyncRoute } from '../kinds.js'
import type { SiteClient } from './site-client.js'
import type { SiteRecord } from './site-record.js'

/**
 * The site's record `id` of `route` (`events/12`), or undefined when the site says it is gone: a record in its
 * trash (TEC shows it with `status: "trash"` to those who may read it; older TEC answered 403
 * `…-no-longer-available`), an ID it does not know (TEC's 400 `rest_invalid_param` for the `id`; 404 or 410
 * elsewhere).
 * @throws SiteError for another refusal (403 `…-not-accessible`: these credentials may not read it; another 400),
 *   and as `SiteClient.request`.
 */
export async function readRecord(site: SiteClient, route: SyncRoute, id: number): Promise<SiteRecord | undefined> {
  const { status, body, url } = await site.request(`${route}/${id}`, { accept: [400, 403, 404, 410] })
  if (status === 200) return (body as SiteRecord).status === 'trash' ? undefined : (body as SiteRecord)
  const code = (body as { code?: unknown } | null)?.code
  if (gone(status, code)) return undefined
  throw new SiteError(status, url, `${url}: ${status} ${String(code)}`, typeof code === 'string' ? code : undefined)
}

function gone(status: number, code: unknown): boolean {
  if (status === 400) return code === 'rest_invalid_param'
  if (status === 403) return typeof code === 'string' && code.endsWith('no-longer-available')
  return true
}
