import { isDialogState, type Evidence } from '../../shared/domain/pane'
import type { AnswerKey, DialogAnswers } from '../agents/agentKnowledge'
import type { DialogInfo, RuleState } from '../rules/ruleTypes'
import type { AgentReport } from './reports/interpretReport'

/** What this module reads of the screen the reducer remembers (statusMemory's ScreenMemo, which imports this module's Answered). */
export interface DialogScreen {
  readonly state: RuleState
  /** When the screen entered this state. */
  readonly since: number
  readonly ruleId: string
  readonly dialog?: DialogInfo
}

/**
 * The one "answered" memory: the user answered the dialog on screen (a key typed into it) or the
 * agent reported it answered, and the agent has not taken it off the screen yet. Until it does
 * (Claude redraws 60–400 ms after the key, 1.19 s once at load 12; OpenCode drew an answered
 * dialog again for 1.3 s and reported permission.replied 1.25 s after the key), the pane no
 * longer waits for the user. Fed by keys and reports alike; how each agent redraws is its data
 * (DialogAnswers in core/agents). Pure: the reducer passes the time.
 */
export const enum AnswerConstants {
  /**
   * How long after the answer a dialog still drawn does not count: above the 1.37 s OpenCode kept
   * its answered dialog up and the 1.19 s Claude took to redraw after an Esc, both at load ~10 on
   * two cores. A dialog still there after this is open again (a Cancel went back to it).
   */
  HoldMs = 2000,
  /**
   * Esc only: the dialog keeps counting this long after the key, which is when the agent usually
   * has redrawn (2.1.197: ~60 ms); only a slower redraw is anticipated, so the badge leaves blocked
   * within ~170 ms of the Esc on any machine and is rarely ahead of the screen.
   */
  EscapeHoldMs = 150,
}

export interface Answered {
  readonly at: number
  /** What the pane is once the agent takes the dialog away: Esc cancels it (idle), any other answer lets the agent go on. */
  readonly outcome: 'working' | 'idle'
  readonly key: AnswerKey | null
  /** Why, for evidence: the key or the report. */
  readonly evidence: Evidence
  /** The dialogs answered in this episode, by identity (emptied when the screen shows no dialog). */
  readonly dialogs: readonly string[]
}

/** A dialog's identity: two frames of the same dialog share it, a different dialog has its own. */
export function dialogIdentity(screen: Pick<DialogScreen, 'ruleId' | 'state' | 'dialog'>): string {
  const d = screen.dialog
  return `${screen.ruleId}|${screen.state}|${d ? `${d.kind}:${d.title}:${d.options.map((o) => o.label).join('|')}` : ''}`
}

/**
 * A free-text option: its digit opens an input inside the dialog, nothing is answered yet. Besides
 * these common labels, the agent's own (dialogKeys.freeText: Gemini CLI's "Enter a custom value").
 */
const FREE_TEXT = /^type (?:something|your own|an answer|a reply)/i

/** Does `key` (`digit`: the option of that number) answer this dialog, by the agent's table? */
function answers(dialog: DialogInfo, key: AnswerKey, digit: string | undefined, table: DialogAnswers, freeText: RegExp | null | undefined): boolean {
  if (!table.keys[dialog.kind]?.includes(key)) return false
  // Check boxes: Enter and digits toggle one; one question of several: an answer moves to the next.
  // The agent still waits: the answer is a later step (Submit, the review tab).
  if ((dialog.multiSelect || dialog.moreSteps) && key !== 'escape') return false
  if (key !== 'digit') return true
  if (dialog.choose === 'arrows') return false
  const option = dialog.options.find((o) => o.key === digit)
  return option !== undefined && !FREE_TEXT.test(option.label) && freeText?.test(option.label) !== true
}

const KEY_NAMES: Record<AnswerKey, string> = { enter: 'Enter', escape: 'Esc', digit: 'the digit' }

/**
 * `key` was typed while `screen` was live, `pending` the agent's dialog report the screen has not
 * drawn yet: the memory after it. Esc on a reported dialog not drawn yet cancels it too (2.1.332's
 * plan dialog once left the badge stuck until exit: no hook says so).
 */
