/**
 * A list a page is taken from (issue 11, "Lists"): its total and the items between two positions, in list order,
 * without the whole list existing. A plain array is one.
 */
export interface ListSlice<T> {
  /** The total number of items. */
  readonly length: number
  /** The items at positions `start` to `end` (exclusive), as `Array.prototype.slice` takes them. */
  slice(start: number, end: number): readonly T[]
}
