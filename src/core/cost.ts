/** `cost_details` of an event (CONTRACT §2.1). */
export interface CostDetails {
  currency_symbol: string
  currency_code: string
  currency_position: 'prefix' | 'postfix' | ''
  values: string[]
}

const NUMBER = /\d+(?:[.,]\d+)*/gu
const SYMBOL_BEFORE = /(\p{Sc})\s*$/u
const SYMBOL_AFTER = /^\s*(\p{Sc})/u
const CODE_BEFORE = /\b([A-Z]{3})\s*$/u
const CODE_AFTER = /^\s*([A-Z]{3})\b/u
const EN_DASH_RANGE = ' – '

/**
 * Reads the cost as people type it — `"$23"`, `"20$"`, `"€10 – €15"`, `["0$","20$","30$"]`, `"Free"` — into
 * TEC's `cost_details`: the currency symbol and its position come from the text around the numbers, the values
 * are the numbers as written, deduplicated and sorted numerically. A cost with no number keeps its text as its
 * one value. (CONTRACT §3 "cost"; TEC `Tribe__Cost_Utils::parse_cost_range`.)
 */
export function costDetails(cost: string | string[]): CostDetails {
  const parts = (Array.isArray(cost) ? cost : [cost]).map((part) => part.trim()).filter((part) => part !== '')
  let symbol = ''
  let code = ''
  let position: CostDetails['currency_position'] = 'prefix'
  const values = new Map<string, number>()
  for (const part of parts) {
    const numbers = [...part.matchAll(NUMBER)]
    if (numbers.length === 0) {
      values.set(part, Number.POSITIVE_INFINITY)
      continue
    }
    for (const match of numbers) {
      values.set(match[0], numericValue(match[0]))
      const before = part.slice(0, match.index)
      const after = part.slice(match.index + match[0].length)
      const found = SYMBOL_BEFORE.exec(before)?.[1] ?? currencyCode(CODE_BEFORE.exec(before)?.[1])
      const foundAfter = SYMBOL_AFTER.exec(after)?.[1] ?? currencyCode(CODE_AFTER.exec(after)?.[1])
      if (!symbol && (found || foundAfter)) {
        symbol = found || foundAfter
        position = found ? 'prefix' : 'postfix'
      }
      code ||= currencyCode(found || foundAfter)
    }
  }
  const sorted = [...values].sort((a, b) => a[1] - b[1]).map(([text]) => text)
  return { currency_symbol: symbol, currency_code: code, currency_position: position, values: sorted }
}

/**
 * The formatted `cost` string of an event (CONTRACT §2.1): `""` when none, `"Free"` for a zero, the symbol on
 * its side, and a range `min – max` (en dash) when the values differ: `["0$","20$","30$"]` → `"Free – 30$"`.
 */
export function formatCost(details: CostDetails): string {
  const numeric = details.values.filter((value) => Number.isFinite(numericValue(value)))
  if (numeric.length === 0) return details.values.join(', ')
  const ends = [numeric[0] as string, numeric[numeric.length - 1] as string].map((value) => withSymbol(value, details))
  return ends[0] === ends[1] ? (ends[0] as string) : ends.join(EN_DASH_RANGE)
}

function withSymbol(value: string, details: CostDetails): string {
  if (numericValue(value) === 0) return 'Free'
  if (!details.currency_symbol) return value
  return details.currency_position === 'postfix' ? value + details.currency_symbol : details.currency_symbol + value
}

/** `"1,250.50"` → 1250.5, `"12,50"` → 12.5: the last separator followed by 1–2 digits is the decimal one. */
function numericValue(text: string): number {
  const decimal = /[.,](\d{1,2})$/u.exec(text)
  const whole = (decimal ? text.slice(0, decimal.index) : text).replace(/[.,]/gu, '')
  return Number(decimal ? `${whole}.${decimal[1]}` : whole)
}

let currencies: Set<string> | undefined
function currencyCode(candidate: string | undefined): string {
  if (!candidate || !/^[A-Z]{3}$/u.test(candidate)) return ''
  currencies ??= new Set(Intl.supportedValuesOf('currency'))
  return currencies.has(candidate) ? candidate : ''
}
