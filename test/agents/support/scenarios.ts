import { parseCast } from '../../../src/main/replay/asciicast'
import { answerTimes, scoreReplay, truthSegments, verdictSegments, type Score } from '../../../src/main/replay/score'
import { runCodexScenario } from '../codex/scenario'
import { runOpencodeScenario } from '../opencode/scenario'
import { runPiScenario } from '../pi/scenario'
import { runGeminiScenario } from '../gemini/scenario'
import type { AgentHarness } from './harness'
import type { AgentScenarioOptions, ScenarioResult } from './scenarioSteps'

/** The scenario of each agent driven through ScenarioSteps (Claude's, with its modes, is claude/scenario.ts). */
export const AGENT_SCENARIOS = {
  codex: runCodexScenario,
  opencode: runOpencodeScenario,
  pi: runPiScenario,
  gemini: runGeminiScenario,
} as const satisfies Record<string, (o: AgentScenarioOptions) => Promise<ScenarioResult>>
export type ScenarioAgent = keyof typeof AGENT_SCENARIOS

/** The board's live verdicts of a run scored against the run's own ground truth, as the fixture replay scores it. */
export function scoreLive(h: AgentHarness, name: string): Score {
  const cast = parseCast(h.recorder.castText(name))
  const end = cast.events[cast.events.length - 1]!.t
  const truth = truthSegments(cast.events, end)
  return scoreReplay(truth, verdictSegments(h.recorder.verdicts, end), answerTimes(cast.events, truth))
}
