import type { Scenario } from '../scenario.js'
import { CONVENTION_SCENARIOS } from './conventions.js'
import { ERROR_SCENARIOS } from './errors.js'
import { EVENT_SCENARIOS } from './events.js'
import { LINKED_POST_SCENARIOS } from './linked-posts.js'
import { LIST_SCENARIOS } from './lists.js'
import { RENDER_SCENARIOS } from './render.js'
import { TEC_V1_ABSENT_SCENARIOS, TEC_V1_SCENARIOS } from './tec-v1.js'
import { TERM_TEXT_SCENARIOS } from './term-texts.js'
import { TERM_SCENARIOS } from './terms.js'
import { VERSION_SCENARIOS } from './versions.js'
import { WORDPRESS_SCENARIOS } from './wordpress.js'
import { WP_V2_SCENARIOS } from './wp-v2.js'
import { WRITE_SCENARIOS } from './writes.js'

/** Every parity scenario, each run on a fresh site (those of one release only on that release's). */
export const SCENARIOS: Scenario[] = [
  ...EVENT_SCENARIOS,
  ...LINKED_POST_SCENARIOS,
  ...TERM_SCENARIOS,
  ...TERM_TEXT_SCENARIOS,
  ...LIST_SCENARIOS,
  ...ERROR_SCENARIOS,
  ...RENDER_SCENARIOS,
  ...WRITE_SCENARIOS,
  ...VERSION_SCENARIOS,
  ...TEC_V1_SCENARIOS,
  ...TEC_V1_ABSENT_SCENARIOS,
  ...WORDPRESS_SCENARIOS,
  ...CONVENTION_SCENARIOS,
  ...WP_V2_SCENARIOS,
]
