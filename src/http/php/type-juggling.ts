/**
 * PHP's conversions of a request's values (strings from a query or form, anything from JSON), as WordPress and TEC
 * apply them to arguments: `is_numeric()`, `(int)`, `(float)`, `(bool)`, `(string)` (PHP 8, the manual's "Type
 * Juggling" and "Numeric strings"). JSON objects count as PHP arrays, as `json_decode( $body, true )` makes them.
 */

/** PHP's whitespace around a numeric string: space, `\t`, `\n`, `\r`, `\v`, `\f`. */
const NUMERIC = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/u
const LEADING_NUMBER = /^[ \t\n\r\v\f]*([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)/u
const INT_MAX = 2 ** 63

/** PHP's `is_numeric()`: a number, or a string that is one (whitespace around it allowed), not a boolean. */
export function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value)
  return typeof value === 'string' && NUMERIC.test(value)
}

/**
 * PHP's `(int)` / `intval()`: a string by its leading number (`"12abc"` → 12, `"1e3"` → 1000, `"abc"` → 0; past
 * the 64-bit range the nearest end), a boolean 0 or 1, null 0, an array 0 when empty else 1. A float past the
 * range is 0 here where PHP wraps it around: no ID or count is that large.
 */
export function phpInt(value: unknown): number {
  const number = phpFloat(value)
  if (typeof value === 'string' && Number.isFinite(number) && Math.abs(number) >= INT_MAX)
    return Math.sign(number) * INT_MAX
  return Number.isFinite(number) && Math.abs(number) < INT_MAX ? Math.trunc(number) || 0 : 0
}

/** PHP's `(float)` / `floatval()`, read as `phpInt` reads (`"1.5kg"` → 1.5). */
export function phpFloat(value: unknown): number {
  if (typeof value === 'number') return value
  if (typeof value === 'boolean') return value ? 1 : 0
  if (typeof value === 'string') {
    const leading = LEADING_NUMBER.exec(value)
    return leading ? Number(leading[1]) : 0
  }
  if (typeof value === 'object' && value !== null) return Object.keys(value).length === 0 ? 0 : 1
  return 0
}

/** PHP's `absint()`: `abs( (int) $value )`. */
export function absint(value: unknown): number {
  return Math.abs(phpInt(value))
}

/** PHP's `(bool)`: false for `false`, 0, `""`, `"0"`, null and an empty array; true for anything else (`"false"`). */
export function phpBool(value: unknown): boolean {
  if (typeof value === 'string') return value !== '' && value !== '0'
  if (typeof value === 'object' && value !== null) return Object.keys(value).length > 0
  return Boolean(value)
}

/** PHP's `(string)`: a boolean `"1"` or `""`, null `""`, an array `"Array"`. */
export function phpString(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'boolean') return value ? '1' : ''
  if (typeof value === 'number') return String(value)
  return value === null || value === undefined ? '' : 'Array'
}

/** PHP's `empty()`: what `phpBool` counts false. */
export function isEmpty(value: unknown): boolean {
  return !phpBool(value)
}

/** PHP's `(array)`: an array's values (a JSON object's too), null `[]`, anything else `[value]`. */
export function phpArray(value: unknown): unknown[] {
  if (Array.isArray(value)) return value
  if (typeof value === 'object' && value !== null) return Object.values(value)
  return value === null || value === undefined ? [] : [value]
}
