/**
 * Issue 11, "Writes": a data file is written from pieces, chunk by chunk, and compared with a saved file without
 * joining them (src/core/file/atomic-text-file.ts).
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AtomicTextFile, isTextOf } from '../../../src/core/file/atomic-text-file.js'
import { tempDir } from '../../cli/cli-helpers.js'

describe('AtomicTextFile written from pieces', () => {
  it('writes the pieces in order, byte for byte, across many chunks and multi-byte characters', async () => {
    const file = join(await tempDir(), 'calendar.json')
    const pieces = Array.from({ length: 5000 }, (_, i) => `{"n": ${i}, "t": "é\u{1F3B7}${'x'.repeat(i % 97)}"},\n`)
    await new AtomicTextFile(file).write(pieces)
    expect(await readFile(file, 'utf8')).toBe(pieces.join(''))
    await new AtomicTextFile(file, 'fsync').write(['short'])
    expect(await readFile(file, 'utf8')).toBe('short')
  })

  it('tells whether a text is the pieces joined', () => {
    expect(isTextOf(['ab', 'c', '', 'de'], 'abcde')).toBe(true)
    expect(isTextOf([], '')).toBe(true)
    expect(isTextOf(['ab', 'c'], 'abcd')).toBe(false)
    expect(isTextOf(['ab', 'cd'], 'abc')).toBe(false)
    expect(isTextOf(['ab', 'cd'], 'abXd')).toBe(false)
  })
})
