import type { Evidence, Verdict } from '../../shared/domain/pane'
import type { RuleMatch } from '../rules/ruleTypes'
import { decideStatus, liveScreen, type Decision } from './decideStatus'
import { DialogAnswerConstants, noteAnswerKey, noteScreenState } from './dialogAnswer'
import { reduceProcessStatus } from './reduceProcessStatus'
import type { ScreenSignal, StatusSignal, TerminalStateSignal } from './signals'
import { StatusConstants, type ScreenMemo, type StatusContext, type StatusMemory } from './statusMemory'

const dialogKey = (d: RuleMatch['dialog'] | undefined) => (d ? `${d.kind}:${d.title}:${d.options.map((o) => o.label).join('|')}` : '')

function noteScreen(m: StatusMemory, signal: ScreenSignal): StatusMemory {
  const match: RuleMatch | null = signal.match
  if (!match) return m.unmatchedSince === null ? { ...m, unmatchedSince: signal.at } : m
  const prev = m.screen
  // `since` moves only when the screen's state changes: later frames of the same state (spinner
  // ticks, streamed text) confirm it, they do not restart it.
  // A different dialog in the same state (auto mode's notice, then its confirmation) is a new one.
  const dialog = match.state === 'blocked' || match.state === 'question'
  const same = prev !== null && prev.state === match.state && (!dialog || (prev.ruleId === match.ruleId && dialogKey(prev.dialog) === dialogKey(match.dialog)))
  const since = same ? prev.since : signal.at
  const screen: ScreenMemo = { state: match.state, since, ruleId: match.ruleId, text: match.text, fromTitle: match.fromTitle, ...(match.dialog ? { dialog: match.dialog } : {}) }
  return {
    ...m,
    screen,
    unmatchedSince: null,
    dialogSeenAt: dialog ? signal.at : m.dialogSeenAt,
    screenWorkingFrom: match.state === 'working' && since === signal.at ? signal.at : m.screenWorkingFrom,
    dialogAnswer: noteScreenState(m.dialogAnswer, match.state),
  }
}

function noteTerminal(m: StatusMemory, signal: TerminalStateSignal): StatusMemory {
  const same = m.terminal && m.terminal.state.state === signal.state.state
  const since = same && m.terminal ? m.terminal.since : signal.at
  return {
    ...m,
    terminal: { state: signal.state, raw: signal.raw, since },
    terminalWorkingFrom: signal.state.state === 'working' && !same ? signal.at : m.terminalWorkingFrom,
  }
}

/** Esc, Enter or an option's digit: a dialog's answer where the agent's tables say so. */
function noteDialogKey(m: StatusMemory, key: 'escape' | 'enter' | 'digit', at: number, ctx: StatusContext, option?: string): StatusMemory {
  const dialogAnswer = noteAnswerKey(m.dialogAnswer, liveScreen(m, at), key, at, ctx.answerKeys, option, ctx.freeTextOption)
  const next = dialogAnswer === m.dialogAnswer ? m : { ...m, dialogAnswer }
  if (!ctx.escapeCancelsDialog || key === 'digit') return next
  return key === 'escape' ? { ...next, escapeAt: at } : { ...next, enterAt: at }
}

/** Folds one signal into the channel it belongs to. */
function note(m: StatusMemory, signal: StatusSignal, ctx: StatusContext): StatusMemory {
  switch (signal.kind) {
    case 'spawned':
    case 'foreground':
    case 'exit': {
      const process = reduceProcessStatus(m.process, signal, ctx)
      return process === m.process ? m : { ...m, process }
    }
    case 'screen':
      return noteScreen(m, signal)
    case 'report':
      if (signal.report.effect === 'reinforce') return { ...m, reinforcement: signal.report }
      return signal.report.effect === 'answered' ? { ...m, report: signal.report, answered: signal.report } : { ...m, report: signal.report }
    case 'terminal':
      return noteTerminal(m, signal)
    case 'tick':
      return m
    case 'resize':
      return { ...m, resizedAt: signal.at }
    case 'input':
      if (signal.key === 'submit') return ctx.enterSubmitsPrompt ? { ...m, submitAt: signal.at, lineAt: signal.at } : m
      if (signal.key === 'command') return ctx.enterSubmitsPrompt ? { ...m, lineAt: signal.at } : m
      return noteDialogKey(m, signal.key, signal.at, ctx, signal.option)
  }
}

