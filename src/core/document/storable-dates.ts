import { dayEnd, dayStart, wallOutOfRange } from '../dates/zoned.js'

/**
 * The dates of a post that calfile could not show, by field, with the reason (whatever is stored can be
 * served): `date` and `modified` in the site zone, and an event's `start_date` and `end_date`, after the all-day
 * rule, in its own zone (`wallOutOfRange`). `post` is a stored record, a record of the data file, or one being
 * built; dates it lacks are skipped. The loader, the event routes and the TEC import all ask this.
 *
 * @example
 * unstorableDates({ date: '9999-12-31 23:59:59' }, 'America/New_York') // { date: '… outside years 0000–9999 in UTC …' }
 */
export function unstorableDates(post: Record<string, unknown>, siteZone: string): Record<string, string> {
  const problems: Record<string, string> = {}
  const zone = (post.timezone as string | undefined) ?? siteZone
  const allDay = post.all_day === true
  for (const field of FIELDS) {
    const wall = post[field]
    if (typeof wall !== 'string') continue
    const problem =
      field === 'start_date' || field === 'end_date'
        ? wallOutOfRange(allDay ? (field === 'start_date' ? dayStart : dayEnd)(wall) : wall, zone)
        : wallOutOfRange(wall, siteZone)
    if (problem !== undefined) problems[field] = problem
  }
  return problems
}

const FIELDS = ['date', 'modified', 'start_date', 'end_date'] as const
