/**
 * `npm run build`'s second step: the CLI (`src/cli/main.ts`) as one ES module bundle in `dist/bin/`, its
 * dependencies inside. Node resolves, reads and links some 400 modules to start `calfile serve` from `dist/`; from
 * the bundle it reads a few dozen, which takes about 200 ms off every start (`npm run bench`'s start rows). What a
 * command loads on first use stays a chunk of its own, loaded when it runs, as `import()` splits it.
 *
 * Beside `main.js` the bundle has `validate-worker.js`, the worker `validateInWorker` starts next to the module
 * that starts it. The rules' stamp (`CALFILE_RULES_STAMP`, read by the cache of validated texts) is a hash of every
 * source file bundled, so that a bundle of changed rules never trusts an entry another build wrote.
 *
 *   node scripts/bundle-cli.mjs
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { build } from 'esbuild'

const root = new URL('..', import.meta.url)
const rules = createHash('sha256')
for (const file of readdirSync(new URL('src/', root), { recursive: true, encoding: 'utf8' }).sort())
  if (file.endsWith('.ts')) rules.update(file).update(readFileSync(new URL(`src/${file}`, root)))

/**
 * listhen imports node-forge (some 400 kB) at load, for the self-signed certificate of `--https` alone: the bundle
 * gives listhen a stand-in that loads node-forge, from where listhen would, the first time listhen reads from it.
 */
const lazyNodeForge = {
  name: 'lazy-node-forge',
  setup(build) {
    build.onResolve({ filter: /^node-forge$/ }, ({ importer }) =>
      importer.includes('/listhen/') ? { path: 'node-forge', namespace: 'lazy' } : undefined,
    )
    build.onLoad({ filter: /.*/, namespace: 'lazy' }, () => ({
      contents: `
        import { createRequire } from 'node:module'
        const fromListhen = createRequire(createRequire(import.meta.url).resolve('listhen'))
        let forge
        export default new Proxy({}, { get: (_, key) => (forge ??= fromListhen('node-forge'))[key] })`,
      resolveDir: root.pathname,
    }))
  },
}

// Chunks are named by their content: a new build would leave the old ones beside it.
rmSync(new URL('dist/bin/', root), { recursive: true, force: true })

await build({
  absWorkingDir: root.pathname,
  entryPoints: { main: 'src/cli/main.ts', 'validate-worker': 'src/core/storage/validate-worker.ts' },
  outdir: 'dist/bin',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  // Less text for V8 to parse at every start; names are kept, so that a stack trace still reads.
  minifyWhitespace: true,
  minifySyntax: true,
  plugins: [lazyNodeForge],
  logLevel: 'warning',
  // Its package is UMD, which a bundle cannot hold; `core/document/locate.ts` requires it from node_modules when it is first used.
  external: ['jsonc-parser'],
  define: { CALFILE_RULES_STAMP: JSON.stringify(rules.digest('hex')) },
  // CommonJS dependencies inside an ES module call `require`, which only CommonJS modules have.
  banner: { js: "import { createRequire as __calfileRequire } from 'node:module'; const require = __calfileRequire(import.meta.url);" },
})
