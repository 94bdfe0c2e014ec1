/**
 * WordPress's routes that describe a site's content model (src/http/wp-v2/schema-routes.ts, user-routes.ts):
 * `/wp-json/wp/v2/types`, `/taxonomies`, `/statuses` and `/users/<id>`. The expected values are the answers of
 * WordPress 7.0.4 + TEC 6.17.2 (`tec_version` "6.17") and 6.7.1 + TEC 6.10.0 ("6.10") to the same requests, read
 * live; what each role may see was read live on 6.7.1, whose rules for these routes 7.0.4 shares but for a user's
 * edit context.
 */
import { describe, expect, it } from 'vitest'
import { openCalendar } from '../../src/core/calendar.js'
import { tokenHash } from '../../src/core/model/users.js'
import { createApp } from '../../src/http/app.js'
import { NOW } from '../helpers.js'

const SITE = 'http://127.0.0.1:3000'
const V2 = `${SITE}/wp-json/wp/v2`
const ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const
type Who = (typeof ROLES)[number] | 'anonymous'
const CURIES = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }]
const event = (id: number, author: number, status: string) => ({
  id,
  author,
  status,
  title: `Event ${id}`,
  start_date: '2031-01-01 10:00:00',
  end_date: '2031-01-01 11:00:00',
})

/**
 * A site with a user of each role (IDs 1 to 5): the author's event published, the contributor's a draft, the
 * subscriber's private.
 */
async function site(tec_version: '6.17' | '6.10' = '6.17') {
  const initial = JSON.stringify({
    settings: { timezone: 'America/New_York', tec_version },
    users: ROLES.map((role, index) => ({
      id: index + 1,
      name: index === 0 ? 'admin' : `u_${role}`,
      role,
      email: index === 0 ? 'admin@example.test' : `u_${role}@example.test`,
      token_sha256: tokenHash(`tok-${role}`),
    })),
    events: [event(10, 3, 'publish'), event(11, 4, 'draft'), event(12, 5, 'private')],
  })
  const app = createApp(await openCalendar(null, { initial, now: () => NOW }))
  return async (path: string, who: Who = 'anonymous', method = 'GET') => {
    const headers: Record<string, string> = who === 'anonymous' ? {} : { authorization: `Bearer tok-${who}` }
    const res = await app.request(`${V2}${path}`, { method, headers })
    const text = await res.text()
    return { status: res.status, allow: res.headers.get('allow'), body: text === '' ? undefined : JSON.parse(text) }
  }
}

const error = (code: string, message: string, status: number) => ({ code, message, data: { status } })

