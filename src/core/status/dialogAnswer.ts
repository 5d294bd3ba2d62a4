import type { Evidence } from '../../shared/domain/pane'
import type { AnswerKey, DialogAnswerKeys } from '../agents/agentKnowledge'
import type { ScreenMemo } from './statusMemory'

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
  /** The dialog it was typed into, for evidence. */
  readonly kind: string
  readonly title: string
  /** Every dialog answered in this episode, by identity. */
  readonly answered: readonly string[]
}

export const enum DialogAnswerConstants {
  /**
   * How long after the key a dialog the user answered may stay drawn without counting: above the
   * 1.37 s OpenCode kept its answered dialog up at load average ~10 on two cores (permission.replied
   * after 1.25 s), the same bound as an Esc's dismiss grace (StatusConstants.DismissGraceMs).
   */
  AnswerHoldMs = 2000,
}

const isDialog = (state: string): boolean => state === 'blocked' || state === 'question'

/** A dialog's identity: two frames of the same dialog share it, a different dialog has its own. */
export function dialogIdentity(screen: ScreenMemo): string {
  const d = screen.dialog
  return `${screen.ruleId}|${screen.state}|${d ? `${d.kind}:${d.title}:${d.options.map((o) => o.label).join('|')}` : ''}`
}

/** `key` was typed while `screen` was live: an answer when the agent's table says so for the dialog's kind. */
export function noteAnswerKey(prev: DialogAnswer | null, screen: ScreenMemo | null, key: AnswerKey, at: number, keys: DialogAnswerKeys | null | undefined): DialogAnswer | null {
  if (!keys || !screen || !isDialog(screen.state) || !screen.dialog) return prev
  if (!keys[screen.dialog.kind]?.includes(key)) return prev
  const id = dialogIdentity(screen)
  const answered = prev?.answered.includes(id) ? prev.answered : [...(prev?.answered ?? []), id]
  return { at, key, kind: screen.dialog.kind, title: screen.dialog.title, answered }
}

/** A screen that shows no dialog ends the episode: its answers are forgotten. */
export function noteScreenState(prev: DialogAnswer | null, state: string): DialogAnswer | null {
  return prev && !isDialog(state) ? null : prev
}

/**
 * The answer that makes the dialog on `screen` stale now, with its evidence; null when the dialog
 * counts. `dialogReportAt`: when the agent last reported a dialog (a new ask after the key is real).
 */
export function staleDialog(a: DialogAnswer | null, screen: ScreenMemo, dialogReportAt: number | null, now: number): Evidence | null {
  if (!a || !isDialog(screen.state) || now - a.at >= DialogAnswerConstants.AnswerHoldMs) return null
  if (dialogReportAt !== null && dialogReportAt > a.at) return null
  if (!a.answered.includes(dialogIdentity(screen))) return null
  const key = a.key === 'enter' ? 'Enter' : 'Esc'
  return { source: 'input', at: a.at, detail: `${key} typed into the ${a.kind} dialog "${a.title}": answered, the agent has not taken it off the screen yet` }
}
