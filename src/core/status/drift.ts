import type { StatusMemory } from './statusMemory'

/**
 * Drift: the agent may have changed under its rules. Either its screen has matched none of its
 * rules for a long while (a new UI the rules do not know), or it says it is newer than the version
 * its rules and report table were verified on. The pane says so, so a wrong badge is explained
 * and reported instead of trusted. Pure: the engine supplies the inputs and the time.
 */
export const enum DriftConstants {
  /**
   * How long an agent's screen may match none of its rules before it counts as drift. Far above
   * the transitional frames (StatusConstants.UnmatchedHoldMs = 1.5 s) and the longest unmatched
   * run in the fixture recordings (1.9 s: OpenCode's start-up before its home screen; Claude,
   * Codex and Pi stay under 0.3 s), and short enough that the user still has the screen in front
   * of them when the pane asks for a bug report.
   */
  UnmatchedMs = 10_000,
}

export type DriftReason = 'unmatched-screen' | 'newer-version'

export interface Drift {
  readonly reason: DriftReason
  /** When it began: the start of the unmatched run, or when the newer version was seen (ms). */
  readonly since: number
  /** What was seen and what to do about it, for the pane and for a bug report. */
  readonly detail: string
}

/** The versions the agent's rules or tables were checked on. */
export interface VerifiedVersion {
  /** `screen rules`, `report table`. */
  readonly what: string
  /** One version or a range `2.1.197 - 2.1.332` (main/status/versions.ts parseVerifiedRange). */
  readonly version: string
}

/** The agent's version as the agent told it. */
export interface SeenVersion {
  readonly version: string
  readonly at: number
  /** `screen`, `report session.created`, … */
  readonly source: string
}

export interface DriftInputs {
  /** Null for a pane without a known agent: nothing to drift from. */
  readonly agent: string | null
  /** How many screen rules the agent has (0: no rule file, so an unmatched screen says nothing). */
  readonly ruleCount: number
  readonly memory: Pick<StatusMemory, 'unmatchedSince' | 'process' | 'verdict'>
  /** The agent owns the terminal; false while a shell or another program is in front; null when unknown (replay). */
  readonly agentInFront: boolean | null
  /** When the agent last came to the front (null: unknown, or in front from the start). */
  readonly inFrontSince: number | null
  readonly verified: readonly VerifiedVersion[]
  readonly seen: SeenVersion | null
  /**
   * Whether `seen` is newer than every version of `verified` (one or a range); null when either
   * is not a version. Injected: core imports no library, and main compares with `semver`
   * (src/board/status/versions.ts isNewerThanVerified).
   */
  readonly isNewer: (seen: string, verified: string) => boolean | null
}

/**
 * When the agent's own unmatched run began: a screen unmatched while a shell was in front is
 * not the agent's, so the run counts from when the agent came back, not before.
 */
function unmatchedFrom(i: DriftInputs): number | null {
  const since = i.memory.unmatchedSince
  return since === null || i.inFrontSince === null ? since : Math.max(since, i.inFrontSince)
}

/** Only a live agent in front draws a screen its rules should know. */
function screenIsTheAgents(i: DriftInputs): boolean {
  if (i.agent === null || i.ruleCount === 0 || i.agentInFront === false) return false
  // After the exit (or the goodbye screen) the screen is history or the shell's.
  return i.memory.process.state !== 'exited' && i.memory.verdict.state !== 'exited'
}

function newerThan(i: DriftInputs): VerifiedVersion[] {
  if (!i.seen) return []
  const seen = i.seen.version
  return i.verified.filter((v) => i.isNewer(seen, v.version) === true)
}

/** `claude 2.2.0 (from its screen) is newer than 2.1.197 (screen rules, report table)`. */
function versionNote(i: DriftInputs, newer: readonly VerifiedVersion[]): string {
  const byVersion = new Map<string, string[]>()
  for (const v of newer) byVersion.set(v.version, [...(byVersion.get(v.version) ?? []), v.what])
  const checked = [...byVersion].map(([version, what]) => `${version} (${what.join(', ')})`).join(' and ')
  return `${i.agent} ${i.seen!.version} (from its ${i.seen!.source}) is newer than ${checked}, the version${byVersion.size > 1 ? 's' : ''} it was verified on`
}

/**
 * The drift now, or null. An unmatched screen outranks a newer version: it is what makes the
 * badge wrong right now (the version, if newer too, is named in its detail).
 */
export function detectDrift(i: DriftInputs, now: number): Drift | null {
  const newer = newerThan(i)
  const since = unmatchedFrom(i)
  if (screenIsTheAgents(i) && since !== null && now - since >= DriftConstants.UnmatchedMs) {
    const version = newer.length ? `; ${versionNote(i, newer)}` : ''
    return {
      reason: 'unmatched-screen',
      since,
      // No running count in the text: the same drift keeps the same detail (changes are events).
      detail:
        `the screen has matched none of the ${i.ruleCount} ${i.agent} screen rules for ${DriftConstants.UnmatchedMs / 1000} s${version}. ` +
        'The agent may have changed its UI: the status falls back to its reports. Keep this screen for a bug report, or add a rule (resources/rules/README.md)',
    }
  }
  if (i.agent !== null && newer.length) {
    return {
      reason: 'newer-version',
      since: i.seen!.at,
      detail: `${versionNote(i, newer)}: the status may be wrong where its UI or events changed. Report what is wrong, or set verified_on in your ${i.agent}.toml override once checked`,
    }
  }
  return null
}

/** When drift could begin with time alone (the unmatched run reaching its limit); null when only a new signal can start it. */
export function driftDeadline(i: DriftInputs, now: number): number | null {
  const since = unmatchedFrom(i)
  if (since === null || !screenIsTheAgents(i)) return null
  const at = since + DriftConstants.UnmatchedMs
  return at > now ? at : null
}
