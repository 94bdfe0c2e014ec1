import type { Calendar } from '../../core/calendar.js'
import { notAllowed } from '../../core/resources/access.js'
import type { View } from '../../core/resources/view.js'
import { errorResponse, json } from '../respond.js'
import { wordpressOptions } from './site-options.js'
import { roleCan } from './users/capabilities.js'

/**
 * Whether the viewer may read the settings: WordPress asks `manage_options`
 * (`WP_REST_Settings_Controller::get_item_permissions_check()`), which administrators have, and everyone in open
 * mode (docs/auth.md).
 */
export function managesOptions(view: View): boolean {
  return view.openMode || (view.user !== null && roleCan(view.user.role, 'manage_options'))
}

/**
 * `GET /wp-json/wp/v2/settings` (`WP_REST_Settings_Controller::get_item()`): the settings WordPress registers for
 * the REST API, in its order, with the site's options (`wordpressOptions`), to those who `managesOptions`; the
 * others are refused with WordPress's `rest_forbidden`, 401 anonymous and 403 signed in. The answer is the same in
 * WordPress 7.0.4 and 6.7.1.
 */
export function settingsResponse(calendar: Calendar, view: View): Response {
  if (!managesOptions(view)) return errorResponse(notAllowed(view))
  const options = wordpressOptions(calendar, view)
  return json({
    title: options.blogname,
    description: options.blogdescription,
    url: options.siteurl,
    email: options.admin_email,
    timezone: options.timezone_string,
    date_format: options.date_format,
    time_format: options.time_format,
    start_of_week: options.start_of_week,
    language: options.WPLANG,
    use_smilies: options.use_smilies,
    default_category: options.default_category,
    default_post_format: options.default_post_format,
    posts_per_page: options.posts_per_page,
    show_on_front: options.show_on_front,
    page_on_front: options.page_on_front,
    page_for_posts: options.page_for_posts,
    default_ping_status: options.default_ping_status,
    default_comment_status: options.default_comment_status,
    // The theme's logo, which no theme of calfile's sets: null, as WordPress shows an unset integer setting.
    site_logo: null,
    site_icon: options.site_icon,
  })
}
