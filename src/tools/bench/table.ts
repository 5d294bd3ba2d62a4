/** The benchmark's output: one row per measurement, targets beside the numbers, no assertions. */

export interface Row {
  readonly section: string
  readonly name: string
  /** The headline number, formatted (usually a median). */
  readonly value: string
  /** Spread, percentiles or repetitions, formatted. */
  readonly detail?: string
  /** The target, formatted ("≥ 0.8"); absent for informational rows. */
  readonly target?: string
  /** Whether the headline met the target; undefined for informational rows. */
  readonly met?: boolean
}

const HEADERS = ['Measurement', 'Value', 'Detail', 'Target', 'Result'] as const

function cells(row: Row): string[] {
  const result = row.met === undefined ? '' : row.met ? 'met' : 'MISSED'
  return [row.name, row.value, row.detail ?? '', row.target ?? '', result]
}

/** Renders rows grouped by section as a fixed-width text table. */
export function renderTable(rows: readonly Row[]): string {
  const body = rows.map(cells)
  const widths = HEADERS.map((h, i) => Math.max(h.length, ...body.map((c) => (c[i] ?? '').length)))
  const line = (c: readonly string[]) =>
    c
      .map((s, i) => (i === 1 ? s.padStart(widths[i] ?? 0) : s.padEnd(widths[i] ?? 0)))
      .join(' │ ')
      .trimEnd()
  const rule = widths.map((w) => '─'.repeat(w)).join('─┼─')
  const out = [line(HEADERS), rule]
  let section = ''
  for (const [i, row] of rows.entries()) {
    if (row.section !== section) {
      section = row.section
      out.push(`${i === 0 ? '' : '\n'}[${section}]`)
    }
    out.push(line(body[i] ?? []))
  }
  return out.join('\n')
}

/** A row with a numeric target: `atLeast` true means higher is better. */
export function targetRow(
  section: string,
  name: string,
  value: number,
  text: string,
  target: { limit: number; atLeast: boolean; label: string },
  detail?: string,
): Row {
  const met = Number.isFinite(value) ? (target.atLeast ? value >= target.limit : value <= target.limit) : false
  return { section, name, value: text, detail, target: target.label, met }
}
