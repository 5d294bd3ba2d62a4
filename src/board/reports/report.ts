import type { PaneId } from '../../shared/domain/pane'

/**
 * One authenticated, validated report from an agent's hook or plugin, as the report server hands
 * it to the status engine. `event` is the agent's own event name (`PermissionRequest`,
 * `permission.asked`, `agent_end`, …): mapping it to a signal is the status engine's job.
 */
export interface IncomingReport {
  readonly paneId: PaneId
  /** The agent's id. */
  readonly agent: string
  readonly event: string
  /** The agent's payload as it sent it (validated for the fields the mapping reads). */
  readonly payload: Readonly<Record<string, unknown>>
  /** Milliseconds on the board's clock, taken when the body was complete. */
  readonly receivedAt: number
}

export type ReportSink = (report: IncomingReport) => void

/** Why a report was refused; each reason has a counter in `ReportServer.stats()`. */
export const REJECTION_REASONS = ['unauthorized', 'malformed', 'invalid', 'oversize', 'rate-limited', 'bad-request', 'timeout', 'busy', 'outside-pane'] as const
export type RejectionReason = (typeof REJECTION_REASONS)[number]

export interface ReportStats {
  readonly accepted: number
  readonly rejected: Readonly<Record<RejectionReason, number>>
  readonly connections: {
    /** Connections that have not shown a pane's token yet, now. */
    readonly preAuth: number
    /** Pre-auth connections closed to make room for newer ones (a flood without a token). */
    readonly droppedPreAuth: number
    /** Requests refused because their pane already had all its connections in use. */
    readonly busy: number
    /**
     * Connections open now, with or without a token. Zero once every client that reported has
     * closed: what a program sent before it exited has been taken in (tests wait on it).
     */
    readonly open: number
  }
}

/** One pane's own counters (for `switchboard explain`). */
export interface PaneReportStats {
  readonly accepted: number
  readonly rejected: Readonly<Partial<Record<RejectionReason, number>>>
}
