import type { Taxonomy } from '../model/kinds.js'

/**
 * The TEC releases calfile answers as (`settings.tec_version`, docs/data-file.md#settings, docs/tec-parity.md#versions),
 * and every rule of REST v1 in which they differ. Each difference is one named field of `TecRules`, read where the
 * rule applies; nowhere else does calfile ask which version it plays. Each was found by sending the same requests to
 * both real releases (`../shared/realtec`, `REALTEC_VERSION`) and is named after the TEC or WordPress function that
 * makes it.
 */

/** The values of `settings.tec_version`: the newest first, the default. */
export const TEC_VERSIONS = ['6.17', '6.10'] as const

/** `"6.17"`: The Events Calendar 6.17.2 on WordPress 7.0.4; `"6.10"`: TEC 6.10.0 on WordPress 6.7.1. */
export type TecVersion = (typeof TEC_VERSIONS)[number]

/** What a data file without `settings.tec_version` answers as: today's TEC. */
export const DEFAULT_TEC_VERSION: TecVersion = '6.17'

/** The WordPress release under a TEC version, for the rules that are WordPress's own (kses, `rest_send_allow_header`). */
export type WordPressRelease = '7.0.4' | '6.7.1'

/** The rules of one TEC version that differ from the other's. */
export interface TecRules {
  /** The WordPress release under it. */
  readonly wordpress: WordPressRelease
  /**
   * How a single-event route answers an ID that names no event. `'handler'` (6.17.2,
   * `Single_Event::validate_event_exists`): 404 `rest-event-not-found` "Event with ID N does not exist.", and 400
   * `rest-invalid-event-id` "The specified ID is not a valid event." for the ID of another kind of post.
   * `'arguments'` (6.10.0): the route's `id` argument fails its check, 400 `rest_invalid_param`.
   */
  readonly eventIdCheck: 'handler' | 'arguments'
  /**
   * Whether a trashed event is refused to every reader (6.17.2, `Single_Event::validate_event_accessible`: 403
   * `event-no-longer-available` "This event is no longer available"), rather than shown to those who may read it.
   */
  readonly trashedEventsGone: boolean
  /**
   * Whether every event answer has `custom_fields`, `[]` when it has none (6.17.2's `Post_Repository` reads the
   * site's custom fields for each event); 6.10.0 has no such key.
   */
  readonly customFieldsAlways: boolean
  /**
   * The REST bases of the post types registered for each taxonomy, whose posts a term's `_links["wp:post_type"]`
   * lists (`WP_REST_Terms_Controller::prepare_links()`): TEC 6.17 registers its `tec_calendar_embed` post type for
   * both.
   */
  readonly termPostTypes: Readonly<Record<Taxonomy, readonly string[]>>
  /**
   * Whether a venue or organizer route asks the permission to change the post its ID names, rather than to change
   * venues or organizers at all (6.17, `Single_Venue::can_edit()` and `Single_Organizer::can_edit()` since TEC
   * 6.15.16.1): for an ID that names no post, WordPress denies it to everyone (`map_meta_cap()`), so `Allow` lists
   * `GET` alone there.
   */
  readonly linkedPostPermissionPerPost: boolean
  /**
   * Whether the site has TEC's second REST API, `/wp-json/tec/v1` (`TEC\Common\REST\TEC\V1\Controller`, since TEC
   * 6.15), which TEC's MCP server speaks; it is listed among the namespaces of the REST index.
   */
  readonly tecV1: boolean
  /**
   * Whether events take comments (6.10.0: TEC registers `tribe_events` with `comments` support, so WordPress's
   * `wp/v2` shows `comment_status` `open`, `ping_status` `closed` and a `replies` link); 6.17.2 does not.
   */
  readonly eventComments: boolean
  /**
   * What an event list of `wp/v2` asked by `orderby=include` holds: the events, by start, earliest first (6.17.2's
   * `tribe_events` query), or none at all (6.10.0: TEC's query drops `post__in` ordering, and with it every post).
   */
  readonly wpV2IncludeOrder: 'start' | 'nothing'
}

const RULES: Record<TecVersion, TecRules> = {
  '6.17': {
    wordpress: '7.0.4',
    eventIdCheck: 'handler',
    trashedEventsGone: true,
    customFieldsAlways: true,
    termPostTypes: {
      category: ['tribe_events', 'tec_calendar_embed'],
      tag: ['posts', 'tribe_events', 'tec_calendar_embed'],
    },
    linkedPostPermissionPerPost: true,
    tecV1: true,
    eventComments: false,
    wpV2IncludeOrder: 'start',
  },
  '6.10': {
    wordpress: '6.7.1',
    eventIdCheck: 'arguments',
    trashedEventsGone: false,
    customFieldsAlways: false,
    termPostTypes: { category: ['tribe_events'], tag: ['posts', 'tribe_events'] },
    linkedPostPermissionPerPost: false,
    tecV1: false,
    eventComments: true,
    wpV2IncludeOrder: 'nothing',
  },
}

/**
 * `text` when it names a TEC version calfile answers as, else undefined.
 *
 * @example
 * asTecVersion('6.17') // '6.17'; asTecVersion('6.17.2') // undefined
 */
export function asTecVersion(text: string | undefined): TecVersion | undefined {
  return TEC_VERSIONS.find((version) => version === text)
}

/** The WordPress of today's TEC (`DEFAULT_TEC_VERSION`): what reads texts that no data file's setting governs. */
export const TODAYS_WORDPRESS: WordPressRelease = RULES[DEFAULT_TEC_VERSION].wordpress

/**
 * The rules of the TEC version the settings name.
 *
 * @example
 * tecRules(calendar.state.settings).eventIdCheck // 'handler' for a file without `tec_version`
 */
export function tecRules(settings: { readonly tec_version: TecVersion }): TecRules {
  return RULES[settings.tec_version]
}
