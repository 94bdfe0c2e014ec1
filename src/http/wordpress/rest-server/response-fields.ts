/**
 * `_fields`, as WordPress's REST server trims every answer of every namespace with it (`rest_filter_response_fields()`
 * on `rest_post_dispatch`): the answer keeps only the fields named, a dotted name (`start_date_details.year`)
 * reaching into an object. The rules are WordPress's, odd ones included, as clients see them:
 * - the list is `wp_parse_list()`'s: split on commas and white space, or the values of `_fields[]=…` as given;
 * - a name under a field already kept whole (`a,a.b`) ends the list there: the names after it are dropped
 *   (WordPress's loop `break 2`s out of the list, not out of the name);
 * - a list is trimmed item by item; an object nested in a list is kept only if its indices are named (`events.0`);
 * - what is trimmed is a PHP array, so an object left with no field is `[]`, and one left with its indices in
 *   order is a list (`_rest_array_intersect_key_recursive()`, then `wp_json_encode()`).
 * Error answers (status 400 and up) are never trimmed.
 */

/** A tree of names to keep: `true` keeps the field whole, a tree keeps those of its fields. */
type Kept = { [name: string]: true | Kept }

/**
 * The fields of `_fields` as `wp_parse_list()` reads its value, trimmed; undefined when it names none (absent,
 * `_fields=`), which leaves the answer whole.
 *
 * @example
 * fieldList('id, title ,start_date_details.year') // ['id', 'title', 'start_date_details.year']
 * fieldList(['id,title']) // ['id,title']: the values of `_fields[]=` are not split again
 */
export function fieldList(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined
  // A text is split and its empty pieces dropped; the scalar values of an array stay as they are, even empty.
  const fields =
    typeof value === 'object'
      ? Object.values(value).flatMap((item) => (typeof item === 'object' || item === null ? [] : [String(item).trim()]))
      : String(value)
          .split(/[\s,]+/u)
          .filter((field) => field !== '')
  return fields.length === 0 ? undefined : fields
}

/** The nested tree of names (`{ start_date_details: { year: true }, id: true }`), as WordPress builds it. */
function keptTree(fields: readonly string[]): Kept {
  const tree: Kept = Object.create(null) as Kept
  names: for (const field of fields) {
    const parts = field.split('.')
    let branch = tree
    while (parts.length > 1) {
      const next = parts.shift() as string
      if (branch[next] === true) break names
      const inner = branch[next] ?? (Object.create(null) as Kept)
      branch[next] = inner
      branch = inner
    }
    branch[parts[0] as string] = true
  }
  return tree
}

/**
 * An answer's data trimmed to `fields` (`fieldList`): a list item by item, anything else as one object.
 *
 * @example
 * keepFields({ id: 1, title: 'Jazz', start_date_details: { year: '2026', month: '12' } }, ['id', 'start_date_details.year'])
 * // { id: 1, start_date_details: { year: '2026' } }
 * keepFields({ id: 1 }, ['nothing']) // []: an object with no field left is PHP's empty array
 */
export function keepFields(data: unknown, fields: readonly string[]): unknown {
  const tree = keptTree(fields)
  if (Array.isArray(data)) return data.map((item) => (isArrayLike(item) ? intersect(item, tree) : item))
  return isArrayLike(data) ? intersect(data, tree) : data
}

function isArrayLike(value: unknown): value is object {
  return typeof value === 'object' && value !== null
}

/** `_rest_array_intersect_key_recursive()`: the fields of `value` the tree names, a named tree reaching in. */
function intersect(value: object, tree: Kept): unknown {
  const kept: [string, unknown][] = []
  for (const [name, item] of Object.entries(value)) {
    const want = tree[name]
    if (want === undefined) continue
    kept.push([name, want !== true && isArrayLike(item) ? intersect(item, want) : item])
  }
  return phpArray(kept)
}

/** A PHP array as `wp_json_encode()` writes it: a list when its keys are 0, 1, 2… in order, else an object. */
function phpArray(entries: readonly [string, unknown][]): unknown {
  if (entries.every(([name], index) => name === String(index))) return entries.map(([, item]) => item)
  return Object.fromEntries(entries)
}
