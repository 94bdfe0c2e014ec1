/**
 * The two sides of a parity run, each fresh per scenario: the real TEC site (reset by `reset.sh`, reached over
 * HTTP) and calfile (a memory calendar in the same fresh state, reached in-process through `app.request`).
 * "The same fresh state": the site zone America/New_York, the site's page size of 10 (WordPress's
 * `posts_per_page`), an administrator `admin` whose application password is the oracle's and whose e-mail is the
 * oracle's (WordPress shows it in `/wp-json/wp/v2/users/me` and as the site's `admin_email`), no records.
 * calfile's clock is the oracle's (`Side.clock`), so that posts written in the same step get the same second on
 * both sides and lists ordered by publication date compare.
 */
import { openCalendar } from '../../src/core/calendar.js'
import { tokenHash } from '../../src/core/model/users.js'
import { createApp } from '../../src/http/app.js'
import { TEC_PREFIX } from '../../src/http/prefixes.js'
import { type Realtec, resetOracle } from '../realtec/oracle.js'
import type { As, Step } from './scenario.js'

/** calfile's origin in these runs: another port than the oracle's, as two installs have. */
export const CALFILE_ORIGIN = 'http://127.0.0.1:3000'

export interface Answer {
  status: number
  headers: Headers
  text: string
}

export interface Side {
  name: 'tec' | 'calfile'
  origin: string
  send(step: Step, path: string, body: unknown): Promise<Answer>
  /** The side's clock, epoch ms: the oracle's own for TEC; for calfile, set to the oracle's before each step. */
  clock: { now: number }
}

/** The real TEC, reset to its fresh state. */
export async function tecSide(realtec: Realtec): Promise<Side> {
  await resetOracle(realtec)
  return {
    name: 'tec',
    origin: realtec.base,
    clock: { now: Date.now() },
    async send(step, path, body) {
      const response = await fetch(realtec.base + fromRoot(path), request(step, body, realtec.password))
      return { status: response.status, headers: response.headers, text: await response.text() }
    },
  }
}

/** A fresh calfile whose one user has the oracle's login. */
export async function calfileSide(realtec: Realtec): Promise<Side> {
  const initial = JSON.stringify({
    settings: { timezone: 'America/New_York', per_page: 10, tec_version: realtec.version },
    users: [
      {
        id: 1,
        name: realtec.user,
        role: 'administrator',
        // What the oracle's `wp_install()` gives its user (`../shared/realtec/install.php`).
        email: `${realtec.user}@example.test`,
        token_sha256: tokenHash(realtec.password),
      },
    ],
  })
  const clock = { now: Date.now() }
  const app = createApp(await openCalendar(null, { initial, now: () => clock.now }))
  return {
    name: 'calfile',
    origin: CALFILE_ORIGIN,
    clock,
    async send(step, path, body) {
      const response = await app.request(CALFILE_ORIGIN + fromRoot(path), request(step, body, realtec.password))
      return { status: response.status, headers: response.headers, text: await response.text() }
    },
  }
}

/**
 * A step's path from the site's root: as it is under `/wp-json/` and on the root itself (`/?rest_route=…`,
 * `/index.php?…`), else under TEC's REST v1 prefix.
 */
function fromRoot(path: string): string {
  return /^\/(?:wp-json\/|\?|index\.php)/u.test(path) ? path : TEC_PREFIX + path
}

function request(step: Step, body: unknown, password: string): RequestInit {
  const headers: Record<string, string> = { ...step.headers }
  const login = loginOf(step.as ?? 'admin', password)
  if (login) headers.authorization = `Basic ${Buffer.from(login).toString('base64')}`
  let payload: string | undefined
  if (step.origin) headers.origin = step.origin
  if (body !== undefined) {
    const form = typeof body === 'string'
    headers['content-type'] = step.type ?? (form ? 'application/x-www-form-urlencoded' : 'application/json')
    payload = form ? body : JSON.stringify(body)
  }
  return { method: step.method ?? 'GET', headers, body: payload, redirect: 'manual' }
}

function loginOf(as: As, password: string): string | undefined {
  if (as === 'anonymous') return undefined
  return as === 'wrong-password' ? 'admin:wrong-password-0000' : `admin:${password}`
}
