import type { Scenario } from '../scenario.js'
import { ERROR_SCENARIOS } from './errors.js'
import { EVENT_SCENARIOS } from './events.js'
import { LINKED_POST_SCENARIOS } from './linked-posts.js'
import { LIST_SCENARIOS } from './lists.js'
import { RENDER_SCENARIOS } from './render.js'
import { TERM_TEXT_SCENARIOS } from './term-texts.js'
import { TERM_SCENARIOS } from './terms.js'
import { VERSION_SCENARIOS } from './versions.js'
import { WRITE_SCENARIOS } from './writes.js'

/** Every parity scenario, each run on a fresh site. */
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
]
