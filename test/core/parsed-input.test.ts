import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { markSettled, safeParseOnce } from '../../src/core/cache/parsed-input.js'
import { open } from '../helpers.js'

const Schema = v.object({ n: v.number() })

describe('safeParseOnce', () => {
  it('keeps the answer about a settled input, and parses anything else every time', () => {
    const settled = { n: 1 }
    markSettled(settled)
    expect(safeParseOnce(Schema, settled)).toBe(safeParseOnce(Schema, settled))
    const own = { n: 1 }
    const first = safeParseOnce(Schema, own)
    own.n = 'two' as never
    expect(first.success).toBe(true)
    expect(safeParseOnce(Schema, own).success).toBe(false)
    expect(safeParseOnce(Schema, 3).success).toBe(false)
  })

  it('lets a library caller change a query object between calls', async () => {
    const { calendar } = await open({
      events: [1, 2, 3].map((id) => ({
        id,
        title: `E${id}`,
        start_date: `2026-07-0${id + 1} 10:00:00`,
        end_date: `2026-07-0${id + 1} 11:00:00`,
      })),
    })
    const query: Record<string, unknown> = { per_page: 1 }
    expect(calendar.events.list(query).body.events).toHaveLength(1)
    query.per_page = 3
    expect(calendar.events.list(query).body.events).toHaveLength(3)
  })
})
