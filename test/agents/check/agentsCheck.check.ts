import { readFileSync, writeFileSync } from 'node:fs'
import { afterAll, describe, it } from 'vitest'
import { checkExitCode, checkRow, failedRow, formatCheckTable, skippedRow, type CheckRow } from '../../../src/tools/replay/checkTable'
import { AGENT_SCENARIOS, scoreLive } from '../support/scenarios'
import type { AgentHarness } from '../support/harness'

/**
 * The body of `npm run agents:check`: scripts/agentsCheck.mjs installs the newest releases into a
 * scratch prefix and writes the plan (AGENTS_CHECK_PLAN); each agent's scenario runs on the real
 * CLI at each size through the same harness and scenario modules as the real-CLI tests, is
 * recorded, and the board's live verdicts are scored against the scenario's own ground truth.
 * The table and the exit code go to AGENTS_CHECK_JSON. Runs that would start after the plan's
 * deadline are listed as not run.
 */
interface Plan {
  readonly agents: readonly { readonly agent: string; readonly version: string; readonly bin: string }[]
  readonly sizes: readonly string[]
  /** The modes to run, of the agents that have modes (Claude's); an agent's own list filtered by it. */
  readonly modes: readonly string[]
  readonly record: string
  /** Epoch ms: no run starts after it. */
  readonly deadline: number
}

const PLAN_FILE = process.env.AGENTS_CHECK_PLAN
const OUT = process.env.AGENTS_CHECK_JSON
const plan: Plan | null = PLAN_FILE ? (JSON.parse(readFileSync(PLAN_FILE, 'utf8')) as Plan) : null

const rows: CheckRow[] = []
afterAll(() => {
  if (OUT) writeFileSync(OUT, JSON.stringify({ rows, table: formatCheckTable(rows), exitCode: checkExitCode(rows) }, null, 2))
})

/** An agent's scenario variants: its own modes, those the plan names (all, when it names none of them). */
function modesOf(agent: string): readonly string[] {
  const own = AGENT_SCENARIOS.get(agent)?.modes ?? ['default']
  const chosen = own.filter((m) => plan!.modes.includes(m))
  return own.length > 1 && chosen.length ? chosen : own
}

const cases = (plan?.agents ?? []).flatMap((a) => plan!.sizes.flatMap((size) => modesOf(a.agent).map((mode) => ({ ...a, size, scenario: mode }))))

describe.skipIf(!plan || !OUT)('agents:check', () => {
  it.each(cases.map((c) => [`${c.agent} ${c.version} ${c.scenario} ${c.size}`, c] as const))(
    '%s',
    async (_name, c) => {
      const base = { agent: c.agent, version: c.version, scenario: c.scenario, size: c.size }
      if (Date.now() > plan!.deadline) return void rows.push(skippedRow(base, 'the time budget ran out before it started (--budget)'))
      const [cols, rowCount] = c.size.split('x').map(Number) as [number, number]
      let harness: AgentHarness | undefined
      try {
        const scenario = AGENT_SCENARIOS.get(c.agent)
        if (!scenario) throw new Error(`${c.agent} has no scenario (test/agents/${c.agent}/scenario.ts)`)
        const result = await scenario.run({ bin: c.bin, version: c.version, mode: c.scenario, cols, rows: rowCount })
        harness = result.harness
        const name = `${c.agent}-${c.version}-${c.scenario}-${c.size}`
        harness.recorder.save(plan!.record, name, `${c.agent} ${c.version}, ${c.scenario}, ${c.size} (agents:check)`)
        rows.push(checkRow(base, scoreLive(harness, name), result.failures))
      } catch (error) {
        // A scenario that cannot finish (a screen it never reaches) is a regression, reported as a row.
        rows.push(failedRow(base, String((error as Error).message).split('\n')[0]!))
      } finally {
        await harness?.dispose()
      }
    },
    300_000,
  )
})
