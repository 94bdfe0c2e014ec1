/**
 * The fenced code blocks of README.md, in order, with where and how the README test runs each. A block runs in
 * the temporary project that installs the packed package, unless the HTML comment on the line before its fence
 * (`<!-- readme-test: … -->`, comma-separated words) says otherwise:
 * - `clone`: in a fresh copy of the repository instead (the quick start, the benchmark);
 * - `background`: a command that keeps running (a server): started, awaited until it serves, stopped at the end;
 * - `ci`: the command `.ci/run` itself runs on every push; running it here would run the test suite inside itself;
 * - `vitest`: a test file of the user's project, run there with `npx vitest run`.
 * A block tagged `text` is a synopsis, not a program, and is not run.
 */
import { readFileSync } from 'node:fs'

export interface Block {
  /** The fence's language: `sh`, `js`, `ts`, `json` or `text`. */
  language: 'sh' | 'js' | 'ts' | 'json' | 'text'
  code: string
  /** Run in a copy of the repository rather than in the project that installs the package. */
  clone: boolean
  /** Keeps running; the test waits until it serves. */
  background: boolean
  /** `.ci/run` runs it. */
  ci: boolean
  /** A vitest test file, run with `npx vitest run` in the project that installs the package. */
  vitest: boolean
  /** 1-based line of the opening fence, for messages. */
  line: number
}

const FENCE = /^```(\w*)\s*$/u
const MARKER = /^<!--\s*readme-test:\s*([\w, ]+?)\s*-->$/u
const LANGUAGES = ['sh', 'js', 'ts', 'json', 'text']
const WORDS = ['clone', 'background', 'ci', 'vitest']

/**
 * The blocks of a Markdown file.
 * @throws Error for a block whose language the test cannot run, or an unknown marker word.
 */
export function readmeBlocks(path: string): Block[] {
  const lines = readFileSync(path, 'utf8').split('\n')
  const blocks: Block[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i] as string)
    if (!open) continue
    const language = open[1] ?? ''
    if (!LANGUAGES.includes(language))
      throw new Error(`README.md:${i + 1}: a block needs a language the test runs (${LANGUAGES.join(', ')})`)
    const words = (MARKER.exec(lines[i - 1] ?? '')?.[1] ?? '').split(/[\s,]+/u).filter(Boolean)
    const unknown = words.find((word) => !WORDS.includes(word))
    if (unknown) throw new Error(`README.md:${i}: unknown readme-test word "${unknown}"`)
    const end = lines.indexOf('```', i + 1)
    const code = lines.slice(i + 1, end).join('\n')
    blocks.push({
      language: language as Block['language'],
      code,
      clone: words.includes('clone'),
      background: words.includes('background'),
      ci: words.includes('ci'),
      vitest: words.includes('vitest'),
      line: i + 1,
    })
    i = end
  }
  return blocks
}
