import type { ForegroundProgram } from '../../shared/domain/pane'

/**
 * Signals about the pane's processes, from the supervisor's adapters. The status engine adds
 * screen and agent-report signals beside these; the reducer is the one place that combines them.
 */
export type ProcessSignal =
  | { readonly kind: 'spawned'; readonly at: number; readonly argv: readonly string[] }
  | {
      readonly kind: 'foreground'
      readonly at: number
      readonly program: ForegroundProgram
      /** A process of the foreground job blocked reading the pane's terminal (Linux), else null. */
      readonly reader?: TerminalReader | null
    }
  | { readonly kind: 'exit'; readonly at: number; readonly code: number; readonly signal: number | null }

/** A process waiting for the user's keyboard: asleep in read(2) on the pane's terminal. */
export interface TerminalReader {
  readonly pid: number
  readonly argv: readonly string[]
}

/** What the reducer needs to know about the pane that does not change during its life. */
export interface PaneContext {
  /** The pane's root process is an interactive shell (so "shell in front" means "waiting for you"). */
  readonly rootIsShell: boolean
  /** An agent's signals are expected: the process channel alone then never says working or waiting. */
  readonly agent?: string | null
}
