import { parseCast } from '../../../src/main/replay/asciicast'
import { answerTimes, scoreReplay, truthSegments, verdictSegments, type Score } from '../../../src/main/replay/score'
import { runCodexScenario, runCodexWorkScenario } from '../codex/scenario'
import { runOpencodeScenario, runOpencodeWorkScenario } from '../opencode/scenario'
import { runPiScenario } from '../pi/scenario'
import type { AgentHarness } from './harness'
import type { AgentScenarioOptions, ScenarioResult } from './scenarioSteps'

type Scenario = (o: AgentScenarioOptions) => Promise<ScenarioResult>

/**
 * The scenarios of each agent driven through ScenarioSteps (Claude's, with its modes, is
 * claude/scenario.ts): `default` (permission yes and no, question, a reply that asks, exit) and
 * `work` where the agent has more to show (edits, API errors and retries, interrupts, subagents,
 * several questions at once).
 */
export const AGENT_SCENARIOS = {
  codex: { default: runCodexScenario, work: runCodexWorkScenario },
  opencode: { default: runOpencodeScenario, work: runOpencodeWorkScenario },
  pi: { default: runPiScenario },
} as const satisfies Record<string, Record<string, Scenario>>
export type ScenarioAgent = keyof typeof AGENT_SCENARIOS

/** Every scenario of the agent, by name. */
export function scenariosOf(agent: ScenarioAgent): [string, Scenario][] {
  return Object.entries(AGENT_SCENARIOS[agent])
}

/** A recording's name: `codex01710-120x32` for the default scenario, `codex01710-work-120x32` for another. */
export function recordingName(agent: string, version: string, scenario: string, size: string): string {
  return `${agent}${version.replace(/\./g, '')}${scenario === 'default' ? '' : `-${scenario}`}-${size}`
}

/** The board's live verdicts of a run scored against the run's own ground truth, as the fixture replay scores it. */
export function scoreLive(h: AgentHarness, name: string): Score {
  const cast = parseCast(h.recorder.castText(name))
  const end = cast.events[cast.events.length - 1]!.t
  const truth = truthSegments(cast.events, end)
  return scoreReplay(truth, verdictSegments(h.recorder.verdicts, end), answerTimes(cast.events, truth))
}
