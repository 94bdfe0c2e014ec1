/**
 * TEC's own MCP server (github.com/the-events-calendar/mcp-server at 4fcf794, v0.1.6; issue 34) run as an assistant's
 * MCP client runs it, against the real TEC 6.17.2 and then against `calfile serve`: the same 19 operations
 * (operations.ts) on a fresh site each, every answer asserted, and calfile's calls compared with TEC's one by one
 * (trace.ts: summary, error or not, requests and statuses, fields returned). The server talks to each site through a
 * recording proxy; every call in full, with its requests and answers, goes to `test/mcp/.output/report.txt`.
 * Needs the real TEC beside the clone, as the parity suite does (skipped with it when `../shared/realtec` is absent).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { tokenHash } from '../../src/core/model/users.js'
import { freePort, startServer, tempDir } from '../cli/cli-helpers.js'
import { type Call, Driver } from './driver.js'
import { OPERATIONS } from './operations.js'
import { bringUpMcpOracle } from './oracle.js'
import { type Exchange, type Recorder, startRecorder } from './recorder.js'
import { buildServer, connect, type McpSession, type Site, TOOLS } from './tec-mcp-server.js'
import { describeCalls, type Outcome, outcomes } from './trace.js'

const OUTPUT = new URL('./.output/', import.meta.url)

/** What one site's run left: each operation's calls and outcomes, which passed, and the start-up requests. */
interface Run {
  calls: Map<string, Call[]>
  outcomes: Map<string, Outcome[]>
  passed: Set<string>
  startup: Exchange[]
}

const newRun = (): Run => ({ calls: new Map(), outcomes: new Map(), passed: new Set(), startup: [] })

/** The three requests the MCP server makes before it answers (its ApiClient.getSiteInfo). */
const startupRequests = (startup: Exchange[]) => startup.map((exchange) => `${exchange.method} ${exchange.path}`)

/**
 * The tests of one site: the server started against it through the recorder, then each operation in order.
 * `reference` is the run to compare with (TEC's), absent for TEC itself.
 */
function drive(start: () => Promise<{ site: Site; stop: () => Promise<void> }>, run: Run, reference?: Run): void {
  let session: McpSession | undefined
  let recorder: Recorder | undefined
  let driver: Driver | undefined
  let stop = async () => {}
  let failure = ''

  afterAll(async () => {
    await session?.close()
    await recorder?.close()
    await stop()
  })

  // Started in a test rather than a hook, so that when it fails each operation says so as a failure of its own.
  it('starts, checks the site (index, users/me, settings) and lists its three tools', {
    timeout: 600_000,
  }, async () => {
    try {
      await buildServer()
      const started = await start()
      stop = started.stop
      recorder = await startRecorder(started.site.url)
      session = await connect({ ...started.site, url: recorder.origin }, await tempDir())
    } catch (error) {
      failure = String(error)
      throw error
    } finally {
      run.startup = recorder?.take() ?? []
    }
    driver = new Driver(session, recorder)
    expect(startupRequests(run.startup)).toEqual([
      'GET /wp-json/',
      'GET /wp-json/wp/v2/users/me',
      'GET /wp-json/wp/v2/settings',
    ])
    expect(run.startup.map((exchange) => exchange.status)).toEqual([200, 200, 200])
    expect(await session.tools()).toEqual([TOOLS.write, TOOLS.read, TOOLS.delete])
  })

  for (const operation of OPERATIONS) {
    it(operation.name, { timeout: 60_000 }, async () => {
      if (!driver) throw new Error(`the MCP server did not start: ${failure}`)
      driver.calls = []
      try {
        await operation.run(driver)
      } finally {
        run.calls.set(operation.name, driver.calls)
        run.outcomes.set(operation.name, outcomes(driver.calls, driver.ids))
      }
      if (reference) expect(run.outcomes.get(operation.name)).toEqual(reference.outcomes.get(operation.name))
      run.passed.add(operation.name)
    })
  }
}

/** `calfile serve` on a free port, on a data file whose one user, an administrator, has an application password. */
async function startCalfile(password: string): Promise<{ site: Site; stop: () => Promise<void> }> {
  const file = join(await tempDir(), 'calendar.json')
  writeFileSync(
    file,
    JSON.stringify({
      settings: { timezone: 'America/New_York', per_page: 10, tec_version: '6.17' },
      users: [{ id: 1, name: 'admin', role: 'administrator', token_sha256: tokenHash(password) }],
    }),
  )
  const port = await freePort()
  const { child } = await startServer([file, '--port', String(port)])
  return {
    site: { url: `http://127.0.0.1:${port}`, user: 'admin', password },
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}

function report(tec: Run, calfile: Run): void {
  const count = (run: Run) => `${run.passed.size} / ${OPERATIONS.length}`
  const lines = [`TEC's MCP server: the real TEC 6.17.2 ${count(tec)}, calfile ${count(calfile)}`, '']
  const startup = (run: Run) =>
    run.startup.map((e) => `  ${e.method} ${e.path} → ${e.status} ${e.answer.slice(0, 300)}`)
  lines.push('## start-up', '### tec', ...startup(tec), '### calfile', ...startup(calfile), '')
  for (const { name } of OPERATIONS) {
    const mark = (run: Run) => (run.passed.has(name) ? 'passed' : 'FAILED')
    lines.push(`## ${name}: tec ${mark(tec)}, calfile ${mark(calfile)}`)
    lines.push('### tec', describeCalls(tec.calls.get(name) ?? []))
    lines.push('### calfile', describeCalls(calfile.calls.get(name) ?? []), '')
  }
  mkdirSync(OUTPUT, { recursive: true })
  writeFileSync(new URL('report.txt', OUTPUT), lines.join('\n'))
  console.log(lines[0])
}

describe.skipIf(!inject('realtec'))("TEC's MCP server (v0.1.6)", () => {
  const tec = newRun()
  const calfile = newRun()

  afterAll(() => report(tec, calfile))

  describe('against the real TEC 6.17.2', () => {
    drive(async () => {
      const { realtec, release } = await bringUpMcpOracle()
      return { site: { url: realtec.base, user: realtec.user, password: realtec.password }, stop: release }
    }, tec)
  })

  describe('against calfile serve, as TEC answers', () => {
    drive(() => startCalfile('mcp-application-password'), calfile, tec)
  })
})
