/** `calfile pull` and `push` against a real TEC 6.10.0 on WordPress 6.7.1 site (real-site-suite.ts). */
import { realSiteSuite } from './real-site-suite.js'

realSiteSuite('6.10')
