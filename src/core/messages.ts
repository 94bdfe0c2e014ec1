/** A value as it appears in an error message: JSON, cut to 60 characters. */
export function got(input: unknown): string {
  const text = JSON.stringify(input)
  return text === undefined ? String(input) : text.length > 60 ? `${text.slice(0, 57)}...` : text
}

/**
 * A valibot message function: `expected "YYYY-MM-DD HH:MM:SS", got "next tuesday"` (the form of docs/data-file.md).
 *
 * @example
 * v.string(expected('a string'))
 */
export const expected = (what: string) => (issue: { input: unknown }) => `expected ${what}, got ${got(issue.input)}`
