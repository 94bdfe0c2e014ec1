/**
 * The page's routes (issue 13), in process: `/` and `/docs` as HTML under a strict Content-Security-Policy with no
 * inline script and only relative links, every file they load served from the installed packages or the page's
 * own folder, and the page as an extension an app may go without (`--no-ui`).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openCalendar } from '../../src/core/calendar.js'
import { createApp } from '../../src/http/app.js'
import { CONTENT_SECURITY_POLICY } from '../../src/web/file-response.js'
import { webPage } from '../../src/web/web-page.js'
import { fixture } from '../helpers.js'

const app = createApp(await openCalendar(null, { initial: fixture('small.json') }), { extensions: [webPage()] })

/** The `src` and `href` values of a document. */
function references(html: string): string[] {
  return [...html.matchAll(/\s(?:src|href)="([^"]*)"/gu)].map((match) => match[1] as string)
}

describe.each(['/', '/docs'])('GET %s', (path) => {
  it('is HTML under a strict Content-Security-Policy: this origin only, no inline script or style', async () => {
    const response = await app.request(path)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const policy = response.headers.get('content-security-policy')
    expect(policy).toBe(CONTENT_SECURITY_POLICY)
    expect(policy).toContain("default-src 'none'")
    expect(policy).toContain("script-src 'self';")
    expect(policy).not.toMatch(/unsafe|https?:|\*/u)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    const html = await response.text()
    for (const script of html.match(/<script[^>]*>[^<]*<\/script>/gu) ?? [])
      expect(script).toMatch(/ src="[^"]+"[^>]*><\/script>$/u)
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/u)
  })

  it('links relatively only, and every file it loads is served', async () => {
    const html = await (await app.request(path)).text()
    const links = references(html)
    expect(links.length).toBeGreaterThan(3)
    for (const link of links) expect(link).toMatch(/^(?:data:,$|\.\/$|[a-z_])/u)
    for (const link of links.filter((href) => href.startsWith('_calfile/'))) {
      const response = await app.request(`/${link}`)
      expect(response.status, link).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^text\/(?:javascript|css); charset=utf-8$/u)
    }
  })

  it('answers HEAD with the same headers and no body', async () => {
    const head = await app.request(path, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(await head.text()).toBe('')
  })
})

describe('GET /docs/', () => {
  it('sends the browser to /docs, relatively, so that the document’s relative links resolve', async () => {
    const response = await app.request('/docs/')
    expect(response.status).toBe(308)
    expect(response.headers.get('location')).toBe('../docs')
    expect(new URL('../docs', 'http://127.0.0.1:3000/docs/').pathname).toBe('/docs')
  })
})

describe('the page’s files', () => {
  const require = createRequire(import.meta.url)

  it('are the installed packages’ own bytes for FullCalendar and swagger-ui', async () => {
    const installed = {
      'fullcalendar.js': ['fullcalendar', 'all/global.js'],
      'fullcalendar-classic.js': ['fullcalendar', 'themes/classic/global.js'],
      'swagger-ui-bundle.js': ['swagger-ui-dist', 'swagger-ui-bundle.js'],
      'swagger-ui.css': ['swagger-ui-dist', 'swagger-ui.css'],
    }
    for (const [name, [pkg, file]] of Object.entries(installed)) {
      const response = await app.request(`/_calfile/ui/${name}`)
      const bytes = readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), file as string))
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes), name).toBe(true)
    }
  })

  it('import only one another: every module the page loads is served', async () => {
    const seen = new Set<string>()
    const visit = async (name: string): Promise<void> => {
      if (seen.has(name)) return
      seen.add(name)
      const response = await app.request(`/_calfile/ui/${name}`)
      expect(response.status, name).toBe(200)
      const code = await response.text()
      for (const [, imported] of code.matchAll(/^import .* from '\.\/([a-z-]+\.js)'$/gmu))
        await visit(imported as string)
    }
    await visit('app.js')
    expect(seen.size).toBeGreaterThan(5)
  })

  it('answer 304 to a client that holds them, and 404 rest_no_route for a name that is none', async () => {
    const first = await app.request('/_calfile/ui/app.js')
    const etag = first.headers.get('etag') as string
    expect(etag).toMatch(/^"[\w-]+"$/u)
    const again = await app.request('/_calfile/ui/app.js', { headers: { 'if-none-match': `"other", ${etag}` } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    // If-None-Match compares weakly (RFC 9110 §13.1.2), and `*` names any tag; another tag gets the file.
    for (const [held, status] of [
      [`W/${etag}`, 304],
      ['*', 304],
      ['"other"', 200],
    ] as const) {
      const answer = await app.request('/_calfile/ui/app.js', { headers: { 'if-none-match': held } })
      expect(answer.status, held).toBe(status)
    }
    for (const name of ['nothing.js', '..%2Fweb-page.ts', '%2e%2e%2fpackage.json', 'README.md']) {
      const missing = await app.request(`/_calfile/ui/${name}`)
      expect(missing.status, name).toBe(404)
      expect((await missing.json()).code).toBe('rest_no_route')
    }
  })
})

describe('an app without the page (calfile serve --no-ui)', () => {
  it('answers / and /docs with rest_no_route, as any path it has no route for', async () => {
    const bare = createApp(await openCalendar(null, { initial: fixture('small.json') }))
    for (const path of ['/', '/docs', '/_calfile/ui/app.js', '/calendar/events/v1/changes']) {
      const response = await bare.request(path)
      expect(response.status, path).toBe(404)
      expect((await response.json()).code).toBe('rest_no_route')
    }
  })
})
