import { slugFromTitle } from '../resources/slugs.js'
import { TODAYS_WORDPRESS } from '../resources/tec-versions.js'
import { escapeHtml } from './entities.js'
import { phpTrim } from './html/kses-text.js'

/**
 * An event's cost as TEC shows it: the `cost` text (`tribe_get_cost()`) and `cost_details`, from the stored cost as
 * written (a text or a list of texts, like TEC's `_EventCost` meta). Our own reading of `Tribe__Cost_Utils` and
 * `Tribe__Events__Cost_Utils`, checked against a live TEC 6.10, including its quirks: numbers are found by
 * `[.,]?\d+[.,]?\d*` (so `"1,250.50"` is two numbers), a text without numbers is its own value, lower-cased and
 * slugged in `values` (`"Free"` → `"free"`), and the currency symbol is what surrounds the one number of the text.
 */

/** `cost_details` of an event. */
export interface CostDetails {
  currency_symbol: string
  currency_code: string
  currency_position: 'prefix' | 'postfix' | ''
  values: string[]
}

/** A currency stored with the cost where it differs from what the cost's text gives (see `EventRecord`). */
export interface StoredCurrency {
  currency_symbol?: string
  currency_position?: CostDetails['currency_position']
}

/** The site's currency (TEC's `defaultCurrencySymbol` and `reverseCurrencyPosition` options, at their defaults). */
const SITE_SYMBOL = '$'
const SITE_POSITION = 'prefix'
const RANGE = ' – '
const NUMBER = /[.,]?(\d+)[.,]?(\d*)/gu
const PHP_NUMERIC = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?\s*$/iu
const PHP_INT_KEY = /^(?:0|-?[1-9]\d*)$/u

/** What an event's `cost` holds: TEC keeps the texts of `_EventCost`; `""`, and a lone `"0"`, which TEC drops on save, are none. */
function costTexts(cost: string | string[]): string[] {
  if (!Array.isArray(cost)) return cost === '' || cost === '0' ? [] : [cost]
  return cost.filter((text) => text !== '')
}

/**
 * `cost_details`: the symbol and its position when every number of the cost has the same text around it
 * (`"€15"` → `€`, prefix; `"20$"` → `$`, postfix; `"5-10"` → none), `currency_code` `""` (TEC's REST API never sets
 * it), and the values in numeric order. (`Tribe__Cost_Utils::parse_currency_symbol()`, `parse_currency_position()`;
 * `Tribe__Events__REST__V1__Post_Repository::get_cost_values()`.)
 */
export function costDetails(cost: string | string[], stored: StoredCurrency = {}): CostDetails {
  const texts = costTexts(cost)
  const symbol =
    stored.currency_symbol ??
    currencySymbol(Array.isArray(cost) ? texts : texts.flatMap((text) => text.split(/\s*,\s*/u)))
  const position = stored.currency_position ?? (symbol === '' ? '' : currencyPosition(texts, symbol))
  return { currency_symbol: symbol, currency_code: '', currency_position: position, values: costValues(texts) }
}

/**
 * The `cost` text (`tribe_get_cost()`): the lowest and highest number (`"Free"` for zero) with the event's symbol or
 * else the site's `$` on its side, as `min – max` when they differ, HTML-escaped; a cost without numbers is shown as
 * written; `""` when none. `"5-10"` → `"$5 – $10"`, `"20$"` → `"20$"`, `"Donation"` → `"Donation"`. With
 * `stored` `false`, the bare numbers (what TEC's JSON-LD offers as the price).
 */
export function formatCost(cost: string | string[], stored: StoredCurrency | false = {}): string {
  const costs = eventCosts(costTexts(cost))
  if (costs.size === 0) return ''
  const details = stored === false ? undefined : costDetails(cost, stored)
  const [low, high] = (['min', 'max'] as const).map((which) => {
    const shown = freeIfZero(costBy(costs, which))
    return escapeHtml(details ? withCurrency(shown, details) : shown)
  }) as [string, string]
  return looselyEqual(low, high) ? low : `${low}${RANGE}${high}`
}

/** `parse_cost_range()`: the numbers of the texts (or a text without any) by a sortable key, sorted by it. */
function costRange(texts: readonly string[], sort = true): Map<string, string> {
  const found: string[] = []
  let decimals = 0
  for (const text of texts) {
    const matches = [...text.matchAll(NUMBER)]
    if (matches.length === 0) {
      found.push(text)
      continue
    }
    for (const match of matches) {
      found.push(match[0])
      decimals = Math.max(decimals, (match[2] ?? '').length)
    }
  }
  const range = new Map<string, string>()
  for (const text of found) {
    const numeric = text.replace(/[.,]/gu, '.')
    range.set(isNumeric(numeric) ? Number(numeric).toFixed(decimals).replace('.', '') : costKey(numeric), text)
  }
  return sort ? new Map([...range].sort(([a], [b]) => compareKeys(a, b))) : range
}

