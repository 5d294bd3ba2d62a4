import type { Evidence } from '../../shared/domain/pane'
import type { AnswerKey, DialogAnswerKeys } from '../agents/agentKnowledge'
import type { DialogAnswer, ScreenMemo } from './statusMemory'

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

/** A digit answers when it names an option on screen that is not the question's free-text one. */
function digitChooses(screen: ScreenMemo, option: string | undefined, freeText: RegExp | null | undefined): boolean {
  const chosen = screen.dialog?.options.find((o) => o.key === option)
  return chosen !== undefined && !freeText?.test(chosen.label)
}

/**
 * `key` was typed while `screen` was live: an answer when the agent's table says so for the
 * dialog's kind. `option`: the digit typed, for `digit`.
 */
export function noteAnswerKey(
  prev: DialogAnswer | null,
  screen: ScreenMemo | null,
  key: AnswerKey,
  at: number,
  keys: DialogAnswerKeys | null | undefined,
  option?: string,
  freeText?: RegExp | null,
): DialogAnswer | null {
  if (!keys || !screen || !isDialog(screen.state) || !screen.dialog) return prev
  if (!keys[screen.dialog.kind]?.includes(key)) return prev
  if (key === 'digit' && !digitChooses(screen, option, freeText)) return prev
  const id = dialogIdentity(screen)
  const answered = prev?.answered.includes(id) ? prev.answered : [...(prev?.answered ?? []), id]
  return { at, key, ...(key === 'digit' ? { option } : {}), kind: screen.dialog.kind, title: screen.dialog.title, answered }
}

/** A screen that shows no dialog ends the episode: its answers are forgotten. */
export function noteScreenState(prev: DialogAnswer | null, state: string): DialogAnswer | null {
  return prev && !isDialog(state) ? null : prev
}

/**
 * The answer that makes the dialog on `screen` stale now, with its evidence; null when the dialog
 * counts. `dialogReportAt`: when the agent last reported a dialog (a new ask after the key is real);
 * `holdMs`: the agent's own hold (its report table's answerHoldMs).
 */
export function staleDialog(a: DialogAnswer | null, screen: ScreenMemo, dialogReportAt: number | null, now: number, holdMs: number = DialogAnswerConstants.AnswerHoldMs): Evidence | null {
  if (!a || !isDialog(screen.state) || now - a.at >= holdMs) return null
  if (dialogReportAt !== null && dialogReportAt > a.at) return null
  if (!a.answered.includes(dialogIdentity(screen))) return null
  const key = a.key === 'enter' ? 'Enter' : a.key === 'escape' ? 'Esc' : `${a.option ?? 'A digit'}`
  return { source: 'input', at: a.at, detail: `${key} typed into the ${a.kind} dialog "${a.title}": answered, the agent has not taken it off the screen yet` }
}
