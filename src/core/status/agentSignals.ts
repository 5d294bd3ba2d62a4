import { CODEX_STATE_OSC, parseCodexStateOsc, type AgentTerminalState } from '../agents/codex/stateOsc'
import { claudeReports } from '../agents/claude/reports'
import { codexReports } from '../agents/codex/reports'
import { opencodeReports } from '../agents/opencode/reports'
import { piReports } from '../agents/pi/reports'
import { REPORTING_AGENTS, type AgentReportTable, type ReportingAgent } from './reports/reportTable'

/** An agent's own state sequence in the terminal, and the parser that belongs to that agent. */
export interface TerminalStateParser {
  readonly osc: number
  readonly parse: (data: string) => AgentTerminalState | null
}

/** What the status engine hears from an agent besides its screen. */
export interface AgentSignals {
  readonly agent: ReportingAgent
  readonly reports: AgentReportTable
  readonly terminalState: TerminalStateParser | null
}

const SIGNALS: Readonly<Record<ReportingAgent, AgentSignals>> = {
  claude: { agent: 'claude', reports: claudeReports, terminalState: null },
  codex: { agent: 'codex', reports: codexReports, terminalState: { osc: CODEX_STATE_OSC, parse: parseCodexStateOsc } },
  opencode: { agent: 'opencode', reports: opencodeReports, terminalState: null },
  pi: { agent: 'pi', reports: piReports, terminalState: null },
}

export function isReportingAgent(name: string): name is ReportingAgent {
  return (REPORTING_AGENTS as readonly string[]).includes(name)
}

/** The agent's tables, or null for an agent that reports nothing (a shell, an unknown program). */
export function agentSignals(agent: string | null): AgentSignals | null {
  return agent !== null && isReportingAgent(agent) ? SIGNALS[agent] : null
}
