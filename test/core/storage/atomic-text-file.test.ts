/**
 * Issue 11, "Writes": a data file is written from UTF-8 pieces, many a `writev`, and compared with a saved file
 * without joining them (src/core/storage/atomic-file/atomic-text-file.ts).
 */
import { watch } from 'node:fs'
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { AtomicTextFile, isTextOf } from '../../../src/core/storage/atomic-file/atomic-text-file.js'
import { fingerprint } from '../../../src/core/storage/atomic-file/file-bytes.js'
import { tempDir } from '../../cli/cli-helpers.js'

describe('AtomicTextFile written from pieces', () => {
  it('writes the pieces in order, byte for byte, across many writes and multi-byte characters', async () => {
    const file = join(await tempDir(), 'calendar.json')
    const pieces = Array.from({ length: 5000 }, (_, i) => `{"n": ${i}, "t": "é\u{1F3B7}${'x'.repeat(i % 97)}"},\n`)
    await new AtomicTextFile(file).write(bytes(pieces))
    expect(await readFile(file, 'utf8')).toBe(pieces.join(''))
    await new AtomicTextFile(file, { durability: 'fsync' }).write(bytes(['short']))
    expect(await readFile(file, 'utf8')).toBe('short')
  })

  it('saves only over the file it was given the fingerprint of, and answers with the fingerprint it wrote', async () => {
    const file = join(await tempDir(), 'calendar.json')
    const disk = new AtomicTextFile(file)
    expect(await disk.save(bytes(['first']), 'missing')).toBe(await fingerprint(file))
    const { fingerprint: read } = await disk.readWithFingerprint()
    await writeFile(file, 'saved by hand')
    expect(await disk.save(bytes(['second']), read)).toBeUndefined()
    expect(await readFile(file, 'utf8')).toBe('saved by hand')
    expect((await readdir(dirname(file))).filter((name) => name.includes('.tmp-'))).toEqual([])
    expect(await disk.save(bytes(['third']))).toBe(await fingerprint(file))
    expect(await readFile(file, 'utf8')).toBe('third')
  })

  it('writes its temporary file in the folder it is given, and beside the file once that folder is gone', async () => {
    const folder = await tempDir()
    const file = join(folder, 'calendar.json')
    const temporaries = join(folder, 'writes')
    await mkdir(temporaries)
    const disk = new AtomicTextFile(file, { temporaries })
    const seen = new Set<string>()
    const watcher = watch(temporaries, (_, name) => seen.add(String(name)))
    await disk.save(bytes(['one']), 'missing')
    await vi.waitFor(() => expect(seen.size).toBeGreaterThan(0), { timeout: 5000 })
    watcher.close()
    expect([...seen].every((name) => name.startsWith(`.calendar.json.tmp-${process.pid}-`))).toBe(true)
    expect(await readFile(file, 'utf8')).toBe('one')
    await rm(temporaries, { recursive: true })
    await disk.save(bytes(['two']))
    expect(await readFile(file, 'utf8')).toBe('two')
    expect((await readdir(folder)).sort()).toEqual(['calendar.json'])
  })

  it('tells whether bytes are the pieces joined', () => {
    expect(isTextOf(bytes(['ab', 'c', '', 'dé']), Buffer.from('abcdé'))).toBe(true)
    expect(isTextOf([], Buffer.from(''))).toBe(true)
    expect(isTextOf(bytes(['ab', 'c']), Buffer.from('abcd'))).toBe(false)
    expect(isTextOf(bytes(['ab', 'cd']), Buffer.from('abc'))).toBe(false)
    expect(isTextOf(bytes(['ab', 'cd']), Buffer.from('abXd'))).toBe(false)
  })
})

function bytes(texts: string[]): Buffer[] {
  return texts.map((text) => Buffer.from(text))
}
