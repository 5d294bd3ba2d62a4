import type { RuleMatch } from '../rules/ruleTypes'
import type { AgentTerminalState } from '../agents/agentCode'
import type { ProcessSignal } from './processSignals'
import type { AgentReport } from './reports/interpretReport'

/** The screen rules were evaluated over the current screen (and title): the first match, or none. */
export interface ScreenSignal {
  readonly kind: 'screen'
  readonly at: number
  readonly match: RuleMatch | null
}

/** An agent hook/plugin event, already mapped through the agent's table. */
export interface ReportSignal {
  readonly kind: 'report'
  readonly at: number
  readonly report: AgentReport
}

/** The agent's own state written into the terminal (Codex `OSC 7501`). */
export interface TerminalStateSignal {
  readonly kind: 'terminal'
  readonly at: number
  readonly state: AgentTerminalState
  /** The raw sequence payload, for evidence. */
  readonly raw: string
}

/** Time passed: re-decide time-dependent conclusions (a screen that matches nothing for too long). */
export interface TickSignal {
  readonly kind: 'tick'
  readonly at: number
}

/**
 * The user pressed a key that answers an agent's dialog (Esc cancels it, Enter takes the selected
 * option, a digit the numbered one), or Enter after typing at the prompt (`submit`: a turn starts; `command`: a `/command`,
 * which answers a reply that asked as much as a prompt does; `quit`: one of the agent's commands that end the session, /quit).
 */
export interface InputSignal {
  readonly kind: 'input'
  readonly at: number
  readonly key: 'escape' | 'enter' | 'digit' | 'submit' | 'command' | 'quit'
  /** For `digit`: which one (an option's number in a numbered dialog). */
  readonly digit?: string
}

/** The pane was resized: until the program repaints, the screen is the emulator's reflow of the old one. */
export interface ResizeSignal {
  readonly kind: 'resize'
  readonly at: number
}

/**
 * The pane's screen is no longer read: its terminal of record froze (the parser worker died a
 * third time, and no fresh one takes the pane). What it last showed is history, not evidence.
 */
export interface ScreenLostSignal {
  readonly kind: 'screenLost'
  readonly at: number
  readonly why: string
}

/** Every input of the status reducer. Process signals come from the pane's supervisor. */
export type StatusSignal = ProcessSignal | ScreenSignal | ReportSignal | TerminalStateSignal | TickSignal | InputSignal | ResizeSignal | ScreenLostSignal
