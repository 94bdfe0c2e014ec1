/**
 * `npm run build`'s native step: builds `native/rename-exchange.c`, the addon that swaps two names in one step
 * (src/core/storage/atomic-file/rename-exchange.ts), with the node-gyp that npm brings and the Node headers npm is set to
 * build against. It is optional: where it cannot be built (no compiler, no headers, Windows), calfile saves the
 * data file without it (docs/data-file.md#writes-to-the-file), so a failure prints one line and exits 0. The
 * compiler's own output is shown only with `--verbose`.
 *
 *   node scripts/build-native.mjs [--verbose]
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'

const native = new URL('../native/', import.meta.url).pathname
const verbose = process.argv.includes('--verbose')

/** npm's own node-gyp: the one npm names to the scripts it runs, else the one beside npm itself. */
function nodeGyp() {
  const named = process.env.npm_config_node_gyp
  if (named && existsSync(named)) return named
  const npmCli = process.env.npm_execpath
  const candidates = [
    npmCli && join(dirname(npmCli), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
    join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
  ]
  return candidates.find((candidate) => candidate && existsSync(candidate))
}

if (process.platform === 'win32') process.exit(0)
const gyp = nodeGyp()
if (!gyp) {
  console.log('calfile: node-gyp not found; the data file is saved without the exchange of names')
  process.exit(0)
}
// npm passes its `nodedir` to the scripts it runs; outside npm, ask npm for it.
const nodedir =
  process.env.npm_config_nodedir ??
  spawnSync('npm', ['config', 'get', 'nodedir'], { encoding: 'utf8' }).stdout?.trim()
const args = [gyp, 'rebuild', '--loglevel=silent']
if (nodedir && nodedir !== 'undefined' && nodedir !== 'null') args.push(`--nodedir=${nodedir}`)
const run = spawnSync(process.execPath, args, { cwd: native, encoding: 'utf8', timeout: 120_000 })
if (verbose) process.stdout.write(`${run.stdout ?? ''}${run.stderr ?? ''}`)
if (run.status !== 0) {
  const reason = (run.stderr || run.stdout || String(run.error ?? '')).trim().split('\n').at(-1)
  console.log(`calfile: the exchange-of-names addon was not built (${reason}); the data file is saved without it`)
}