describe('GET /wp-json/wp/v2/types', () => {
  it('lists every post type shown in the REST API, in the order the site registers them', async () => {
    const request = await site()
    const { status, allow, body } = await request('/types')
    expect([status, allow]).toEqual([200, 'GET'])
    expect(Object.keys(body)).toEqual([
      'post',
      'page',
      'attachment',
      'nav_menu_item',
      'wp_block',
      'wp_template',
      'wp_template_part',
      'wp_global_styles',
      'wp_navigation',
      'wp_font_family',
      'wp_font_face',
      'tribe_venue',
      'tribe_organizer',
      'tribe_events',
      'tec_calendar_embed',
    ])
    const { icon, ...events } = body.tribe_events
    expect(events).toEqual({
      description: '',
      hierarchical: false,
      has_archive: true,
      name: 'Events',
      slug: 'tribe_events',
      taxonomies: ['post_tag', 'tribe_events_cat'],
      rest_base: 'tribe_events',
      rest_namespace: 'wp/v2',
      template: [
        ['tribe/event-datetime'],
        ['core/paragraph', { placeholder: 'Add Description...' }],
        ['tribe/event-price'],
        ['tribe/event-organizer'],
        ['tribe/event-venue'],
        ['tribe/event-website'],
        ['tribe/event-links'],
      ],
      template_lock: false,
      _links: {
        collection: [{ href: `${V2}/types` }],
        'wp:items': [{ href: `${V2}/tribe_events` }],
        curies: CURIES,
      },
    })
    expect(icon).toMatch(/^data:image\/svg\+xml;base64,PHN2ZyB4bWxucz/u)
    expect(Buffer.from(icon.split(',')[1], 'base64').toString()).toContain(
      'viewBox="0 0 13.24 15.4" aria-hidden="true">',
    )
    expect(body.wp_font_face.rest_base).toBe('font-families/(?P<font_family_id>[\\d]+)/font-faces')
    expect(body.wp_template.description).toBe('Templates to include in your theme.')
    expect(body.nav_menu_item).toMatchObject({ icon: null, taxonomies: ['nav_menu'], rest_base: 'menu-items' })
  })

  it('under TEC 6.10 has no calendar embeds, and the icon is not hidden from screen readers', async () => {
    const request = await site('6.10')
    const { body } = await request('/types')
    expect(Object.keys(body).at(-1)).toBe('tribe_events')
    expect(Buffer.from(body.tribe_events.icon.split(',')[1], 'base64').toString()).toContain(
      'viewBox="0 0 13.24 15.4">',
    )
  })

  it('shows the fields of the context asked, in WordPress order', async () => {
    const request = await site()
    const embed = await request('/types/post?context=embed')
    expect(embed.body).toEqual({
      name: 'Posts',
      slug: 'post',
      icon: 'dashicons-admin-post',
      rest_base: 'posts',
      rest_namespace: 'wp/v2',
      template: [],
      template_lock: false,
      _links: { collection: [{ href: `${V2}/types` }], 'wp:items': [{ href: `${V2}/posts` }], curies: CURIES },
    })
    const edit = await request('/types/tribe_events?context=edit', 'administrator')
    expect(Object.keys(edit.body)).toEqual([
      'capabilities',
      'description',
      'hierarchical',
      'has_archive',
      'visibility',
      'viewable',
      'labels',
      'name',
      'slug',
      'icon',
      'supports',
      'taxonomies',
      'rest_base',
      'rest_namespace',
      'template',
      'template_lock',
      '_links',
    ])
    expect(edit.body.capabilities).toEqual({
      edit_post: 'edit_tribe_event',
      read_post: 'read_tribe_event',
      delete_post: 'delete_tribe_event',
      edit_posts: 'edit_tribe_events',
      edit_others_posts: 'edit_others_tribe_events',
      delete_posts: 'delete_tribe_events',
      publish_posts: 'publish_tribe_events',
      read_private_posts: 'read_private_tribe_events',
      read: 'read',
      delete_private_posts: 'delete_private_tribe_events',
      delete_published_posts: 'delete_published_tribe_events',
      delete_others_posts: 'delete_others_tribe_events',
      edit_private_posts: 'edit_private_tribe_events',
      edit_published_posts: 'edit_published_tribe_events',
      create_posts: 'edit_tribe_events',
    })
    expect(edit.body).toMatchObject({ visibility: { show_in_nav_menus: true, show_ui: true }, viewable: true })
    expect(edit.body.supports).toEqual({
      title: true,
      editor: true,
      excerpt: true,
      author: true,
      thumbnail: true,
      revisions: true,
      autosave: true,
      'custom-fields': true,
    })
    expect(edit.body.labels).toEqual({
      name: 'Events',
      singular_name: 'Event',
      add_new: 'Add New',
      add_new_item: 'Add New Event',
      edit_item: 'Edit Event',
      new_item: 'New Event',
      view_item: 'View Event',
      view_items: 'View Events',
      search_items: 'Search Events',
      not_found: 'No events found',
      not_found_in_trash: 'No events found in Trash',
      parent_item_colon: null,
      all_items: 'Events',
      archives: 'Events',
      attributes: 'Post Attributes',
      insert_into_item: 'Insert into post',
      uploaded_to_this_item: 'Uploaded to this post',
      featured_image: 'Featured image',
      set_featured_image: 'Set featured image',
      remove_featured_image: 'Remove featured image',
      use_featured_image: 'Use as featured image',
      filter_items_list: 'Filter posts list',
      filter_by_date: 'Filter by date',
      items_list_navigation: 'Posts list navigation',
      items_list: 'Posts list',
      item_published: 'Event published.',
      item_published_privately: 'Event published privately.',
      item_reverted_to_draft: 'Event reverted to draft.',
      item_trashed: 'Post trashed.',
      item_scheduled: 'Event scheduled.',
      item_updated: 'Event updated.',
      item_link: 'Event Link',
      item_link_description: 'A link to a particular Event.',
      menu_name: 'Events',
      name_admin_bar: 'Event',
      template_name: 'Single item: Event',
    })
  })

  it.each([
    ['6.17', 'Add', 'Add Post', [{ notes: true }], 'View Events', undefined],
    ['6.10', 'Add New', 'Add New Post', true, 'View Posts', true],
  ] as const)(
    'under TEC %s, labels and features as that release registers them',
    async (tec, add, addItem, editor, viewEvents, comments) => {
      const request = await site(tec)
      const { body } = await request('/types?context=edit', 'administrator')
      expect(body.post.labels).toMatchObject({ add_new: add, add_new_item: addItem, name_admin_bar: 'Post' })
      expect(body.post.labels.template_name).toBeUndefined()
      expect(body.post.supports.editor).toEqual(editor)
      expect(body.tribe_events.labels.view_items).toBe(viewEvents)
      expect(body.tribe_events.supports.comments).toBe(comments)
      expect(body.wp_block.capabilities).toMatchObject({ read: 'edit_posts', create_posts: 'publish_posts' })
      expect(body.attachment.labels).toMatchObject({ name: 'Media', template_name: 'Single item: Media' })
    },
  )

  it('lists in the edit context only the types the viewer may edit posts of', async () => {
    const request = await site('6.10')
    const keys = async (who: Who) => Object.keys((await request('/types?context=edit', who)).body)
    expect(await keys('editor')).toEqual([
      'post',
      'page',
      'attachment',
      'wp_block',
      'tribe_venue',
      'tribe_organizer',
      'tribe_events',
    ])
    expect(await keys('contributor')).toEqual([
      'post',
      'attachment',
      'wp_block',
      'tribe_venue',
      'tribe_organizer',
      'tribe_events',
    ])
  })

  it('refuses as WordPress does: the edit context, an unknown type, a hidden one, a wrong context', async () => {
    const request = await site()
    const cannotView = error('rest_cannot_view', 'Sorry, you are not allowed to edit posts in this post type.', 401)
    expect(await request('/types?context=edit')).toEqual({ status: 401, allow: null, body: cannotView })
    expect((await request('/types?context=edit', 'subscriber')).body.data.status).toBe(403)
    expect(await request('/types/nope')).toEqual({
      status: 404,
      allow: 'GET',
      body: error('rest_type_invalid', 'Invalid post type.', 404),
    })
    expect(await request('/types/revision')).toEqual({
      status: 401,
      allow: 'GET',
      body: error('rest_cannot_read_type', 'Cannot view post type.', 401),
    })
    expect(await request('/types/page?context=edit', 'author')).toEqual({
      status: 403,
      allow: 'GET',
      body: error('rest_forbidden_context', 'Sorry, you are not allowed to edit posts in this post type.', 403),
    })
    expect(await request('/types?context=bad')).toEqual({
      status: 400,
      allow: 'GET',
      body: {
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): context',
        data: {
          status: 400,
          params: { context: 'context is not one of view, embed, and edit.' },
          details: {
            context: { code: 'rest_not_in_enum', message: 'context is not one of view, embed, and edit.', data: null },
          },
        },
      },
    })
    expect((await request('/types/a.b')).body.code).toBe('rest_no_route')
  })

  it('answers HEAD as GET, without the body', async () => {
    const request = await site()
    expect(await request('/types', 'anonymous', 'HEAD')).toEqual({ status: 200, allow: 'GET', body: undefined })
  })
})

