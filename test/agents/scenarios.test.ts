import { afterAll, describe, expect, it } from 'vitest'
import { shippedAgents } from '../../src/board/agents/agentCatalog'
import { agentBin, pinnedVersion } from './support/paths'
import { AGENT_SCENARIOS, recordingName, scoreLive } from './support/scenarios'
import type { ScenarioResult } from './support/scenarioSteps'

/**
 * Every agent folder's scenario (test/agents/<id>/scenario.ts) at its pinned version — but those
 * driven by a test of their own (Claude's, in every mode on two versions) — the live badge at
 * each step (permission yes — resized while open — and no, question, reply that asks, exit), and
 * the run scored against its own ground truth. `AGENT_COLS`/`AGENT_ROWS` pick the size (120x32),
 * `AGENT_ONLY` one agent, `RECORD_FIXTURES=<dir>` saves each run as `<dir>/<agent>/<name>`.
 */
const SIZE = { cols: Number(process.env.AGENT_COLS ?? 120), rows: Number(process.env.AGENT_ROWS ?? 32) }
/** `AGENT_ONLY=codex` (every scenario of the agent) or `codex:work` (one). */
const ONLY = process.env.AGENT_ONLY
const cases = [...AGENT_SCENARIOS]
  .filter(([, s]) => !s.ownTest)
  .flatMap(([agent, s]) => s.modes.map((mode) => [`${agent} ${mode}`, agent, mode] as const))
  .filter(([, agent, mode]) => !ONLY || ONLY === agent || ONLY === `${agent}:${mode}`)
const runs: ScenarioResult[] = []
afterAll(async () => {
  for (const r of runs) await r.harness.dispose()
})

describe(`every agent's scenarios at its pinned version, live badge at ${SIZE.cols}x${SIZE.rows}`, () => {
  it.each(cases)(
    '%s',
    async (_name, agent, mode) => {
      const manifest = shippedAgents().get(agent)!.manifest
      const version = pinnedVersion(manifest.version)
      expect(version, `test/agents pins ${manifest.version?.npm ?? manifest.version?.pypi ?? `${agent}'s package`}`).not.toBeNull()
      const result = await AGENT_SCENARIOS.get(agent)!.run({ bin: agentBin(manifest.command[0]!), version: version!, mode, ...SIZE })
      runs.push(result)
      const h = result.harness
      const name = recordingName(agent, version!, mode, `${SIZE.cols}x${SIZE.rows}`)
      const live = scoreLive(h, name)
      console.info(
        `${name}: live agreement ${(live.agreement * 100).toFixed(2)} %, episodes ${live.episodes.filter((e) => e.latency !== null).length}/${live.episodes.length}, failures ${JSON.stringify(live.failures)}, timings ${JSON.stringify(result.timings)}`,
      )
      if (process.env.RECORD_FIXTURES) h.recorder.save(`${process.env.RECORD_FIXTURES}/${agent}`, name, `${agent} ${version}, ${SIZE.cols}x${SIZE.rows}`)
      expect(result.failures).toEqual([])
      expect(
        live.episodes.every((e) => e.latency !== null),
        'every dialog episode detected live',
      ).toBe(true)
    },
    300_000,
  )
})
