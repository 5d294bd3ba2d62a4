import { afterAll, describe, expect, it } from 'vitest'
import { agentBin } from './support/paths'
import { AGENT_SCENARIOS, scoreLive, type ScenarioAgent } from './support/scenarios'
import type { ScenarioResult } from './support/scenarioSteps'

/**
 * Codex, OpenCode and Pi at their pinned versions, the live badge at each step of each agent's
 * scenario (permission yes — resized while open — and no, question, reply that asks, exit), and
 * the run scored against its own ground truth. `AGENT_COLS`/`AGENT_ROWS` pick the size (120x32),
 * `AGENT_ONLY` one agent, `RECORD_FIXTURES=<dir>` saves each run as `<dir>/<agent>/<name>`.
 */
const VERSIONS: Record<ScenarioAgent, string> = { codex: '0.171.0', opencode: '1.18.33', pi: '0.73.1', gemini: '0.61.0' }
const SIZE = { cols: Number(process.env.AGENT_COLS ?? 120), rows: Number(process.env.AGENT_ROWS ?? 32) }
const agents = (Object.keys(AGENT_SCENARIOS) as ScenarioAgent[]).filter((a) => !process.env.AGENT_ONLY || process.env.AGENT_ONLY === a)
const runs: ScenarioResult[] = []
afterAll(async () => {
  for (const r of runs) await r.harness.dispose()
})

describe(`Codex, OpenCode and Pi, live badge at ${SIZE.cols}x${SIZE.rows}`, () => {
  it.each(agents)('%s', async (agent) => {
    const version = VERSIONS[agent]
    const result = await AGENT_SCENARIOS[agent]({ bin: agentBin(agent), version, ...SIZE })
    runs.push(result)
    const h = result.harness
    const name = `${agent}${version.replace(/\./g, '')}-${SIZE.cols}x${SIZE.rows}`
    const live = scoreLive(h, name)
    console.info(`${name}: live agreement ${(live.agreement * 100).toFixed(2)} %, episodes ${live.episodes.filter((e) => e.latency !== null).length}/${live.episodes.length}, failures ${JSON.stringify(live.failures)}, timings ${JSON.stringify(result.timings)}`)
    if (process.env.RECORD_FIXTURES) h.recorder.save(`${process.env.RECORD_FIXTURES}/${agent}`, name, `${agent} ${version}, ${SIZE.cols}x${SIZE.rows}`)
    expect(result.failures).toEqual([])
    expect(live.episodes.every((e) => e.latency !== null), 'every dialog episode detected live').toBe(true)
  }, 300_000)
})
