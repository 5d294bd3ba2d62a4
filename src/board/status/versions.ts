/**
 * Version comparison for the drift warning, with the `semver` package: is the agent newer than
 * the version its rules and report table were verified on? It lives in main, not core: core
 * imports no library runtime (tsconfig.core.json, ESLint), so core's drift decision is handed this
 * comparison (DriftInputs.isNewer) by the DriftMonitor that feeds it.
 *
 * Agents print plain semver (`2.1.197`, `0.171.0`, `1.18.33`, `0.73.1`), sometimes with a leading
 * `v`, a pre-release (`1.0.0-beta.2`) or fewer parts (`1.18` is `1.18.0`, `2` is `2.0.0`). Anything else is
 * not a version: the caller then claims no drift rather than guessing.
 */
import { gt, lte, valid } from 'semver'

/** The version in semver's normal form, or null. */
export function normalVersion(text: string): string | null {
  const t = text.trim()
  const parts = /^v?\d+(?:\.\d+)?$/.test(t) ? t.split('.').length : 3
  return valid(t + '.0'.repeat(3 - parts), { loose: true })
}

/**
 * The versions a rule file or report table was verified on: one version (`2.1.197`) or an
 * inclusive range (`2.1.197 - 2.1.332`, semver's hyphen range) whose ends were both checked on
 * real recordings. Null when either end is not a version, or the range is empty.
 */
export interface VerifiedRange {
  readonly from: string
  readonly to: string
}

export function parseVerifiedRange(text: string): VerifiedRange | null {
  const [from, to, ...rest] = text.split(/\s+-\s+/)
  if (rest.length || !from) return null
  const a = normalVersion(from)
  const b = to === undefined ? a : normalVersion(to)
  if (!a || !b || !lte(a, b)) return null
  return { from: from.trim(), to: (to ?? from).trim() }
}

/** True when `seen` is newer than every version of `verified` (one or a range); null when either is not a version. */
export function isNewerThanVerified(seen: string, verified: string): boolean | null {
  const version = normalVersion(seen)
  const range = parseVerifiedRange(verified)
  if (!version || !range) return null
  // Newer than every version of an inclusive range is newer than its upper end (semver's gtr
  // would also need includePrerelease to call 2.2.0-beta.1 newer than 2.1.197 - 2.1.332).
  return gt(version, normalVersion(range.to)!)
}
