/**
 * What `test/layout.test.ts` reads of `src/`: its `.ts` files, their length, and the modules each imports, parsed
 * with the TypeScript compiler (a regular expression would take an import in a comment or a string for one).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

/** The repository's root folder. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** The `src/` folder. */
export const SRC = join(ROOT, 'src')

/**
 * How a module is imported:
 * - `value`: `import … from`, `import './x.js'`, `export … from`: loaded before the importer runs;
 * - `type`: `import type`, `export type … from`, `typeof import('./x.js')`: erased from the JavaScript;
 * - `dynamic`: an `import('./x.js')` call, which loads the module when the call runs.
 */
export type ImportKind = 'value' | 'type' | 'dynamic'

/** One import of a module: its specifier as written, and for a relative one the file it names. */
export interface Import {
  specifier: string
  kind: ImportKind
  /** The file imported, relative to the root with `/` (a `.js` specifier names the `.ts` beside it); null for a package or a builtin. */
  target: string | null
}

/** The `.ts` files under `src/`, relative to the root with `/`, sorted. */
export function sourceFiles(folder = SRC): string[] {
  const files: string[] = []
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) files.push(...sourceFiles(path))
    else if (entry.name.endsWith('.ts')) files.push(rootRelative(path))
  }
  return files.sort()
}

/** The number of lines of a file, as an editor numbers them (a last newline starts no line). */
export function lineCount(file: string): number {
  const text = readFileSync(join(ROOT, file), 'utf8')
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
}

/** The imports of a file, in the order written. */
export function importsOf(file: string): Import[] {
  const path = join(ROOT, file)
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true)
  const imports: Import[] = []
  const add = (literal: ts.Expression | undefined, kind: ImportKind) => {
    if (literal && ts.isStringLiteralLike(literal)) imports.push(toImport(file, literal.text, kind))
  }
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, node.importClause?.isTypeOnly ? 'type' : 'value')
    else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, node.isTypeOnly ? 'type' : 'value')
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal, 'type')
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      add(node.arguments[0], 'dynamic')
    ts.forEachChild(node, visit)
  }
  visit(source)
  return imports
}

function toImport(file: string, specifier: string, kind: ImportKind): Import {
  if (!specifier.startsWith('.')) return { specifier, kind, target: null }
  const path = resolve(ROOT, dirname(file), specifier)
  const typescript = path.replace(/\.js$/u, '.ts')
  return { specifier, kind, target: rootRelative(existsSync(typescript) ? typescript : path) }
}

function rootRelative(path: string): string {
  return relative(ROOT, path).split('\\').join('/')
}

/**
 * The import cycles of a graph (file → the files it imports): each strongly connected component of more than one
 * file, or of a file that imports itself (Tarjan), told as one cycle through it, first file repeated at the end
 * (`a.ts → b.ts → a.ts`), followed by the rest of the component when the cycle leaves some of it out.
 */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  return components(graph)
    .filter((component) => component.length > 1 || graph.get(component[0] as string)?.includes(component[0] as string))
    .map((component) => {
      const members = new Set(component)
      const cycle = cycleThrough(graph, component[0] as string, members)
      const rest = component.filter((file) => !cycle.includes(file))
      return `${cycle.join(' → ')}${rest.length ? ` (with ${rest.join(', ')})` : ''}`
    })
}

/** Tarjan's strongly connected components, each sorted, in a stable order. */
function components(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const connect = (file: string): void => {
    index.set(file, index.size)
    low.set(file, index.get(file) as number)
    stack.push(file)
    onStack.add(file)
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue
      if (!index.has(next)) {
        connect(next)
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number))
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file) as number, index.get(next) as number))
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    for (;;) {
      const member = stack.pop() as string
      onStack.delete(member)
      component.push(member)
      if (member === file) break
    }
    found.push(component.sort())
  }
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) connect(file)
  return found.sort((a, b) => (a[0] as string).localeCompare(b[0] as string))
}

/** A shortest path from `start` back to itself inside `members` (breadth first), `start` at both ends. */
function cycleThrough(graph: ReadonlyMap<string, readonly string[]>, start: string, members: Set<string>): string[] {
  const from = new Map<string, string>()
  const queue = [start]
  for (let at = 0; at < queue.length; at++) {
    const file = queue[at] as string
    for (const next of graph.get(file) ?? []) {
      if (!members.has(next)) continue
      if (next === start) {
        const path: string[] = []
        for (let back = file; back !== start; back = from.get(back) as string) path.unshift(back)
        return [start, ...path, start]
      }
      if (!from.has(next)) {
        from.set(next, file)
        queue.push(next)
      }
    }
  }
  return [start]
}
