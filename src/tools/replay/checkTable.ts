import type { Score } from './score'

/**
 * The rows, table and exit code of `npm run agents:check` (scripts/agentsCheck.mjs runs the real
 * CLIs through test/agents/check/agentsCheck.check.ts, which builds these): one row per scenario
 * run, scored live against the scenario's own ground truth with the acceptance bar of issue 8.
 */
export interface CheckRow {
  readonly agent: string
  readonly version: string
  readonly scenario: string
  readonly size: string
  readonly agreement: number | null
  readonly episodes: number
  readonly missed: number
  readonly falseEpisodes: number
  readonly medianLatencyMs: number | null
  /** Why the row fails (live-badge checks, score thresholds, a scenario that could not finish); empty: ok. */
  readonly failures: readonly string[]
  /** Not run: the time budget ran out first (no verdict about the agent). */
  readonly skipped?: string
}

/** A scored run: the score's own failures (thresholds) and the scenario's live-badge failures both regress it. */
export function checkRow(base: Pick<CheckRow, 'agent' | 'version' | 'scenario' | 'size'>, score: Score, liveFailures: readonly string[]): CheckRow {
  return {
    ...base,
    agreement: score.agreement,
    episodes: score.episodes.length,
    missed: score.episodes.filter((e) => e.latency === null).length,
    falseEpisodes: score.failures.filter((f) => f.startsWith('false ')).length,
    medianLatencyMs: score.medianLatency === null ? null : Math.round(score.medianLatency * 1000),
    failures: [...liveFailures, ...score.failures],
  }
}

/** A run that could not finish (a screen it never reached, a CLI that would not start) is a regression. */
export function failedRow(base: Pick<CheckRow, 'agent' | 'version' | 'scenario' | 'size'>, why: string): CheckRow {
  return { ...base, agreement: null, episodes: 0, missed: 0, falseEpisodes: 0, medianLatencyMs: null, failures: [why] }
}

export function skippedRow(base: Pick<CheckRow, 'agent' | 'version' | 'scenario' | 'size'>, why: string): CheckRow {
  return { ...base, agreement: null, episodes: 0, missed: 0, falseEpisodes: 0, medianLatencyMs: null, failures: [], skipped: why }
}

const verdict = (r: CheckRow) => (r.skipped ? 'not run' : r.failures.length ? 'REGRESSED' : 'ok')

export function formatCheckTable(rows: readonly CheckRow[]): string {
  const head = ['agent', 'version', 'scenario', 'size', 'agreement', 'missed', 'false', 'median latency', '']
  const cells = rows.map((r) => [
    r.agent,
    r.version,
    r.scenario,
    r.size,
    r.agreement === null ? 'n/a' : `${(r.agreement * 100).toFixed(2)} %`,
    r.skipped ? '-' : `${r.missed}/${r.episodes}`,
    r.skipped ? '-' : String(r.falseEpisodes),
    r.medianLatencyMs === null ? 'n/a' : `${r.medianLatencyMs} ms`,
    verdict(r),
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)))
  const fmt = (c: readonly string[]) =>
    c
      .map((x, i) => x.padEnd(widths[i]!))
      .join('  ')
      .trimEnd()
  const lines = [fmt(head), fmt(widths.map((w) => '-'.repeat(w))), ...cells.map(fmt)]
  const notes = rows.flatMap((r) => r.failures.map((f) => `${r.agent} ${r.version} ${r.scenario} ${r.size}: ${f}`))
  const skipped = new Map<string, number>()
  for (const r of rows) if (r.skipped) skipped.set(r.skipped, (skipped.get(r.skipped) ?? 0) + 1)
  for (const [why, n] of skipped) notes.push(`${n} run${n === 1 ? '' : 's'} not run (${why})`)
  return [...lines, ...(notes.length ? ['', ...notes] : [])].join('\n')
}

/** 1 when a supported agent regressed; 2 when nothing regressed but some runs did not happen (budget); else 0. */
export function checkExitCode(rows: readonly CheckRow[]): 0 | 1 | 2 {
  if (!rows.length) return 1
  if (rows.some((r) => !r.skipped && r.failures.length)) return 1
  return rows.some((r) => r.skipped) ? 2 : 0
}
