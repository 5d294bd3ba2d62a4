import type { AgentName } from '../../shared/domain/agents'
import type { DialogInfo } from '../../shared/domain/pane'
import type { AgentTerminalState } from './codex/stateOsc'
import type { AgentReportTable } from './reportTable'

/** An agent's own state sequence in the terminal, and the parser that belongs to that agent. */
export interface TerminalStateParser {
  readonly osc: number
  readonly parse: (data: string) => AgentTerminalState | null
}

/**
 * Which keys answer an agent's dialog. Only what was seen working on the real CLI is listed; an
 * agent whose dialogs the board cannot answer says `null`, so the user answers in the terminal.
 */
export interface DialogKeyTable {
  /** Dialog kinds whose options are chosen (and submitted) by typing the option's digit. */
  readonly digitKinds: readonly DialogInfo['kind'][]
  /** The key that declines every dialog of this agent. */
  readonly deny: string | null
  /**
   * The label of a question's free-text option: choosing it (its digit) opens an input inside
   * the dialog, the answer goes as a paste, and Enter submits it.
   */
  readonly freeText?: RegExp
  /**
   * The agent's wording of its long options, `{}` where it varies: completes an option whose
   * rest a narrow pane wrapped off the row (src/core/answer/optionLabels.ts).
   */
  readonly optionLabels?: readonly string[]
  /**
   * The keys of a dialog whose options are chosen with the arrows (a rule's `choose = "arrows"`):
   * move the highlight one option down or up, and take the highlighted one. Absent: the board
   * does not answer such dialogs.
   */
  readonly arrows?: { readonly down: string; readonly up: string; readonly enter: string }
}

/** How an agent shows a paste it has read (see AgentKnowledge.pasteEcho). */
export interface PasteEcho {
  /** Its newline-after-paste window (ms, from when it read the paste). */
  readonly windowMs: number
  /** A paste longer than this (characters or lines) is shown as `placeholder` instead of its text. */
  readonly placeholder: { readonly overChars: number; readonly overLines: number; readonly shows: string }
}

/**
 * A key the status engine tells apart in the user's input (never the text typed). `digit`: a
 * lone 1–9 that is the key of one of the open dialog's options, other than its free-text option
 * (`DialogKeyTable.freeText`: that digit opens an input inside the dialog and answers nothing).
 */
export type AnswerKey = 'enter' | 'escape' | 'digit'

/**
 * The keys that, typed into an open dialog of a kind, hand the user's choice to the agent: from
 * that key on, the pane no longer waits for the user even while the agent keeps the dialog drawn
 * (core/status/dialogAnswer.ts). Only keys measured to submit every option of that kind; a key
 * that can open an input inside the dialog (a question's "type your own answer") is not one.
 */
export type DialogAnswerKeys = Readonly<Partial<Record<DialogInfo['kind'], readonly AnswerKey[]>>>

/**
 * Everything the pure core knows about one agent, verified on the versions its report table
 * names. Every field is required: an agent without dialog keys says `null` instead of being left
 * out of a table somewhere (the old way, which failed silently).
 */
export interface AgentKnowledge {
  readonly name: AgentName
  /** Hook or plugin event → signal (src/core/agents/<agent>/reports.ts). */
  readonly reports: AgentReportTable
  /** The keys that answer its dialogs from the board, or null when none are known to work. */
  readonly dialogKeys: DialogKeyTable | null
  /**
   * The keys that answer its dialogs when the user types them in the terminal, for the status
   * (not for answering from the board: that is dialogKeys); null where none were measured.
   */
  readonly answerKeys: DialogAnswerKeys | null
  /**
   * Where the agent takes an Enter that it reads soon after a paste for a newline in it, not a
   * submit (Gemini CLI 0.61: within 30 ms of the last key it inserted, timed when its loaded
   * event loop gets to them, so two writes 140 ms apart can still be read together); null where
   * any Enter after the paste submits. The answer box then sends Enter only once the paste is on
   * screen (answerGuard.ts), which is how it knows the agent has read it.
   */
  readonly pasteEcho: PasteEcho | null
  /** Package paths that name the agent's script when it runs through a launcher (`node …/cli.js`). */
  readonly packageHints: readonly RegExp[]
  /** Its own state sequence in the terminal, when it writes one (Codex OSC 7501). */
  readonly terminalState: TerminalStateParser | null
}