describe('GET /wp-json/wp/v2/taxonomies', () => {
  it('lists the taxonomies shown in the REST API, with the post types each is registered for', async () => {
    const request = await site()
    const { status, allow, body } = await request('/taxonomies')
    expect([status, allow]).toEqual([200, 'GET'])
    expect(Object.keys(body)).toEqual(['category', 'post_tag', 'nav_menu', 'wp_pattern_category', 'tribe_events_cat'])
    expect(body.tribe_events_cat).toEqual({
      name: 'Event Categories',
      slug: 'tribe_events_cat',
      description: '',
      types: ['tribe_events', 'tec_calendar_embed'],
      hierarchical: true,
      rest_base: 'tribe_events_cat',
      rest_namespace: 'wp/v2',
      _links: {
        collection: [{ href: `${V2}/taxonomies` }],
        'wp:items': [{ href: `${V2}/tribe_events_cat` }],
        curies: CURIES,
      },
    })
    expect(body.post_tag.types).toEqual(['post', 'tribe_events', 'tec_calendar_embed'])
    const older = await (await site('6.10'))('/taxonomies')
    expect(older.body.post_tag.types).toEqual(['post', 'tribe_events'])
  })

  it("takes a post type's taxonomies with `type`, an empty object for a type with none", async () => {
    const request = await site()
    expect(Object.keys((await request('/taxonomies?type=tribe_events')).body)).toEqual(['post_tag', 'tribe_events_cat'])
    expect((await request('/taxonomies?type=nope')).body).toEqual({})
    expect(await request('/taxonomies?context=edit&type=page', 'administrator')).toEqual({
      status: 403,
      allow: null,
      body: error('rest_cannot_view', 'Sorry, you are not allowed to manage terms in this taxonomy.', 403),
    })
    expect(Object.keys((await request('/taxonomies?context=edit', 'editor')).body)).toEqual([
      'category',
      'post_tag',
      'wp_pattern_category',
      'tribe_events_cat',
    ])
  })

  it.each([
    ['6.17', 'Add Category'],
    ['6.10', 'Add New Category'],
  ] as const)('shows a taxonomy in the edit context as TEC %s does', async (tec, addItem) => {
    const request = await site(tec)
    const { body } = await request('/taxonomies/category?context=edit', 'administrator')
    expect(Object.keys(body)).toEqual([
      'name',
      'slug',
      'capabilities',
      'description',
      'labels',
      'types',
      'show_cloud',
      'hierarchical',
      'rest_base',
      'rest_namespace',
      'visibility',
      '_links',
    ])
    expect(body.capabilities).toEqual({
      manage_terms: 'manage_categories',
      edit_terms: 'edit_categories',
      delete_terms: 'delete_categories',
      assign_terms: 'assign_categories',
    })
    expect(body.labels).toMatchObject({
      popular_items: null,
      add_new_item: addItem,
      back_to_items: '&larr; Go to Categories',
      menu_name: 'Categories',
      name_admin_bar: 'category',
      template_name: 'Category Archives',
    })
    expect(body.labels.archives).toBeUndefined()
    const events = await request('/taxonomies/tribe_events_cat?context=edit', 'contributor')
    expect(events.body.capabilities.assign_terms).toBe('edit_tribe_events')
    expect(events.body.labels).toMatchObject({
      view_item: 'View Category',
      archives: 'All Event Categories',
      template_name: 'Event Category Archives',
    })
    expect(events.body.visibility).toEqual({
      public: true,
      publicly_queryable: true,
      show_admin_column: false,
      show_in_nav_menus: true,
      show_in_quick_edit: true,
      show_ui: true,
    })
  })

  it('refuses as WordPress does', async () => {
    const request = await site()
    expect(await request('/taxonomies/tribe_events_cat?context=edit')).toEqual({
      status: 401,
      allow: null,
      body: error('rest_forbidden_context', 'Sorry, you are not allowed to manage terms in this taxonomy.', 401),
    })
    expect(await request('/taxonomies/post_format', 'editor')).toEqual({
      status: 403,
      allow: null,
      body: error('rest_forbidden', 'Sorry, you are not allowed to do that.', 403),
    })
    expect(await request('/taxonomies/nope')).toEqual({
      status: 404,
      allow: 'GET',
      body: error('rest_taxonomy_invalid', 'Invalid taxonomy.', 404),
    })
  })
})

