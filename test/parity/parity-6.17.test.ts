/** The parity suite (parity-suite.ts) against TEC 6.17.2 on WordPress 7.0.4, calfile set to `tec_version: "6.17"`. */
import { paritySuite } from './parity-suite.js'

paritySuite('6.17')
