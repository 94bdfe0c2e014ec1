/**
 * Requests asked of the generated calendar while its clock moves on from NOW: the default window starts
 * "yesterday" (docs/lists.md#event-list-dates), `only_with_upcoming` compares with now
 * (docs/lists.md#venue-and-organizer-lists), relative dates read from now (docs/writes.md), and `date`/`modified` of
 * a write are now (docs/responses.md#event). Issue 11: "time-dependent parts stay correct as the clock moves", which
 * a cache that forgets the clock breaks.
 */
import { PREFIX } from '../../../src/http/prefixes.js'
import { at, gets, type Step, write } from './steps.js'

/** The event the create makes: 1 + the largest post ID of the generated calendar (docs/data-file.md). */
const CREATED = 11500

const TIMED = gets(PREFIX, [
  '/events',
  '/events?page=2',
  '/events?start_date=today&per_page=3',
  '/events?starts_after=now&per_page=3',
  '/venues?only_with_upcoming=true',
  '/organizers?only_with_upcoming=true&per_page=3',
])
const CREATE = { title: 'Clock check', start_date: 'tomorrow 10:00', end_date: '+25 hours' }

/** The requests at NOW, a day later, two days later (a create), a month later (an update), and 800 days later. */
export const CLOCK_STEPS: Step[] = [
  ...TIMED,
  ...at(26, TIMED),
  ...at(50, [
    write('POST', '/events', 'admin', CREATE),
    ...gets(PREFIX, [`/events/${CREATED}`, '/events?search=clock']),
  ]),
  ...at(24 * 30, [
    ...TIMED,
    ...gets(PREFIX, [`/events/${CREATED}`]),
    write('PUT', `/events/${CREATED}`, 'admin', { title: 'Clock check, later' }),
    ...gets(PREFIX, [`/events/${CREATED}`, '/events?search=clock']),
  ]),
  // Near the end of the calendar's events: only some venues and organizers still have an upcoming one.
  ...at(24 * 800, TIMED),
]
