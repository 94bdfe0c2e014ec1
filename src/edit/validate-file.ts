import { DocumentError, formatProblem, type Problem } from '../core/document/error.js'
import type { CalendarState } from '../core/model/state.js'
import { readDataFile } from '../core/storage/users-file.js'

/** What a data file is found to be: valid, with a count of its records, or invalid, with every problem. */
export type Validation = { ok: true; summary: string } | { ok: false; problems: Problem[] }

/**
 * Reads and checks a data file as `calfile serve` would load it, without locking or creating it (the `calfile
 * validate` command). A symbolic link is followed.
 *
 * @throws Error when the file does not exist or cannot be read.
 * @example
 * const result = await validateDataFile('data/calendar.json')
 * if (!result.ok) for (const problem of result.problems) console.log(formatProblem(problem))
 */
export async function validateDataFile(file: string): Promise<Validation> {
  try {
    return { ok: true, summary: summaryOf(await readDataFile(file)) }
  } catch (error) {
    if (error instanceof DocumentError) return { ok: false, problems: error.problems }
    throw error
  }
}

/** `ok: 3 events, 1 venues, 1 organizers, 2 categories, 0 tags`. */
function summaryOf(s: CalendarState): string {
  return `ok: ${s.events.size} events, ${s.venues.size} venues, ${s.organizers.size} organizers, ${s.categories.size} categories, ${s.tags.size} tags`
}

/**
 * The lines `calfile validate` prints for a result: the summary, or one line a problem with its place. With
 * `heading` (the `--watch` form, where one result follows another), invalid results start with a line naming the
 * file and the count, and every result's first line starts with `heading`.
 *
 * @example
 * validationLines('cal.json', result, '[14:03:07]')
 * // ['[14:03:07] cal.json: 1 problem', 'events[0].start_date: expected "YYYY-MM-DD HH:MM:SS", got "x" (line 5, col 21)']
 */
export function validationLines(file: string, result: Validation, heading?: string): string[] {
  if (result.ok) return [heading === undefined ? result.summary : `${heading} ${result.summary}`]
  const problems = result.problems.map(formatProblem)
  if (heading === undefined) return problems
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`
  return [`${heading} ${file}: ${count}`, ...problems]
}