describe('GET /wp-json/wp/v2/statuses', () => {
  it('lists the statuses the viewer may read', async () => {
    const request = await site()
    const aggregator = [
      'tribe-ea-success',
      'tribe-ea-failed',
      'tribe-ea-schedule',
      'tribe-ea-pending',
      'tribe-ea-draft',
    ]
    expect(Object.keys((await request('/statuses')).body)).toEqual(['publish', ...aggregator])
    expect(Object.keys((await request('/statuses', 'subscriber')).body)).toEqual(['publish', ...aggregator])
    const { body } = await request('/statuses', 'contributor')
    expect(Object.keys(body)).toEqual([
      'publish',
      'future',
      'draft',
      'pending',
      'private',
      'in-progress',
      'failed',
      ...aggregator,
      'tribe-ignored',
      'trash',
    ])
    expect(body.draft).toEqual({
      name: 'Draft',
      public: false,
      queryable: false,
      slug: 'draft',
      date_floating: true,
      _links: { archives: [{ href: `${V2}/posts?status=draft` }] },
    })
  })

  it('shows a status in the context asked, to anyone who may read it', async () => {
    const request = await site()
    expect((await request('/statuses/publish?context=edit')).body).toEqual({
      name: 'Published',
      private: false,
      protected: false,
      public: true,
      queryable: true,
      show_in_list: true,
      slug: 'publish',
      date_floating: false,
      _links: { archives: [{ href: `${V2}/posts` }] },
    })
    expect((await request('/statuses/trash?context=embed', 'author')).body).toEqual({
      name: 'Trash',
      slug: 'trash',
      _links: { archives: [{ href: `${V2}/posts?status=trash` }] },
    })
  })

  it.each([
    ['6.17', false],
    ['6.10', true],
  ] as const)('under TEC %s, the aggregator statuses are queryable: %s', async (tec, queryable) => {
    const request = await site(tec)
    expect((await request('/statuses/tribe-ea-success')).body).toMatchObject({
      name: 'Imported',
      public: true,
      queryable,
    })
  })

  it('refuses as WordPress does', async () => {
    const request = await site()
    const cannotRead = error('rest_cannot_read_status', 'Cannot view status.', 401)
    expect(await request('/statuses/draft')).toEqual({ status: 401, allow: null, body: cannotRead })
    expect((await request('/statuses/auto-draft', 'administrator')).body.code).toBe('rest_cannot_read_status')
    expect(await request('/statuses/nope')).toEqual({
      status: 404,
      allow: null,
      body: error('rest_status_invalid', 'Invalid status.', 404),
    })
    expect(await request('/statuses?context=edit', 'subscriber')).toEqual({
      status: 403,
      allow: null,
      body: error('rest_cannot_view', 'Sorry, you are not allowed to manage post statuses.', 403),
    })
  })
})