/**
 * The key of a cost without numbers (`sanitize_title()`), made as today's WordPress makes it: the releases make it
 * apart only for a non-breaking hyphen (U+2011), which changes no more than how two such texts of one event sort.
 */
function costKey(text: string): string {
  return slugFromTitle(text, TODAYS_WORDPRESS)
}

/** The costs of an event: each stored text's range, the first text's entry kept for a key two share. */
function eventCosts(texts: readonly string[]): Map<string, string> {
  const costs = new Map<string, string>()
  for (const text of texts) for (const [key, value] of costRange([text])) if (!costs.has(key)) costs.set(key, value)
  return costs
}

function costValues(texts: readonly string[]): string[] {
  const values = [...eventCosts(texts)].map(([key, value]) => {
    const [decimal, thousands] = separators(value)
    const plain = value.replaceAll(thousands, '').replaceAll(decimal, '.')
    return isNumeric(plain) ? plain : key
  })
  return values.sort((a, b) => numericValue(a) - numericValue(b))
}

/** `parse_separators()`: which of `.` and `,` is the decimal separator of a number as written. */
function separators(value: string): [decimal: string, thousands: string] {
  const found = value.match(/[.,]+/gu)
  if (!found) return ['.', ',']
  const last = found[found.length - 1] as string
  if (new Set(found).size > 1) return [last, found[0] as string]
  const digitsAfter = value.split(last).pop() ?? ''
  if (digitsAfter.length === 3) return ['.', ',']
  return [last, last === '.' ? ',' : '.']
}

/** `get_cost_by_func()`: the value at the lowest or highest key; a lone text without numbers is itself. */
function costBy(costs: ReadonlyMap<string, string>, which: 'min' | 'max'): string {
  const range = [...costRange([...costs.values()])]
  if (range.length === 1 && !isNumeric(range[0]?.[1] ?? '')) return range[0]?.[1] ?? ''
  const numeric = range.filter(([, value]) => isNumeric(value))
  if (numeric.length === 0) return '0'
  const [, value] = (which === 'min' ? numeric[0] : numeric[numeric.length - 1]) as [string, string]
  return value === '' || value === '0' ? '0' : value
}

/** `maybe_replace_cost_with_free()`: a number that rounds to 0.00 is `"Free"`. */
function freeIfZero(cost: string): string {
  const numeric = cost.replace(/[.,]/gu, '.')
  return isNumeric(numeric) && Math.round(Number(numeric) * 100) === 0 ? 'Free' : cost
}

/** `maybe_format_with_currency()`: a plain number with the symbol on its side. */
function withCurrency(cost: string, details: CostDetails): string {
  if (!isNumeric(cost.replace(/[.,]/gu, ''))) return cost
  const symbol = details.currency_symbol || SITE_SYMBOL
  const position = details.currency_position || SITE_POSITION
  return position === 'prefix' ? symbol + cost : cost + symbol
}

/** `parse_currency_symbol()`: the text around each number, when it is the same for all; else `""`. */
function currencySymbol(texts: readonly string[]): string {
  const symbols: string[] = []
  let index = 0
  for (const [key, value] of costRange(texts, false)) {
    if (isNumeric(key)) {
      symbols.push(phpTrim((texts[index] ?? '').replaceAll(value, '')))
      if (symbols[symbols.length - 1] !== symbols[0]) return ''
    }
    index++
  }
  return symbols[0] ?? ''
}

/** `parse_currency_position()`: prefix when every text starts with the symbol, postfix when none does. */
function currencyPosition(texts: readonly string[], symbol: string): CostDetails['currency_position'] {
  const positions = new Set<string>()
  for (const text of texts.flatMap((each) => each.split(/\s*,\s*/u))) {
    const at = phpTrim(text).indexOf(symbol)
    if (at >= 0) positions.add(at === 0 ? 'prefix' : 'postfix')
  }
  return positions.size === 1 ? ([...positions][0] as 'prefix' | 'postfix') : ''
}

function isNumeric(text: string): boolean {
  return PHP_NUMERIC.test(text)
}

/** PHP's `sort(SORT_NUMERIC)` order: a text that is no number counts as 0. */
function numericValue(text: string): number {
  return isNumeric(text) ? Number(text) : 0
}

/** PHP's loose `==` of two texts: as numbers when both are numeric. */
function looselyEqual(a: string, b: string): boolean {
  return isNumeric(a) && isNumeric(b) ? Number(a) === Number(b) : a === b
}

/** PHP's order of array keys: integer-like keys and numeric texts by value, other texts as texts. */
function compareKeys(a: string, b: string): number {
  if (isNumeric(a) && isNumeric(b)) return Number(a) - Number(b)
  const text = (key: string) => (PHP_INT_KEY.test(key) ? String(Number(key)) : key)
  return text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : 0
}
