import type { Evidence, Verdict } from '../../shared/domain/pane'
import type { DialogInfo, RuleState } from '../rules/ruleTypes'
import type { AgentTerminalState } from '../agents/agentCode'
import type { PaneContext } from './processSignals'
import type { AgentReport } from './reports/interpretReport'
import { initialVerdict } from './reduceProcessStatus'
import type { AnswerKey, DialogAnswerKeys } from '../agents/agentKnowledge'

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
   * Esc on a dialog of an agent whose Esc cancels it: the dialog is being dismissed, and the
   * agent redraws 60–330 ms later (2.1.332 measured under load; 1.19 s at load average 12 in
   * agents:check, manual mode 120x32). For this long the dialog still on screen no longer counts;
   * if it is still there after, Esc did not close it.
   */
  DismissGraceMs = 2000,
  /**
   * Esc only: the dialog on screen keeps counting this long after the key, which is when the agent
   * usually has redrawn (2.1.197: ~60 ms); only a slower redraw is anticipated, so the badge
   * leaves blocked within ~170 ms of the Esc on any machine and is rarely ahead of the screen.
   */
  DismissHoldMs = 150,
  /**
   * Enter on a typed prompt (agents whose table says enterSubmitsPrompt): working for up to this
   * long, until the screen changes state or a report comes (OpenCode's new session: 1.5–8.8 s to
   * its first report at load average 12 on two cores, a blank screen meanwhile). Only a line that
   * submits nothing keeps it the whole time; working is no attention state.
   */
  SubmitGraceMs = 15000,
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
}

/**
 * The user answered a dialog with a key typed into it, and the agent has not taken it off the
 * screen yet. OpenCode 1.18.33 after the Enter that confirms "Allow always" drew its first
 * permission dialog again for 1.3 s and reported permission.replied 1.25 s after the key: the
 * screen said blocked, the user had answered. Pure: the reducer passes the time.
 *
 * The answered dialogs of one dialog episode are remembered by identity (rule, kind, title,
 * options). A dialog on screen that the user answered is stale; one they have not answered (the
 * confirmation an Enter opened) counts at its first frame. The hold ends with the episode (the
 * screen shows work or the prompt), when the agent reports a new dialog after the key, and after
 * AnswerHoldMs: a dialog that really stays open (a Cancel that went back to it) is blocked again.
 */
export interface DialogAnswer {
  /** The latest answering key. */
  readonly at: number
  readonly key: AnswerKey
  /** `digit`: the option it chose. */
  readonly option?: string
  /** The dialog it was typed into, for evidence. */
  readonly kind: string
  readonly title: string
  /** Every dialog answered in this episode, by identity. */
  readonly answered: readonly string[]
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
  /** The latest report that claims a state (reinforcements do not replace it). */
  readonly report: AgentReport | null
  /** The latest dialog reinforcement (Claude's 6 s permission_prompt), for evidence. */
  readonly reinforcement: AgentReport | null
  readonly terminal: TerminalMemo | null
  /** Start of the agent's latest `working` in its own terminal state. */
  readonly terminalWorkingFrom: number | null
  /** When the user last pressed Esc in the pane (agents whose Esc cancels a dialog only). */
  readonly escapeAt: number | null
  /** When the user last pressed Enter in the pane (same agents: Enter answers their dialogs). */
  readonly enterAt: number | null
  /** When the user last submitted a typed line (agents whose Enter submits a slow-to-show prompt). */
  readonly submitAt: number | null
  /** The latest report that a dialog was answered (OpenCode's permission.replied): later reports do not hide it. */
  readonly answered: AgentReport | null
  /** When the user last entered a typed line at the prompt, prompt or `/command` (enterSubmitsPrompt agents). */
  readonly lineAt: number | null
  /** When the pane was last resized. */
  readonly resizedAt: number | null
  /** Dialogs the user answered with a key typed into them, this dialog episode (agents with answerKeys). */
  readonly dialogAnswer: DialogAnswer | null
}

export interface StatusContext extends PaneContext {
  /** An agent's signals are expected (screen rules, reports); null for a plain shell pane. */
  readonly agent: string | null
  /** Esc cancels the agent's dialogs and Enter answers them (its report table says so). */
  readonly escapeCancelsDialog?: boolean
  /** Enter on a typed line starts a turn the agent shows late (its report table says so). */
  readonly enterSubmitsPrompt?: boolean
  /** The keys that answer the agent's dialogs, by kind (its core knowledge's answerKeys). */
  readonly answerKeys?: DialogAnswerKeys | null
  /** The label of a question's free-text option (its dialogKeys.freeText): its digit answers nothing. */
  readonly freeTextOption?: RegExp | null
  /** The agent's own DialogDrawGraceMs (its report table's dialogDrawGraceMs). */
  readonly dialogDrawGraceMs?: number
  /** The agent's own DialogAnswerConstants.AnswerHoldMs (its report table's answerHoldMs). */
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
    report: null,
    reinforcement: null,
    terminal: null,
    terminalWorkingFrom: null,
    escapeAt: null,
    enterAt: null,
    submitAt: null,
    resizedAt: null,
    answered: null,
    lineAt: null,
    dialogAnswer: null,
  }
}
