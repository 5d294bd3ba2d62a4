import type { AgentKnowledge, DialogAnswerKeys, TerminalStateParser } from '../agents/agentKnowledge'
import type { AgentReportTable } from '../agents/reportTable'

export type { TerminalStateParser }

/** What the status engine hears from an agent besides its screen. */
export interface AgentSignals {
  readonly agent: string
  readonly reports: AgentReportTable
  readonly terminalState: TerminalStateParser | null
  readonly answerKeys: DialogAnswerKeys | null
  /** The label of a question's free-text option (dialogKeys.freeText), when the agent has one. */
  readonly freeTextOption: RegExp | null
}

/**
 * The agent's tables, or null for an agent that reports nothing (a shell, an unknown program, a
 * user's agent of screen rules only).
 */
export function agentSignals(known: AgentKnowledge | null): AgentSignals | null {
  const reports = known?.reports
  return known && reports ? { agent: known.id, reports, terminalState: known.terminalState, answerKeys: known.answerKeys, freeTextOption: known.dialogKeys?.freeText ?? null } : null
}
