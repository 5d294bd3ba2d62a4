import { writeFileSync } from 'node:fs'
import { afterAll, describe, it } from 'vitest'
import { parseCast } from '../../../src/main/replay/asciicast'
import { scoreReplay, truthSegments, verdictSegments } from '../../../src/main/replay/score'
import { runClaudeScenario, type ClaudeMode } from '../claude/scenario'

/**
 * The body of `npm run agents:check` (scripts/agentsCheck.mjs installs the newest releases into a
 * scratch prefix and runs this with AGENTS_CHECK_JSON set; skipped otherwise). Each scenario runs
 * on the real CLI at each size through the same harness and scenario as the real-CLI tests, is
 * recorded, and the board's live verdicts are scored against the scenario's own ground truth.
 */
const OUT = process.env.AGENTS_CHECK_JSON
const CLAUDE = process.env.AGENTS_CHECK_CLAUDE_BIN
const CLAUDE_VERSION = process.env.AGENTS_CHECK_CLAUDE_VERSION ?? '?'
const SIZES = (process.env.AGENTS_CHECK_SIZES ?? '120x32,80x24,60x20').split(',').map((s) => s.split('x').map(Number) as [number, number])
const MODES = (process.env.AGENTS_CHECK_CLAUDE_MODES ?? 'manual,auto,auto-local,plan').split(',') as ClaudeMode[]
const RECORD = process.env.AGENTS_CHECK_RECORD

export interface CheckRow {
  agent: string
  version: string
  scenario: string
  size: string
  agreement: number | null
  episodes: number
  missed: number
  falseEpisodes: number
  medianLatencyMs: number | null
  failures: string[]
}

const rows: CheckRow[] = []
afterAll(() => {
  if (OUT) writeFileSync(OUT, JSON.stringify(rows, null, 2))
})

describe.skipIf(!OUT || !CLAUDE)('agents:check — Claude Code', () => {
  const cases = SIZES.flatMap(([cols, rows]) => MODES.map((mode) => [`${mode} ${cols}x${rows}`, mode, cols, rows] as const))
  it.each(cases)('%s', async (_name, mode, cols, rowCount) => {
    const size = `${cols}x${rowCount}`
    try {
      const result = await runClaudeScenario({ bin: CLAUDE!, version: CLAUDE_VERSION, mode, cols, rows: rowCount })
      const h = result.harness
      const name = `claude-${CLAUDE_VERSION}-${mode}-${size}`
      if (RECORD) h.recorder.save(RECORD, name, `Claude Code ${CLAUDE_VERSION}, ${mode}, ${size} (agents:check)`)
      const cast = parseCast(h.recorder.castText(name))
      const end = cast.events[cast.events.length - 1]!.t
      const s = scoreReplay(truthSegments(cast.events, end), verdictSegments(h.recorder.verdicts, end))
      await h.dispose()
      rows.push({
        agent: 'claude',
        version: CLAUDE_VERSION,
        scenario: mode,
        size,
        agreement: s.agreement,
        episodes: s.episodes.length,
        missed: s.episodes.filter((e) => e.latency === null).length,
        falseEpisodes: s.falseEpisodes.filter((f) => f.to - f.from >= 0.3).length,
        medianLatencyMs: s.medianLatency === null ? null : Math.round(s.medianLatency * 1000),
        failures: [...result.failures, ...s.failures],
      })
    } catch (error) {
      // A scenario that cannot finish (a screen it never reaches) is a regression, reported as a row.
      rows.push({ agent: 'claude', version: CLAUDE_VERSION, scenario: mode, size, agreement: null, episodes: 0, missed: 0, falseEpisodes: 0, medianLatencyMs: null, failures: [String((error as Error).message).split('\n')[0]!] })
    }
  }, 300_000)
})
