/**
 * The reads asked of the real calendar: the TEC captures of fixtures/tec/ as `calfile init --from fixtures/tec
 * --shift-to today` builds them on the frozen clock (46 events of four sites moved to start on 2026-07-01, 27
 * venues, 11 organizers, 15 categories, 18 tags), served in open mode (docs/auth.md). Every event, venue and
 * organizer is read singly under TEC's prefix, as the clients of those sites would.
 */
import { PREFIX, TEC_PREFIX } from '../../../src/http/prefixes.js'
import { gets, getsOnBothPrefixes, type Step } from './steps.js'

const EVENTS = [
  61638, 64612, 66217, 65536, 65921, 65649, 66165, 65224, 66205, 65958, 66255, 66090, 65965, 60944, 66357, 65745, 66218,
  65540, 66029, 65922, 65650, 66166, 66271, 66206, 6178, 196, 250, 234, 237, 240, 204, 366, 353, 370, 358, 392, 213,
  422, 211, 215, 217, 414, 416, 418, 420, 2644,
]
const VENUES = [
  54315, 64600, 43783, 58498, 43731, 51241, 63329, 65218, 65963, 64587, 53321, 60090, 43569, 66032, 2093, 6575, 198,
  252, 236, 239, 242, 206, 355, 372, 328, 443, 1007,
]
const ORGANIZERS = [43790, 43789, 65919, 65219, 65964, 65743, 43811, 2094, 6363, 329, 2565]

const LISTS = [
  '/events',
  '/events?page=2',
  '/events?per_page=50',
  '/events?start_date=2026-07-01&end_date=2026-07-31&per_page=50',
  '/events?start_date=2027-01-01',
  '/events?end_date=2026-07-05',
  '/events?starts_after=2026-07-04&starts_before=2026-07-12',
  '/events?ends_before=2026-07-03%2018:00:00&strict_dates=true',
  '/events?search=fitness',
  '/events?search=SRSD%20info',
  '/events?search=BELTLINE&per_page=10',
  '/events?categories=health-and-fitness',
  '/events?categories=1622',
  '/events?tags=srsd',
  '/events?tags=9,6',
  '/events?venue=206',
  '/events?organizer=43789',
  '/events?featured=true',
  '/events?status=draft',
  '/events?status=publish,draft&per_page=50',
  '/events?include=6178,196,2644',
  '/events?geoloc=true',
  '/events?page=99',
  '/venues',
  '/venues?per_page=50',
  '/venues?search=ralph%20mcgill',
  '/venues?event=6178',
  '/organizers',
  '/organizers?per_page=50',
  '/categories',
  '/categories?hide_empty=false&per_page=50',
  '/categories?parent=1606',
  '/tags?hide_empty=false&per_page=50',
  '/events/by-slug/aerobics-2-2022-08-11',
  '/venues/by-slug/two-urban-licks',
  '/organizers/by-slug/mlb',
  '/categories/1606',
  '/tags/17',
]

/** Every read of the real calendar, in the order they are asked. */
export const REAL_READS: Step[] = [
  ...getsOnBothPrefixes(LISTS),
  ...gets(TEC_PREFIX, [
    ...EVENTS.map((id) => `/events/${id}`),
    ...VENUES.map((id) => `/venues/${id}`),
    ...ORGANIZERS.map((id) => `/organizers/${id}`),
  ]),
  ...gets(PREFIX, ['/events/6178', '/events/2644', '/venues/6575', '/organizers/6363']),
]
