/**
 * Texts as MySQL compares them in WordPress's tables (`utf8mb4_unicode_ci`, the collation WordPress creates them
 * with): case and accents ignored (`Éclair` sorts before `jazz`, `Dûp Hall` equals `dup hall`), and spaces at the end
 * ignored, as that collation pads shorter texts with spaces. WordPress's term order and TEC's duplicate check of
 * venues and organizers (`Tribe__Duplicate__Strategy__Same`, an SQL `=`) both compare so.
 */

const collator = new Intl.Collator('en', { sensitivity: 'base' })

/**
 * The order of two texts under the collation: negative, zero or positive.
 *
 * @example
 * collate('Éclair', 'jazz') // < 0
 */
export function collate(a: string, b: string): number {
  return collator.compare(a.replace(/ +$/u, ''), b.replace(/ +$/u, ''))
}

/**
 * Whether two texts are equal under the collation.
 *
 * @example
 * sameUnderCollation('Dûp Hall ', 'dup hall') // true
 */
export function sameUnderCollation(a: string, b: string): boolean {
  return collate(a, b) === 0
}
