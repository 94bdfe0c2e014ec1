import type { ServedPostKind } from '../../core/model/kinds.js'
import { NO_GMT_DATE, type PostRecord } from '../../core/model/records.js'
import type { CalendarState } from '../../core/model/state.js'
import { renderContent, renderPostExcerpt, renderTitle } from '../../core/render/fields.js'
import { POST_TYPES, postDates } from '../../core/resources/posts/post-shape.js'
import { tecRules } from '../../core/resources/tec-versions.js'

/**
 * The WordPress part of a tec/v1 object (`WP_REST_Posts_Controller::prepare_item_for_response()` in the `view`
 * context, as `Post_Entity_Endpoint::get_formatted_entity()` takes it, `_links` and `meta` dropped): `id`, the
 * dates as ISO wall times (`2026-11-27T19:44:25`) in the site zone and in UTC, `guid`, `slug`, `status`, `type`,
 * `link`, `title`, `content`, `excerpt` (each `{ rendered }`), `author`, `featured_media`, `template`. `link` is the
 * post's URL as REST v1 shows it (`eventUrl`, `venueUrl`, `organizerUrl`: the plain link where WordPress gives no
 * pretty one).
 *
 * @example
 * wordPressPost(state, 'venue', venue, 'Hall', venueUrl(view, venue))
 * // { id: 601, date: '2026-11-27T19:44:29', …, type: 'tribe_venue', link: 'http://…/venue/hall/', title: { rendered: 'Hall' }, … }
 */
export function wordPressPost(
  state: CalendarState,
  kind: ServedPostKind,
  post: PostRecord,
  title: string,
  link: string,
): Record<string, unknown> {
  const { wordpress } = tecRules(state.settings)
  // A GMT date of a post's own shows as it is, but a draft's `0000-00-00 00:00:00`: tec/v1 works one out from the
  // date, as WordPress's posts controller does (`WP_REST_Posts_Controller::prepare_date_response()`).
  const own = (stored: string | undefined) => (stored === NO_GMT_DATE ? undefined : stored)
  const dates = postDates(state, {
    date: post.date,
    modified: post.modified,
    date_utc: own(post.date_utc),
    modified_utc: own(post.modified_utc),
  })
  const content = renderContent(post.description, wordpress)
  return {
    id: post.id,
    date: isoWall(dates.date),
    date_gmt: isoWall(dates.date_utc),
    // WordPress keeps the link a post had when it was made; calfile keeps no guid and shows the link of today.
    guid: { rendered: link },
    modified: isoWall(dates.modified),
    modified_gmt: isoWall(dates.modified_utc),
    slug: post.slug,
    status: post.status,
    type: POST_TYPES[kind],
    link,
    title: { rendered: renderTitle(title) },
    content: { rendered: content === '' ? '' : `${content}\n`, protected: false },
    excerpt: { rendered: renderPostExcerpt(post.excerpt, post.description, wordpress), protected: false },
    author: post.author,
    featured_media: typeof post.image === 'number' ? post.image : 0,
    template: '',
  }
}

/** `2026-11-27 19:44:25` → `2026-11-27T19:44:25` (`mysql_to_rfc3339()`). */
function isoWall(wall: string): string {
  return wall.replace(' ', 'T')
}
