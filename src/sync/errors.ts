/**
 * What pull and push throw when they cannot go on: a `code` to tell cases apart, and a message for people.
 * - `site-url`: the site address is not one to send to (not http(s), or plain http beyond loopback with credentials).
 * - `site-unreachable`: the network failed after every retry; `site-redirect`: the site sent elsewhere.
 * - `site-answer`: the site answered with an error status after every retry, or with something that is not JSON.
 * - `sync-origin`: the data file mirrors another site, or holds records without being a mirror of this one.
 * - `sync-push-unfinished`: a pull while a push that was cut off has not been run again.
 * - `sync-invalid`: the data file's `sync` section is not in the shape calfile writes.
 */
export class SyncError extends Error {
  readonly code: string

  constructor(code: string, message: string) {
    super(message)
    this.name = 'SyncError'
    this.code = code
  }
}

/** A site's error answer (`site-answer`): its HTTP status, the URL asked, and the WordPress error code if it sent one. */
export class SiteError extends SyncError {
  readonly status: number
  readonly url: string
  readonly siteCode: string | undefined

  constructor(status: number, url: string, message: string, siteCode?: string) {
    super('site-answer', message)
    this.name = 'SiteError'
    this.status = status
    this.url = url
    this.siteCode = siteCode
  }
}
