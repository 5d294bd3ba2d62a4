/// <reference types="vite/client" />
import { basename, dirname } from 'node:path'
import { parseCast } from '../../../src/tools/replay/asciicast'
import { answerTimes, scoreReplay, truthSegments, verdictSegments, type Score } from '../../../src/tools/replay/score'
import type { AgentHarness } from './harness'
import type { AgentScenario } from './scenarioSteps'

/**
 * Every agent's real-CLI scenario, by folder: `test/agents/<id>/scenario.ts` exporting `scenario`
 * (an AgentScenario), found by the bundler, so a new agent's scenario is run by scenarios.test.ts
 * and `npm run agents:check` with no list to edit (and agentFolders.test.ts fails for an agent
 * folder without one).
 */
const modules = import.meta.glob<{ scenario?: AgentScenario }>('../*/scenario.ts', { eager: true })

function collect(): ReadonlyMap<string, AgentScenario> {
  const found = new Map<string, AgentScenario>()
  for (const [path, module] of Object.entries(modules)) {
    if (!module.scenario || typeof module.scenario.run !== 'function') throw new Error(`${path} must export \`scenario\` (an AgentScenario: modes and run)`)
    found.set(basename(dirname(path)), module.scenario)
  }
  return found
}

export const AGENT_SCENARIOS: ReadonlyMap<string, AgentScenario> = collect()

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
