import { programName } from '../process/shells'
import type { DialogInfo } from '../../shared/domain/pane'
import type { ParseTerminalState } from './agentCode'
import type { AgentManifest, DialogAnswers, PasteEcho } from './agentManifest'
import type { AgentReportTable } from './reportTable'
import type { RegexCompiler } from '../rules/compileRules'

/** An agent's own state sequence in the terminal, and the parser its folder brings (`terminal.ts`). */
export interface TerminalStateParser {
  readonly osc: number
  readonly parse: ParseTerminalState
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

export type { AnswerKey, DialogAnswers, PasteEcho } from './agentManifest'

/**
 * Everything the pure core knows about one agent, built from its folder's manifest (knowledgeOf).
 * Every field is present: an agent without dialog keys says `null` instead of being left out of a
 * table somewhere (the old way, which failed silently).
 */
export interface AgentKnowledge {
  readonly id: string
  /** How the UI names it. */
  readonly name: string
  /** Hook or plugin event → signal (the manifest's `[[report]]`s); null: it reports nothing. */
  readonly reports: AgentReportTable | null
  /** The keys that answer its dialogs from the board, or null when none are known to work. */
  readonly dialogKeys: DialogKeyTable | null
  /**
   * How its dialogs are answered when the user types into the terminal, and how it redraws them,
   * for the status (not for answering from the board: that is dialogKeys); null where none were measured.
   */
  readonly answers: DialogAnswers | null
  /**
   * Where the agent takes an Enter that it reads soon after a paste for a newline in it, not a
   * submit (Gemini CLI 0.61: within 30 ms of the last key it inserted, timed when its loaded
   * event loop gets to them, so two writes 140 ms apart can still be read together); null where
   * any Enter after the paste submits. The answer box then sends Enter only once the paste is on
   * screen (answerGuard.ts), which is how it knows the agent has read it.
   */
  readonly pasteEcho: PasteEcho | null
  /** Program names that run it (its command's, `claude`): a command line by that name is this agent. */
  readonly programs: readonly string[]
  /** Package paths that name the agent's script when it runs through a launcher (`node …/cli.js`). */
  readonly packageHints: readonly RegExp[]
  /** Its own state sequence in the terminal, when it writes one (Codex OSC 7501). */
  readonly terminalState: TerminalStateParser | null
}

/**
 * The core's view of a manifest. Its regexes were checked when main loaded the folder (a broken
 * one refused the folder), so compiling them here with the same `compile` (main's linear-time
 * one: a user's agent folder is as writable by a pane as a rule file) cannot fail.
 */
export function knowledgeOf(manifest: AgentManifest, compile: RegexCompiler, parseTerminalState: ParseTerminalState | null = null): AgentKnowledge {
  const keys = manifest.dialogKeys
  return {
    id: manifest.id,
    name: manifest.name,
    reports: manifest.reports,
    dialogKeys: keys && {
      digitKinds: keys.digitKinds,
      deny: keys.deny,
      ...(keys.freeText !== undefined ? { freeText: compile(keys.freeText, '') } : {}),
      ...(keys.optionLabels ? { optionLabels: keys.optionLabels } : {}),
      ...(keys.arrows ? { arrows: keys.arrows } : {}),
    },
    answers: manifest.answers,
    pasteEcho: manifest.pasteEcho,
    programs: manifest.command[0] === undefined ? [] : [programName(manifest.command[0])],
    packageHints: manifest.packageHints.map((source) => compile(source, '')),
    terminalState: manifest.terminalOsc !== null && parseTerminalState ? { osc: manifest.terminalOsc, parse: parseTerminalState } : null,
  }
}
