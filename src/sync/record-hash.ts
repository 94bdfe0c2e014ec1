import { createHash } from 'node:crypto'

/** JSON with every object's keys sorted, so that the same content gives the same text whatever the key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/**
 * A digest of a record's content: the first 16 hex digits (64 bits) of the SHA-256 of its JSON with keys sorted.
 * Two records with the same keys and values have the same digest, in whatever order their keys come (a hand edit
 * that moves a key changes nothing); any other change gives another digest, but for a chance of 2^-64.
 */
export function recordHash(record: object): string {
  return createHash('sha256').update(canonical(record)).digest('hex').slice(0, 16)
}

/** Whether two values have the same content, in whatever order their objects' keys come. */
export function sameContent(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b)
}
