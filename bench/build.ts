import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = new URL('..', import.meta.url).pathname

/** Whether some file under src/ was changed after dist/bin/main.js was built, or dist/ was never built. */
function stale(): boolean {
  const built = join(ROOT, 'dist/bin/main.js')
  if (!existsSync(built)) return true
  const since = statSync(built).mtimeMs
  return readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' }).some(
    (file) => statSync(join(ROOT, 'src', file)).mtimeMs > since,
  )
}

/**
 * Runs `npm run build` when dist/ is older than src/: the start row spawns `bin/calfile.js`, which runs dist/, and
 * must measure the code the rest of the bench measures. Skipped when fresh, as after `npm install` (whose `prepare`
 * builds), which keeps the README's bench block short in CI.
 * @throws Error when the build fails.
 */
export function ensureBuilt(): void {
  if (!stale()) return
  console.log('dist/ is older than src/: npm run build')
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
  if (build.status !== 0) throw new Error(`npm run build exited ${build.status}`)
}
