import { afterAll, describe, expect, it } from 'vitest'
import { claudeBin, CLAUDE_VERSIONS, type ClaudeVersion } from '../support/paths'
import { runClaudeScenario, type ClaudeMode, type ScenarioResult } from './scenario'
import { scoreReplay, truthSegments, verdictSegments } from '../../../src/tools/replay/score'
import { parseCast } from '../../../src/tools/replay/asciicast'

/**
 * The live badge on both Claude Code versions in every mode, at each step of the scenario: a
 * dialog is blocked/question within 1 s of being drawn, an answered dialog is working (never idle)
 * until the turn ends, Esc leaves blocked within 300 ms, and a turn's end is idle or asked.
 * `RECORD_FIXTURES=<dir>` also saves each run as a fixture recording.
 */
const MODES: Record<ClaudeVersion, readonly ClaudeMode[]> = {
  '2.1.332': ['manual', 'auto', 'auto-local', 'plan', 'trust', 'questions', 'work', 'asks'],
  '2.1.197': ['manual', 'plan', 'trust', 'questions', 'work', 'asks'],
}
const SIZE = { cols: Number(process.env.CLAUDE_COLS ?? 120), rows: Number(process.env.CLAUDE_ROWS ?? 32) }
const ONLY = process.env.CLAUDE_ONLY // e.g. "2.1.332:auto"

const cases = CLAUDE_VERSIONS.flatMap((version) => MODES[version].map((mode) => [`${version} ${mode}`, version, mode] as const)).filter(
  ([, v, m]) => !ONLY || ONLY === `${v}:${m}`,
)
const runs: ScenarioResult[] = []
afterAll(async () => {
  for (const r of runs) await r.harness.dispose()
})

describe(`Claude Code, live badge at ${SIZE.cols}x${SIZE.rows}`, () => {
  it.each(cases)(
    '%s',
    async (_name, version, mode) => {
      const result = await runClaudeScenario({ bin: claudeBin(version), version, mode, ...SIZE })
      runs.push(result)
      const { harness: h } = result
      const name = `cc${version.replace(/\./g, '')}-${mode}-${SIZE.cols}x${SIZE.rows}`
      const cast = parseCast(h.recorder.castText(name))
      const end = cast.events[cast.events.length - 1]!.t
      const live = scoreReplay(truthSegments(cast.events, end), verdictSegments(h.recorder.verdicts, end))
      console.info(
        `${name}: live agreement ${(live.agreement * 100).toFixed(2)} %, episodes ${live.episodes.filter((e) => e.latency !== null).length}/${live.episodes.length}, timings ${JSON.stringify(result.timings)}`,
      )
      if (process.env.RECORD_FIXTURES) h.recorder.save(process.env.RECORD_FIXTURES, name, `Claude Code ${version}, ${mode} mode, ${SIZE.cols}x${SIZE.rows}`)
      expect(result.failures).toEqual([])
      expect(
        live.episodes.every((e) => e.latency !== null),
        'every dialog episode detected live',
      ).toBe(true)
    },
    300_000,
  )
})