export function noteAnswerKey(
  prev: Answered | null,
  screen: DialogScreen | null,
  pending: AgentReport | null,
  key: AnswerKey,
  digit: string | undefined,
  at: number,
  table: DialogAnswers | null | undefined,
  freeText?: RegExp | null,
): Answered | null {
  if (!table) return prev
  if (!screen || !isDialogState(screen.state) || !screen.dialog) {
    const cancels = key === 'escape' && pending !== null && Object.values(table.keys).some((keys) => keys?.includes('escape'))
    return cancels
      ? {
          at,
          outcome: 'idle',
          key,
          evidence: { source: 'input', at, detail: `Esc typed before the reported dialog was drawn (${pending.event}): it is cancelled` },
          dialogs: prev?.dialogs ?? [],
        }
      : prev
  }
  const dialog = screen.dialog
  if (!answers(dialog, key, digit, table, freeText)) return prev
  const id = dialogIdentity(screen)
  const dialogs = prev?.dialogs.includes(id) ? prev.dialogs : [...(prev?.dialogs ?? []), id]
  const name = key === 'digit' ? `${digit}` : KEY_NAMES[key]
  const what = key === 'escape' ? 'cancelled' : 'answered'
  return {
    at,
    outcome: key === 'escape' ? 'idle' : 'working',
    key,
    dialogs,
    evidence: {
      source: 'input',
      at,
      detail: `${name} typed into the ${dialog.kind} dialog "${dialog.title}": ${what}, the agent has not taken it off the screen yet`,
    },
  }
}

/** The agent reported the dialog on screen answered (OpenCode's permission.replied, 6–54 ms after the key, up to 1.25 s under load). */
export function noteAnswerReport(prev: Answered | null, screen: DialogScreen | null, report: AgentReport): Answered {
  const id = screen && isDialogState(screen.state) ? dialogIdentity(screen) : null
  const dialogs = id === null || prev?.dialogs.includes(id) ? (prev?.dialogs ?? []) : [...(prev?.dialogs ?? []), id]
  return {
    at: report.at,
    outcome: 'working',
    key: null,
    dialogs,
    evidence: { source: 'hook', at: report.at, detail: `${report.detail}: answered, the agent has not taken the dialog off the screen yet` },
  }
}

const ruleOf = (identity: string) => identity.slice(0, identity.indexOf('|'))

/**
 * A screen that shows no dialog ends the episode: which dialogs were answered is forgotten (the
 * time stays, for a reported dialog Esc cancelled). A dialog asked once per start is kept through
 * the agent's work frames (table.askedOnce).
 */
export function noteScreenState(prev: Answered | null, state: string, table?: DialogAnswers | null): Answered | null {
  if (!prev || isDialogState(state) || !prev.dialogs.length) return prev
  const kept = state === 'working' ? prev.dialogs.filter((id) => table?.askedOnce?.includes(ruleOf(id))) : []
  return kept.length === prev.dialogs.length ? prev : { ...prev, dialogs: kept }
}

/**
 * The answer that makes the dialog on `screen` stale now, or null when the dialog counts:
 * a frame not redrawn since the answer, or (agents that redraw what they answered) a dialog
 * answered in this episode. A dialog the agent reports after the answer (`dialogReportAt`) is a
 * new ask; past HoldMs a dialog still drawn counts again; after Esc the dialog keeps counting
 * for EscapeHoldMs (the agent usually redraws by then). `holdMs`: the agent's own hold (its report
 * table's answerHoldMs: Gemini CLI keeps its trust box drawn 2.2 s after the digit).
 */
export function staleDialog(
  a: Answered | null,
  screen: DialogScreen,
  dialogReportAt: number | null,
  now: number,
  table: DialogAnswers | null | undefined,
  holdMs: number = AnswerConstants.HoldMs,
): Answered | null {
  if (!a || !isDialogState(screen.state)) return null
  if (dialogReportAt !== null && dialogReportAt > a.at) return null
  // Asked once per start, answered, and back after the agent's own work frames (noteScreenState
  // kept it through them): the answered box left drawn, however late. Drawn all along, the hold
  // below applies: past it the key was not taken and the box asks again.
  if (table?.askedOnce?.includes(screen.ruleId) && a.outcome === 'working' && screen.since > a.at && a.dialogs.includes(dialogIdentity(screen))) return a
  if (now - a.at >= holdMs) return null
  const notRedrawn = screen.since <= a.at
  const redrawnAnswered = table?.redrawsAnswered === true && a.dialogs.includes(dialogIdentity(screen))
  if (!notRedrawn && !redrawnAnswered) return null
  if (a.outcome === 'idle' && now - a.at < AnswerConstants.EscapeHoldMs) return null
  return a
}

/** When time alone changes what the answer means: the Esc hold ends, the hold ends. */
export function answerDeadlines(a: Answered | null, holdMs: number = AnswerConstants.HoldMs): number[] {
  if (!a) return []
  return a.outcome === 'idle' ? [a.at + AnswerConstants.EscapeHoldMs, a.at + holdMs] : [a.at + holdMs]
}
