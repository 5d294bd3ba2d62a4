import type { AgentName } from '../../shared/domain/agents'
import type { DialogAnswers, TerminalStateParser } from '../agents/agentKnowledge'
import { agentKnowledge } from '../agents/registry'
import type { AgentReportTable } from '../agents/reportTable'
import type { PaneContext } from './processSignals'
import type { StatusContext } from './statusMemory'

export type { TerminalStateParser }

/** What the status engine hears from an agent besides its screen. */
export interface AgentSignals {
  readonly agent: AgentName
  readonly reports: AgentReportTable
  readonly terminalState: TerminalStateParser | null
  readonly answers: DialogAnswers | null
}

/** The agent's tables, or null for an agent that reports nothing (a shell, an unknown program). */
export function agentSignals(agent: string | null): AgentSignals | null {
  const known = agentKnowledge(agent)
  return known && { agent: known.name, reports: known.reports, terminalState: known.terminalState, answers: known.answers }
}

/** What the status reducer knows of the pane and its agent, from the agent's tables (one place for the engine and the tests). */
export function statusContext(agent: string | null, pane: PaneContext): StatusContext {
  const signals = agentSignals(agent)
  return { ...pane, agent, enterSubmitsPrompt: signals?.reports.enterSubmitsPrompt === true, answers: signals?.answers ?? null }
}
