/** `calfile pull` and `push` against a real TEC 6.17.2 on WordPress 7.0.4 site (real-site-suite.ts). */
import { realSiteSuite } from './real-site-suite.js'

realSiteSuite('6.17')