describe('GET /wp-json/wp/v2/users/<id>', () => {
  it("shows a post's author to anyone, as WordPress does", async () => {
    const request = await site()
    const avatar = (size: number) =>
      `https://secure.gravatar.com/avatar/a5f52d14c3fc8186621560096e5d59e6244a40efd78c497223a37d64a98103e3?s=${size}&d=mm&r=g`
    expect(await request('/users/1')).toEqual({
      status: 200,
      allow: 'GET',
      body: {
        id: 1,
        name: 'admin',
        url: SITE,
        description: '',
        link: `${SITE}/author/admin/`,
        slug: 'admin',
        avatar_urls: { 24: avatar(24), 48: avatar(48), 96: avatar(96) },
        meta: [],
        // The site lists its writes too for those who may edit the user; calfile serves the GET alone.
        _links: {
          self: [{ href: `${V2}/users/1`, targetHints: { allow: ['GET'] } }],
          collection: [{ href: `${V2}/users` }],
        },
      },
    })
    expect((await request('/users/3?context=embed')).body).toMatchObject({ id: 3, name: 'u_author', slug: 'u_author' })
  })

  it('shows a user with no published post to themself and to those who may list users only', async () => {
    const request = await site()
    const cannotView = (status: number) =>
      error('rest_user_cannot_view', 'Sorry, you are not allowed to list users.', status)
    expect(await request('/users/4')).toEqual({ status: 401, allow: null, body: cannotView(401) })
    expect(await request('/users/4', 'editor')).toEqual({ status: 403, allow: null, body: cannotView(403) })
    expect((await request('/users/4', 'contributor')).status).toBe(200)
    expect((await request('/users/4', 'administrator')).status).toBe(200)
    // A private post counts for those who may read the type's private posts.
    expect((await request('/users/5', 'editor')).status).toBe(200)
    expect((await request('/users/5', 'author')).body).toEqual(cannotView(403))
    expect(await request('/users/999')).toEqual({
      status: 404,
      allow: null,
      body: error('rest_user_invalid_id', 'Invalid user ID.', 404),
    })
    expect((await request('/users/abc')).body.code).toBe('rest_no_route')
  })

  it.each([
    ['6.17', error('rest_forbidden_context', 'Sorry, you are not allowed to edit this user.', 401)],
    ['6.10', error('rest_user_cannot_view', 'Sorry, you are not allowed to list users.', 401)],
  ] as const)(
    'under TEC %s, the edit context of another user is refused as that release refuses it',
    async (tec, refusal) => {
      const request = await site(tec)
      expect(await request('/users/1?context=edit')).toEqual({ status: 401, allow: null, body: refusal })
      const own = await request('/users/5?context=edit', 'subscriber')
      expect(own.body).toMatchObject({
        id: 5,
        username: 'u_subscriber',
        email: 'u_subscriber@example.test',
        roles: ['subscriber'],
        capabilities: { read: true, level_0: true, subscriber: true },
      })
      expect((await request('/users/5?context=edit', 'administrator')).body.roles).toEqual(['subscriber'])
    },
  )
})
