import { REPORTING_AGENTS, type ReportingAgent } from '../../core/status/reports/reportTable'

/**
 * The agents the board knows how to launch and hear from (the status engine's reporting agents),
 * plus `shell`: everything else, launched as typed, reporting nothing.
 */
export const AGENT_KINDS = [...REPORTING_AGENTS, 'shell'] as const
export type AgentKind = (typeof AGENT_KINDS)[number]
export type { ReportingAgent }
