/**
 * A hand save is never lost, at any moment of a write of calfile's (docs/data-file.md#saves-that-land-during-a-write): the storage
 * code's test seam (`SaveSeam`) stops a save at each of its `SavePoint`s, and a hand save lands exactly there, by
 * rename and in place, on both ways a save takes the file's name (the kernel's exchange of two names, and the link
 * aside where there is none). Afterwards every hand save is in the file, and every write that was answered too;
 * a write that was not is refused.
 */
import {
  closeSync,
  ftruncateSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Calendar, openCalendar } from '../../src/core/calendar.js'
import type { SavePoint } from '../../src/core/storage/atomic-file/atomic-text-file.js'
import { renameExchange } from '../../src/core/storage/atomic-file/rename-exchange.js'
import { cleanFolders, dataFile, folder, newEvent } from './store-helpers.js'

const NOW = Date.UTC(2026, 6, 1, 12, 0, 0)
const calendars: Calendar[] = []
afterEach(async () => {
  await Promise.all(calendars.splice(0).map((calendar) => calendar.close()))
})
afterAll(cleanFolders)

type Way = 'rename' | 'in place'

/**
 * A person's editor on the data file: `read` takes the file as it is (an editor's buffer), `save` adds a hand
 * event to what was read last and saves it; `open` opens the file to save in place later and `write` does so
 * through that handle (an editor whose save in place started before calfile replaced the file).
 */
class Editor {
  #document: { events: unknown[] } | undefined
  #handle: number | undefined
  readonly saved: number[] = []
  constructor(
    readonly file: string,
    readonly way: Way,
  ) {}

  read(): void {
    this.#document = JSON.parse(readFileSync(this.file, 'utf8'))
  }

  save(id: number): void {
    const text = this.#text(id)
    if (this.way === 'in place') writeFileSync(this.file, text)
    else {
      writeFileSync(`${this.file}.editor-save`, text)
      renameSync(`${this.file}.editor-save`, this.file)
    }
  }

  open(): void {
    this.#handle = openSync(this.file, 'r+')
  }

  write(id: number): void {
    const handle = this.#handle as number
    ftruncateSync(handle, 0)
    writeSync(handle, this.#text(id), 0)
    closeSync(handle)
  }

  #text(id: number): string {
    const document = this.#document as { events: unknown[] }
    document.events.push({
      id,
      title: `Hand ${id}`,
      start_date: '2026-07-30 18:00:00',
      end_date: '2026-07-30 19:00:00',
    })
    this.saved.push(id)
    return `${JSON.stringify(document, null, 2)}\n`
  }
}

/** What the editor does at the points of calfile's first save (each step once, in order). */
type Steps = Partial<Record<SavePoint, (editor: Editor) => void>>

interface Scenario {
  name: string
  ways: Way[]
  steps: Steps
  /**
   * On the link-aside path, only a save in place: there a save by rename after the look is replaced (below), and
   * what follows it in the scenario never happens.
   */
  asideInPlace?: true
  /** Hand events that may be found beside the file (`<file>.kept-*`) rather than in it. */
  kept?: number[]
}

/**
 * Whether the scenario's first hand save is one the link-aside path replaces: by rename, between its look and its
 * rename, the window docs/data-file.md#saves-that-land-during-a-write measures.
 */
function replacedAside(scenario: Scenario, aside: boolean, way: Way): boolean {
  return aside && way === 'rename' && scenario.steps.looked !== undefined
}

const fresh = (id: number) => (editor: Editor) => {
  editor.read()
  editor.save(id)
}

/** An editor that reads the file and opens it to save in place, and writes later. */
const openToSave = (editor: Editor) => {
  editor.read()
  editor.open()
}

