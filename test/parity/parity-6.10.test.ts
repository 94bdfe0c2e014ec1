/** The parity suite (parity-suite.ts) against TEC 6.10.0 on WordPress 6.7.1, calfile set to `tec_version: "6.10"`. */
import { paritySuite } from './parity-suite.js'

paritySuite('6.10')
