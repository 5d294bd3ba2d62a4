import type { Evidence, Verdict } from '../../shared/domain/pane'
import type { DialogInfo, RuleState } from '../rules/ruleTypes'
import type { AgentTerminalState } from '../agents/agentCode'
import type { PaneContext } from './processSignals'
import type { AgentReport } from './reports/interpretReport'
import { initialVerdict } from './reduceProcessStatus'
import type { DialogAnswers } from '../agents/agentKnowledge'
import type { Answered } from './dialogAnswer'

export const enum StatusConstants {
  /**
   * A screen that matches no rule keeps its last matched state this long before it counts as
   * unrecognised: TUIs draw transitional frames (Claude's blank footer for 30–90 ms after Enter,
   * OpenCode's torn 4 KB frames) that mean nothing.
   */
  UnmatchedHoldMs = 1500,
  /**
   * A reported dialog the screen has not drawn yet, while the screen keeps showing work: dialogs
   * are drawn 8–70 ms (2.1.197) to 300–500 ms (2.1.332) after the hook, so after this long the
   * screen has missed it and the report decides.
   */
  DialogDrawGraceMs = 1600,
  /**
   * Enter on a typed prompt (agents whose table says enterSubmitsPrompt): working for up to this
   * long, until the screen changes state or a report comes (OpenCode's new session: 1.5–8.8 s to
   * its first report at load average 12 on two cores, 15.6 s at load 19, a screen no rule knows
   * meanwhile). Only a line that submits nothing keeps it the whole time; working is no attention state.
   */
  SubmitGraceMs = 30000,
  /**
   * After a resize the screen cannot change the verdict for this long: the emulator rewraps the
   * old screen (Pi's full-width rules onto two rows, its dialog out of the box) and the program
   * repaints 40–70 ms later (Pi 0.73.1, 60x20 → 50x16 with a dialog open).
   */
  ResizeSettleMs = 300,
}

/** The screen channel: the last rule that matched, and since when the screen says so. */
export interface ScreenMemo {
  readonly state: RuleState
  /** When the screen entered this state (unchanged while later frames agree). */
  readonly since: number
  readonly ruleId: string
  readonly text: string
  readonly fromTitle: boolean
  readonly dialog?: DialogInfo
  /** A dialog found by its shape alone: no rule names it (a report's kind, when there is one, is the better word). */
  readonly unnamed?: boolean
}

export interface TerminalMemo {
  readonly state: AgentTerminalState
  readonly raw: string
  /** When the agent entered this state. */
  readonly since: number
}

/** Everything the reducer remembers: the verdict, and the latest word of every channel. */
export interface StatusMemory {
  readonly verdict: Verdict
  /** Evidence behind the current decision (may be newer than the verdict's, same state). */
  readonly evidence: readonly Evidence[]
  /** The process channel alone (spawn, foreground, exit), as reduceProcessStatus sees it. */
  readonly process: Verdict
  /** The last screen rule that matched (held through frames that match nothing). */
  readonly screen: ScreenMemo | null
  /** When the current run of screens matching no rule began; null while a rule matches. */
  readonly unmatchedSince: number | null
  /** The latest time the screen showed a dialog. */
  readonly dialogSeenAt: number | null
  /** When the screen last started showing work (a turn began, or resumed after a dialog). */
  readonly screenWorkingFrom: number | null
  /**
   * The latest reply the screen read as asking (rule state `asked`): since when, and its memo. It
   * still asks when the screen stops showing it without new work, as when the user types at the
   * prompt and Claude's slash menu covers the reply (cc21332-asks-50x16), until a line is entered.
   */
  readonly screenAsked: ScreenMemo | null
  /** The latest report that claims a state (reinforcements do not replace it, nor output after the turn's end). */
  readonly report: AgentReport | null
  /** The latest turn-end report (or interruption), kept whatever reports follow it in the same turn. */
  readonly turnEnd: AgentReport | null
  /** When the latest report that starts a turn (a submitted prompt) came. */
  readonly turnStartAt: number | null
  /** The latest dialog reinforcement (Claude's 6 s permission_prompt), for evidence. */
  readonly reinforcement: AgentReport | null
  readonly terminal: TerminalMemo | null
  /** Start of the agent's latest `working` in its own terminal state. */
  readonly terminalWorkingFrom: number | null
  /** When the user last submitted a typed line (agents whose Enter submits a slow-to-show prompt). */
  readonly submitAt: number | null
  /** What that line was: a prompt (a turn starts) or a command that ends the session (the agent shuts down). */
  readonly submitted: 'prompt' | 'quit'
  /** When the user last entered a typed line at the prompt, prompt or `/command` (enterSubmitsPrompt agents). */
  readonly lineAt: number | null
  /** When the pane was last resized. */
  readonly resizedAt: number | null
  /** The dialog on screen was answered (a key, a report) and the agent has not taken it away yet (core/status/dialogAnswer.ts). */
  readonly answer: Answered | null
  /** The screen is no longer read (its mirror froze): since when, and why. */
  readonly screenLost: { readonly at: number; readonly why: string } | null
}

export interface StatusContext extends PaneContext {
  /** An agent's signals are expected (screen rules, reports); null for a plain shell pane. */
  readonly agent: string | null
  /** Enter on a typed line starts a turn the agent shows late (its report table says so). */
  readonly enterSubmitsPrompt?: boolean
  /** The agent's slash commands that end its session (its report table's exitCommands): Enter on one is work until it exits. */
  readonly exitCommands?: readonly string[]
  /** How the user answers the agent's dialogs in the terminal and how it redraws them (its core knowledge's answers). */
  readonly answers?: DialogAnswers | null
  /** The label of a question's free-text option (its dialogKeys.freeText): its digit answers nothing. */
  readonly freeTextOption?: RegExp | null
  /** The agent's own StatusConstants.DialogDrawGraceMs (its report table's dialogDrawGraceMs). */
  readonly dialogDrawGraceMs?: number
  /** The agent's own AnswerConstants.HoldMs (its report table's answerHoldMs). */
  readonly answerHoldMs?: number
}

export function initialMemory(at: number): StatusMemory {
  const verdict = initialVerdict(at)
  return {
    verdict,
    evidence: verdict.evidence,
    process: verdict,
    screen: null,
    unmatchedSince: null,
    dialogSeenAt: null,
    screenWorkingFrom: null,
    screenAsked: null,
    report: null,
    turnEnd: null,
    turnStartAt: null,
    reinforcement: null,
    terminal: null,
    terminalWorkingFrom: null,
    submitAt: null,
    submitted: 'prompt',
    resizedAt: null,
    lineAt: null,
    answer: null,
    screenLost: null,
  }
}
