import { expect } from 'vitest'
import { serializeState } from '../src/core/cache/record-text.js'
import type { Calendar } from '../src/core/calendar.js'
import { loadDocument } from '../src/core/document/load.js'

// Response bodies are JSON checked field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { status: number; body: any }

/** An error answer of docs/errors.md: the status, and `{ code, message, data: { status } }` in that order. */
export function expectError(response: Answer, status: number, code: string): void {
  expect(response.status, JSON.stringify(response.body)).toBe(status)
  expect(Object.keys(response.body)).toEqual(['code', 'message', 'data'])
  expect(response.body.code).toBe(code)
  expect(typeof response.body.message).toBe('string')
  expect(response.body.message.length).toBeGreaterThan(0)
  expect(response.body.data.status).toBe(status)
}

/** A 400 `rest_invalid_param` naming `field` in `data.params`. */
export function expectInvalid(response: Answer, field: string): void {
  expectError(response, 400, 'rest_invalid_param')
  expect(Object.keys(response.body.data.params)).toContain(field)
}

/** The data file calfile would write for this calendar loads again without a problem (docs/data-file.md). */
export function expectValidFile(calendar: Calendar): void {
  const text = serializeState(calendar.state)
  expect(() => loadDocument(text, { file: 'check', now: () => '2026-07-01 08:00:00' })).not.toThrow()
}
