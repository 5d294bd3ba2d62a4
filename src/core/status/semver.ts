/**
 * Version comparison for the drift warning: is the agent newer than the version its rules were
 * verified on? Agents print plain semver (`2.1.197`, `0.171.0`, `1.18.33`, `0.73.1`), sometimes
 * with a leading `v` or a pre-release (`1.0.0-beta.2`). Anything else is not a version: the
 * caller then claims no drift rather than guessing.
 */

export interface Version {
  /** Numeric parts, at least three (`2.1` is read as `2.1.0`). */
  readonly parts: readonly number[]
  /** Pre-release identifiers (`beta.2` → ['beta', '2']); empty for a release. */
  readonly pre: readonly string[]
}

const VERSION = /^v?(\d+(?:\.\d+){0,3})(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.-]+)?$/

export function parseVersion(text: string): Version | null {
  const m = VERSION.exec(text.trim())
  if (!m) return null
  const parts = m[1]!.split('.').map(Number)
  while (parts.length < 3) parts.push(0)
  return { parts, pre: m[2] ? m[2].split('.') : [] }
}

const NUMERIC = /^\d+$/

/** Semver §11: numeric identifiers compare as numbers and sort before alphanumeric ones. */
function comparePre(a: readonly string[], b: readonly string[]): number {
  // A release is newer than any of its pre-releases.
  if (!a.length || !b.length) return (a.length ? -1 : 0) + (b.length ? 1 : 0)
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i]
    const y = b[i]
    if (x === undefined) return -1
    if (y === undefined) return 1
    if (x === y) continue
    const xn = NUMERIC.test(x)
    const yn = NUMERIC.test(y)
    if (xn && yn) return Number(x) - Number(y) < 0 ? -1 : 1
    if (xn !== yn) return xn ? -1 : 1
    return x < y ? -1 : 1
  }
  return 0
}

/** -1, 0 or 1 like a sort comparator; build metadata (`+…`) is ignored, as semver says. */
export function compareVersions(a: Version, b: Version): -1 | 0 | 1 {
  for (let i = 0; i < Math.max(a.parts.length, b.parts.length); i++) {
    const d = (a.parts[i] ?? 0) - (b.parts[i] ?? 0)
    if (d !== 0) return d < 0 ? -1 : 1
  }
  return comparePre(a.pre, b.pre) as -1 | 0 | 1
}

/** True when `seen` is newer than `verified`; null when either is not a version. */
export function isNewerVersion(seen: string, verified: string): boolean | null {
  const a = parseVersion(seen)
  const b = parseVersion(verified)
  return a && b ? compareVersions(a, b) > 0 : null
}

/**
 * The versions a rule file or report table was verified on: one version (`2.1.197`) or an
 * inclusive range (`2.1.197 - 2.1.332`, semver's hyphen range) whose ends were both checked on
 * real recordings. Null when either end is not a version.
 */
export interface VerifiedRange {
  readonly from: string
  readonly to: string
}

export function parseVerifiedRange(text: string): VerifiedRange | null {
  const [from, to, ...rest] = text.split(/\s+-\s+/)
  if (rest.length || !from || !parseVersion(from) || (to !== undefined && !parseVersion(to))) return null
  const end = to ?? from
  return compareVersions(parseVersion(from)!, parseVersion(end)!) <= 0 ? { from: from.trim(), to: end.trim() } : null
}

/** True when `seen` is newer than the newest verified version; null when either is not a version. */
export function isNewerThanVerified(seen: string, verified: string): boolean | null {
  const range = parseVerifiedRange(verified)
  return range ? isNewerVersion(seen, range.to) : null
}
