import type { AgentKnowledge, DialogAnswers, TerminalStateParser } from '../agents/agentKnowledge'
import type { AgentReportTable } from '../agents/reportTable'
import type { PaneContext } from './processSignals'
import type { StatusContext } from './statusMemory'

export type { TerminalStateParser }

/** What the status engine hears from an agent besides its screen. */
export interface AgentSignals {
  readonly agent: string
  readonly reports: AgentReportTable
  readonly terminalState: TerminalStateParser | null
  readonly answers: DialogAnswers | null
}

/**
 * The agent's tables, or null for an agent that reports nothing (a shell, an unknown program, a
 * user's agent of screen rules only).
 */
export function agentSignals(known: AgentKnowledge | null): AgentSignals | null {
  const reports = known?.reports
  return known && reports ? { agent: known.id, reports, terminalState: known.terminalState, answers: known.answers } : null
}

/**
 * What the status reducer knows of the pane and its agent, from the agent's tables (one place for
 * the engine and the tests). An agent with neither screen rules nor reports (a user's folder
 * without rules.toml) says nothing of its own: it is watched like any program (working, input,
 * exited by its process).
 */
export function statusContext(agent: string | null, known: AgentKnowledge | null, pane: PaneContext, hasRules: boolean): StatusContext {
  const signals = agentSignals(known)
  return {
    ...pane,
    agent: hasRules || signals !== null ? agent : null,
    enterSubmitsPrompt: signals?.reports.enterSubmitsPrompt === true,
    ...(signals?.reports.exitCommands ? { exitCommands: signals.reports.exitCommands } : {}),
    answers: signals?.answers ?? null,
    freeTextOption: known?.dialogKeys?.freeText ?? null,
    ...(signals?.reports.dialogDrawGraceMs !== undefined ? { dialogDrawGraceMs: signals.reports.dialogDrawGraceMs } : {}),
    ...(signals?.reports.answerHoldMs !== undefined ? { answerHoldMs: signals.reports.answerHoldMs } : {}),
  }
}
