import type { AgentName } from '../../shared/domain/agents'
import type { DialogAnswerKeys, TerminalStateParser } from '../agents/agentKnowledge'
import { agentKnowledge } from '../agents/registry'
import type { AgentReportTable } from '../agents/reportTable'

export type { TerminalStateParser }

/** What the status engine hears from an agent besides its screen. */
export interface AgentSignals {
  readonly agent: AgentName
  readonly reports: AgentReportTable
  readonly terminalState: TerminalStateParser | null
  readonly answerKeys: DialogAnswerKeys | null
  /** The label of a question's free-text option (dialogKeys.freeText), when the agent has one. */
  readonly freeTextOption: RegExp | null
}

/** The agent's tables, or null for an agent that reports nothing (a shell, an unknown program). */
export function agentSignals(agent: string | null): AgentSignals | null {
  const known = agentKnowledge(agent)
  return known && { agent: known.name, reports: known.reports, terminalState: known.terminalState, answerKeys: known.answerKeys, freeTextOption: known.dialogKeys?.freeText ?? null }
}