/** Same decision for the user: same state, decided by the same rule or event. */
function sameReason(a: readonly Evidence[], b: readonly Evidence[]): boolean {
  const key = (e: Evidence | undefined) => (e ? `${e.source}:${e.detail.split(':')[0]}` : '')
  return key(a[0]) === key(b[0])
}

function verdictFor(prev: Verdict, decision: Decision, at: number): Verdict {
  if (prev.state === decision.state) return sameReason(prev.evidence, decision.evidence) ? prev : { ...prev, evidence: decision.evidence }
  return { state: decision.state, since: at, evidence: decision.evidence }
}

/**
 * The status reducer: `(previous memory, signal, now) → memory`, where the memory holds the
 * verdict and the latest word of each channel (screen, agent reports, the agent's terminal state,
 * processes). Pure. The verdict object is kept (===) while neither its state nor the rule or event
 * behind it changes, so callers can fire events on real change only.
 */
export function reduceStatus(prev: StatusMemory, signal: StatusSignal, now: number, ctx: StatusContext): StatusMemory {
  // Only the process's own exit is final: an agent's exit report or goodbye screen can be followed
  // by more life (Claude's SessionEnd on /clear).
  if (prev.process.state === 'exited') return prev
  const m = note(prev, signal, ctx)
  const decided = decideStatus(m, now, ctx)
  // A screen read while the program has not repainted after a resize cannot end a dialog (entering
  // one is never held back).
  const held = prev.verdict.state === 'blocked' || prev.verdict.state === 'question'
  const settling = held && m.resizedAt !== null && now - m.resizedAt < StatusConstants.ResizeSettleMs
  const fromScreen = decided.evidence[0]?.source === 'screen' || decided.evidence[0]?.source === 'title'
  const decision = settling && fromScreen && decided.state !== prev.verdict.state ? { state: prev.verdict.state, evidence: prev.evidence } : decided
  const verdict = verdictFor(prev.verdict, decision, signal.at)
  if (m === prev && verdict === prev.verdict) return prev
  return { ...m, verdict, evidence: decision.evidence }
}

/**
 * When the decision could change with time alone (a screen matching nothing becomes
 * unrecognised; a reported dialog the screen never draws becomes a conflict); null when only a
 * new signal can change it. The engine sets a timer and sends a tick.
 */
export function nextDeadline(m: StatusMemory, now = -Infinity, ctx?: Pick<StatusContext, 'dialogDrawGraceMs' | 'answerHoldMs'>): number | null {
  const deadlines: number[] = []
  if (m.unmatchedSince !== null) deadlines.push(m.unmatchedSince + StatusConstants.UnmatchedHoldMs)
  if (m.report && (m.report.state === 'blocked' || m.report.state === 'question')) deadlines.push(m.report.at + (ctx?.dialogDrawGraceMs ?? StatusConstants.DialogDrawGraceMs))
  for (const key of [m.escapeAt, m.enterAt]) if (key !== null) deadlines.push(key + StatusConstants.DismissGraceMs)
  if (m.escapeAt !== null) deadlines.push(m.escapeAt + StatusConstants.DismissHoldMs)
  if (m.answered) deadlines.push(m.answered.at + StatusConstants.DismissGraceMs)
  if (m.dialogAnswer) deadlines.push(m.dialogAnswer.at + (ctx?.answerHoldMs ?? DialogAnswerConstants.AnswerHoldMs))
  if (m.resizedAt !== null) deadlines.push(m.resizedAt + StatusConstants.ResizeSettleMs)
  if (m.submitAt !== null) deadlines.push(m.submitAt + StatusConstants.SubmitGraceMs)
  // Only deadlines still ahead: a past one (an old report's draw grace) must not hide a later one.
  const ahead = deadlines.filter((d) => d > now)
  return ahead.length ? Math.min(...ahead) : null
}
