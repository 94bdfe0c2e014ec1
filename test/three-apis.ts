/**
 * What the tests of the three REST APIs over one record share (test/http/three-apis.test.ts,
 * test/properties/three-apis-writes.test.ts): the site, an administrator's headers that every API takes (tec/v1's
 * acknowledgement among them), the zones events are written in, and the APIs' names.
 */
import { ACKNOWLEDGEMENT } from '../src/http/tec-v1/gate.js'

/** The origin requests are made on. */
export const SITE = 'http://127.0.0.1:3000'

/** The administrator `admin` with the token `tok-admin`, JSON bodies, and tec/v1's `X-TEC-EEA`. */
export const HEADERS = {
  authorization: `Basic ${Buffer.from('admin:tok-admin').toString('base64')}`,
  'content-type': 'application/json',
  'x-tec-eea': ACKNOWLEDGEMENT,
}

/** Zones of events: the site's, two others with daylight saving on other dates or none, and UTC. */
export const ZONES = ['America/New_York', 'Europe/Paris', 'Asia/Kolkata', 'UTC'] as const

/** TEC's REST v1, TEC's tec/v1 and WordPress's wp/v2. */
export type Api = 'rest-v1' | 'tec-v1' | 'wp-v2'
