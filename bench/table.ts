/** Requests per second as issue 11's table writes them: `4.5k` from 1,000 up, whole numbers below. */
export function perSecond(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(Math.round(n))
}

/** A Markdown table: a header row, its rule, and one line per row; cells as given. */
export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}
