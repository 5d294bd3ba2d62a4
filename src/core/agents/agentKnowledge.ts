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

/** A key the status engine tells apart in the user's input (never the text typed): a digit is an option's number. */
export type AnswerKey = 'enter' | 'escape' | 'digit'

/**
 * How the user answers an agent's dialogs in its terminal, and how the agent redraws them after,
 * for the status (answering from the board is dialogKeys): from such a key on, the pane no longer
 * waits for the user, though the agent has not taken the dialog off the screen yet
 * (core/status/dialogAnswer.ts). Only what was measured on the real CLI.
 */
export interface DialogAnswers {
  /**
   * The keys that hand the user's choice to the agent, by dialog kind: Enter takes the highlighted
   * option, a digit the option of that number (not a free-text one, which opens an input), Esc
   * cancels the dialog (the pane goes back to its prompt). In a dialog of check boxes Enter and the
   * digits toggle, they never answer.
   */
  readonly keys: Readonly<Partial<Record<DialogInfo['kind'], readonly AnswerKey[]>>>
  /**
   * After the key the agent may draw the dialog it answered again before taking it away (OpenCode
   * 1.18.33 after confirming "Allow always"): a dialog answered in this episode stays answered when
   * drawn again. Otherwise only frames not redrawn since the key are stale, and whatever the agent
   * draws next (the next question of several, a confirmation) asks again at its first frame.
   */
  readonly redrawsAnswered: boolean
}

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
   * How its dialogs are answered when the user types into the terminal, and how it redraws them,
   * for the status (not for answering from the board: that is dialogKeys); null where none were measured.
   */
  readonly answers: DialogAnswers | null
  /** Package paths that name the agent's script when it runs through a launcher (`node …/cli.js`). */
  readonly packageHints: readonly RegExp[]
  /** Its own state sequence in the terminal, when it writes one (Codex OSC 7501). */
  readonly terminalState: TerminalStateParser | null
}
