import { createHash } from 'node:crypto'
import type { Component } from './import-parse.js'

/**
 * The UID given to a VEVENT that has none (RFC 5545 §3.6.1 requires one; Outlook, Exchange and hand-made files
 * leave it out): `calfile-` and 16 hex digits of a SHA-256 of its SUMMARY and of its DTSTART line (value and
 * parameters). The same VEVENT gets the same UID on every import, so that importing the file again finds its
 * event; DTSTAMP, which Exchange renews on every export, is left out. A second VEVENT of a file with the same
 * SUMMARY and DTSTART gets `-2` after it, a third `-3`: `seen` counts them, one map a file.
 */
export function derivedUid(component: Component, seen: Map<string, number>): string {
  const summary = String(component.getFirstPropertyValue('summary') ?? '')
  const start = component.getFirstProperty('dtstart')?.toICALString() ?? ''
  const uid = `calfile-${createHash('sha256').update(`${summary}\n${start}`).digest('hex').slice(0, 16)}`
  const count = (seen.get(uid) ?? 0) + 1
  seen.set(uid, count)
  return count === 1 ? uid : `${uid}-${count}`
}
