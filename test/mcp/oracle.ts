/**
 * The MCP test's own real TEC 6.17.2 (TEC's MCP server speaks only `tec/v1`, which 6.15 brought): beside the four
 * instances of vitest's global setup (test/realtec/oracle.ts), at `<root>-6.17-mcp` and port + 4, since the parity
 * and sync suites reset theirs whenever they like. Started here when it is not running (about 8 s on a fresh root),
 * stopped at the end when this file started it.
 */
import {
  type Instance,
  isUp,
  oracleInstance,
  type Realtec,
  readCredentials,
  realtecScript,
  resetOracle,
} from '../realtec/oracle.js'

/** `/tmp/calfile-realtec-6.17-mcp` on port 8093 under up.sh's defaults. */
export function mcpInstance(): Instance {
  const parity = oracleInstance('parity', '6.17')
  return { root: `${parity.root}-mcp`, port: parity.port + 2, version: '6.17' }
}

/** The instance running on a fresh site, and a way to leave it as found (stopped, when this started it). */
export async function bringUpMcpOracle(): Promise<{ realtec: Realtec; release: () => Promise<void> }> {
  const instance = mcpInstance()
  let realtec = readCredentials(instance)
  let started = false
  if (!realtec || !(await isUp(realtec))) {
    await realtecScript('up.sh', instance)
    started = true
    realtec = readCredentials(instance)
    if (!realtec || !(await isUp(realtec)))
      throw new Error(`the real TEC did not come up in ${instance.root} (../shared/realtec/up.sh)`)
  }
  await resetOracle(realtec)
  return {
    realtec,
    release: async () => {
      if (started) await realtecScript('down.sh', instance)
    },
  }
}
