import { CalendarError } from '../errors.js'

/** One problem of a data file: where it is and what is wrong (docs/data-file.md). */
export interface Problem {
  /** JSON path such as `events[3].start_date`; `""` for the whole file. */
  path: string
  message: string
  line?: number
  column?: number
}

/** `events[3].start_date: expected "YYYY-MM-DD HH:MM:SS", got "next tuesday" (line 41, col 21)` */
export function formatProblem(problem: Problem): string {
  const where = problem.line === undefined ? '' : ` (line ${problem.line}, col ${problem.column})`
  return `${problem.path ? `${problem.path}: ` : ''}${problem.message}${where}`
}

/**
 * A data file that cannot be loaded: 503 `store-file-invalid` (docs/errors.md) with every problem in `data.problems`.
 *
 * @example
 * try { await openCalendar('bad.json') } catch (e) { if (e instanceof DocumentError) e.problems.forEach(...) }
 */
export class DocumentError extends CalendarError {
  readonly problems: Problem[]

  constructor(file: string, problems: Problem[]) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`
    super('store-file-invalid', 503, `${file} is invalid (${count}):\n${problems.map(formatProblem).join('\n')}`, {
      file,
      problems,
    })
    this.name = 'DocumentError'
    this.problems = problems
  }
}
