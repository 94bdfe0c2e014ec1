import { get, type Scenario } from '../scenario.js'

/**
 * The WordPress routes TEC's MCP server calls before any of tec/v1 (`getSiteInfo()`: the index, then the signed-in
 * user and the site's settings; it stops with "Authentication failed" when the user's answer fails), as WordPress
 * answers them to the administrator, to nobody and to a wrong password.
 */
export const WORDPRESS_SCENARIOS: Scenario[] = [
  {
    name: 'wordpress: the index, the signed-in user and the settings',
    section: 'wordpress',
    steps: [
      get('/wp-json/'),
      get('/wp-json/', 'anonymous'),
      get('/wp-json/', 'wrong-password'),
      get('/wp-json/wp/v2/users/me'),
      get('/wp-json/wp/v2/users/me', 'anonymous'),
      get('/wp-json/wp/v2/users/me', 'wrong-password'),
      get('/wp-json/wp/v2/settings'),
      get('/wp-json/wp/v2/settings', 'anonymous'),
      get('/wp-json/wp/v2/settings', 'wrong-password'),
    ],
  },
]
