import type { Calendar } from '../../core/calendar.js'
import { offsetAt } from '../../core/dates/offsets.js'
import { HOUR } from '../../core/dates/wall.js'
import { lookupZone } from '../../core/dates/zones.js'
import type { View } from '../../core/resources/view.js'

/**
 * The WordPress options the REST index and the settings route show, by option name, as a site whose options are
 * calfile's settings would hold them. What calfile has comes from it: the site's address (`View.siteUrl`,
 * docs/responses.md#urls), the time zone (`settings.timezone`), the page size (`settings.per_page`), and the
 * administrator's e-mail from user 1's (`wp_install()` gives the installing user and `admin_email` the same
 * address). Everything else is WordPress's install default (`populate_options()`): no title of calfile's own, so
 * WordPress's "My Site".
 */
export interface WordPressOptions {
  blogname: string
  blogdescription: string
  siteurl: string
  home: string
  admin_email: string
  /** An IANA zone or `UTC`; empty when the site's zone is a fixed offset (TEC's `UTC+5:30`). */
  timezone_string: string
  /**
   * The offset now in hours: a number computed from the zone (`wp_timezone_override_offset()`, to two decimals), or
   * for a fixed offset the text WordPress stored when it was chosen (`"5.5"`, `"-5"`).
   */
  gmt_offset: number | string
  posts_per_page: number
  date_format: string
  time_format: string
  start_of_week: number
  WPLANG: string
  use_smilies: boolean
  default_category: number
  default_post_format: string
  show_on_front: string
  page_on_front: number
  page_for_posts: number
  default_ping_status: string
  default_comment_status: string
  site_icon: number
}

/** `populate_options()`'s `admin_email`, for a file whose user 1 has no e-mail. */
const INSTALL_EMAIL = 'you@example.com'

/**
 * The options of a calendar's site, seen from `view` (whose `siteUrl` is the site's address).
 *
 * @example
 * wordpressOptions(calendar, view).timezone_string // 'America/New_York'
 */
export function wordpressOptions(calendar: Calendar, view: View): WordPressOptions {
  const { settings, users } = calendar.state
  return {
    blogname: 'My Site',
    blogdescription: '',
    siteurl: view.siteUrl,
    home: view.siteUrl,
    admin_email: users.get(1)?.email || INSTALL_EMAIL,
    ...siteZone(settings.timezone, calendar.now()),
    posts_per_page: settings.per_page,
    date_format: 'F j, Y',
    time_format: 'g:i a',
    start_of_week: 1,
    WPLANG: 'en_US',
    use_smilies: true,
    default_category: 1,
    default_post_format: '0',
    show_on_front: 'posts',
    page_on_front: 0,
    page_for_posts: 0,
    default_ping_status: 'open',
    default_comment_status: 'open',
    site_icon: 0,
  }
}

/**
 * `timezone_string` and `gmt_offset` of a zone calfile accepts. WordPress keeps a fixed offset chosen in its settings
 * as `gmt_offset` alone (`UTC+5.5` → `"5.5"`), which is what TEC shows as `UTC+5:30`; `UTC` is a zone of its own.
 */
function siteZone(timezone: string, now: number): Pick<WordPressOptions, 'timezone_string' | 'gmt_offset'> {
  const zone = lookupZone(timezone)
  if (zone?.kind === 'fixed' && zone.name !== 'UTC')
    return { timezone_string: '', gmt_offset: String(zone.offset / HOUR) }
  const hours = zone ? offsetAt(zone, now) / HOUR : 0
  return { timezone_string: timezone, gmt_offset: Math.round(hours * 100) / 100 }
}
