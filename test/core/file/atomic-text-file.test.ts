/**
 * Issue 11, "Writes": a data file is written from UTF-8 pieces, many a `writev`, and compared with a saved file
 * without joining them (src/core/storage/atomic-text-file.ts).
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AtomicTextFile, isTextOf } from '../../../src/core/storage/atomic-text-file.js'
import { tempDir } from '../../cli/cli-helpers.js'

describe('AtomicTextFile written from pieces', () => {
  it('writes the pieces in order, byte for byte, across many writes and multi-byte characters', async () => {
    const file = join(await tempDir(), 'calendar.json')
    const pieces = Array.from({ length: 5000 }, (_, i) => `{"n": ${i}, "t": "é\u{1F3B7}${'x'.repeat(i % 97)}"},\n`)
    await new AtomicTextFile(file).write(bytes(pieces))
    expect(await readFile(file, 'utf8')).toBe(pieces.join(''))
    await new AtomicTextFile(file, 'fsync').write(bytes(['short']))
    expect(await readFile(file, 'utf8')).toBe('short')
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
