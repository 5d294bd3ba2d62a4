/** Small statistics and formatting helpers for the benchmark table. */

export function median(values: readonly number[]): number {
  return percentile(values, 50)
}

/** Linear-interpolated percentile (p in 0…100) of the finite values; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b)
  if (!sorted.length) return NaN
  const rank = (p / 100) * (sorted.length - 1)
  const lo = Math.floor(rank)
  const hi = Math.ceil(rank)
  return (sorted[lo] ?? NaN) + ((sorted[hi] ?? NaN) - (sorted[lo] ?? NaN)) * (rank - lo)
}

export function fmt(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a'
}

/** "min–max" of the finite values, for a spread column. */
export function range(values: readonly number[], digits = 1): string {
  const finite = values.filter((v) => Number.isFinite(v))
  if (!finite.length) return 'n/a'
  return `${fmt(Math.min(...finite), digits)}–${fmt(Math.max(...finite), digits)}`
}

export const MB = 1_000_000
export const MiB = 1024 * 1024