const SCENARIOS: Scenario[] = [
  {
    name: 'saved once calfile wrote its temporary file, before it takes the name',
    ways: ['rename', 'in place'],
    steps: { written: fresh(5000) },
  },
  {
    name: 'saved from calfile’s new file, before calfile looks at what it replaced',
    ways: ['rename', 'in place'],
    steps: { replaced: fresh(5000) },
  },
  {
    name: 'saved from calfile’s new file, before its writers are answered',
    ways: ['rename', 'in place'],
    steps: { saved: fresh(5000) },
  },
  {
    name: 'read before calfile replaced the file, saved before calfile looks at what it replaced',
    ways: ['rename', 'in place'],
    steps: { written: (editor) => editor.read(), replaced: (editor) => editor.save(5000) },
  },
  {
    name: 'read before calfile replaced the file, saved before its writers are answered',
    ways: ['rename', 'in place'],
    steps: { written: (editor) => editor.read(), saved: (editor) => editor.save(5000) },
  },
  {
    name: 'saved between calfile’s last look and its replace',
    ways: ['rename', 'in place'],
    steps: { looked: fresh(5000) },
  },
  {
    name: 'saved between calfile’s last look and its replace, and again right after calfile put that save back',
    ways: ['rename', 'in place'],
    steps: { looked: fresh(5000), 'put-back': fresh(6000) },
    asideInPlace: true,
  },
  {
    name: 'saved between calfile’s last look and its replace, and again from calfile’s new file before it looks',
    ways: ['rename', 'in place'],
    steps: { looked: fresh(5000), replaced: fresh(6000) },
    asideInPlace: true,
    // The second save was made from a file without the first: the first is kept beside the file.
    kept: [5000],
  },
  {
    name: 'a save in place opened before calfile takes the name and written after',
    ways: ['in place'],
    steps: { written: openToSave, replaced: (editor) => editor.write(5000) },
  },
  {
    name: 'a save in place written after calfile took the name, and another right after calfile put it back',
    ways: ['in place'],
    steps: { written: openToSave, replaced: (editor) => editor.write(5000), 'put-back': fresh(6000) },
  },
]

const exchange = renameExchange()
const PATHS = [
  ['by exchange of names', false],
  ['by a link aside', true],
] as const

describe.each(PATHS)('a hand save at each moment of a calfile write (%s)', (_, aside) => {
  beforeEach(() => {
    if (aside) process.env.CALFILE_NO_EXCHANGE = '1'
    return () => {
      delete process.env.CALFILE_NO_EXCHANGE
    }
  })

  const cases = SCENARIOS.flatMap((scenario) =>
    scenario.ways
      .filter((way) => !(aside && scenario.asideInPlace && way === 'rename'))
      .map((way) => [way, scenario.name, scenario] as const),
  )
  it.skipIf(!aside && exchange === null).each(cases)('%s: %s', async (way, _name, scenario) => {
    const file = join(await folder(), 'calendar.json')
    writeFileSync(file, dataFile(3))
    const editor = new Editor(file, way)
    const steps: Steps = { ...scenario.steps }
    const reached: SavePoint[] = []
    const warnings: string[] = []
    const calendar = await openCalendar(file, {
      now: () => NOW,
      watch: false,
      log: (level, message) => level === 'warn' && warnings.push(message),
      saveSeam: (point, at) => {
        if (at !== file) return
        reached.push(point)
        const step = steps[point]
        delete steps[point]
        step?.(editor)
      },
    })
    calendars.push(calendar)

    const first = await calendar.events.create(newEvent('First')).then(
      (event) => ({ ok: true as const, id: (event as { id: number }).id }),
      (error: unknown) => ({ ok: false as const, error }),
    )
    expect(Object.keys(steps), `points never reached (reached: ${reached.join(', ')})`).toEqual([])
    const second = (await calendar.events.create(newEvent('Second'))) as { id: number }

    const ids = idsIn(file)
    const kept = keptIds(file)
    for (const id of editor.saved) {
      if (replacedAside(scenario, aside, way))
        expect(ids.has(id) || kept.has(id), 'replaced, as docs/ says').toBe(false)
      else if (scenario.kept?.includes(id)) expect(ids.has(id) || kept.has(id), `hand event ${id}`).toBe(true)
      else expect(ids.has(id), `hand event ${id} in the file`).toBe(true)
    }
    if (first.ok) expect(ids.has(first.id), 'the answered write in the file').toBe(true)
    else expect(first.error).toMatchObject({ status: 503 })
    expect(ids.has(second.id)).toBe(true)
    // The state is the file: what a reload would find.
    expect([...calendar.state.events.values()].map((event) => event.id).sort()).toEqual([...ids].sort())
    if (kept.size > 0) expect(warnings.join('\n')).toMatch(/was kept as .*\.kept-/u)
    expect(readdirSync(dirname(file)).filter((name) => name.includes('.tmp-'))).toEqual([])
  })
})

function idsIn(file: string): Set<number> {
  return new Set(JSON.parse(readFileSync(file, 'utf8')).events.map((event: { id: number }) => event.id))
}

/** The IDs of the hand events in the files kept beside `file`. */
function keptIds(file: string): Set<number> {
  const folderOf = dirname(file)
  const names = readdirSync(folderOf).filter((name) => name.startsWith('calendar.json.kept-'))
  return new Set(names.flatMap((name) => [...idsIn(join(folderOf, name))]))
}

it.runIf(process.platform === 'linux')('has the exchange of names on Linux (built by npm install)', () => {
  expect(exchange).not.toBeNull()
})
