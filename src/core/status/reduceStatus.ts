import type { Evidence, Verdict } from '../../shared/domain/pane'
import type { RuleMatch } from '../rules/ruleTypes'
import { decideStatus, liveScreen, type Decision } from './decideStatus'
import { answerDeadlines, noteAnswerKey, noteAnswerReport, noteScreenState } from './dialogAnswer'
import type { AgentReport } from './reports/interpretReport'
import { reduceProcessStatus } from './reduceProcessStatus'
import type { ScreenSignal, StatusSignal, TerminalStateSignal } from './signals'
import { StatusConstants, type ScreenMemo, type StatusContext, type StatusMemory } from './statusMemory'

const dialogKey = (d: RuleMatch['dialog'] | undefined) => (d ? `${d.kind}:${d.title}:${d.options.map((o) => o.label).join('|')}` : '')

/**
 * When the work the screen now shows began. Normally at this frame; but work drawn under a dialog
 * the user answered, after the turn's end report already came (a quick tool: Stop 2 ms after the
 * key, the working frame read 10 ms later), is that turn's, drawn late: it began no later than the
 * report, so the report still ends it (else the turn's "asked" was taken for an older turn's).
 */
function workStart(m: StatusMemory, prev: ScreenMemo | null, at: number): number {
  const end = m.turnEnd
  const answeredDialog = prev !== null && (prev.state === 'blocked' || prev.state === 'question') && m.answer !== null
  if (end && answeredDialog && m.answer!.at <= end.at && end.at >= prev.since && end.at <= at) return end.at
  return at
}

function noteScreen(m: StatusMemory, signal: ScreenSignal, ctx: StatusContext): StatusMemory {
  if (m.screenLost) return m
  const match: RuleMatch | null = signal.match
  if (!match) return m.unmatchedSince === null ? { ...m, unmatchedSince: signal.at } : m
  const prev = m.screen
  // `since` moves only when the screen's state changes: later frames of the same state (spinner
  // ticks, streamed text) confirm it, they do not restart it.
  // A different dialog in the same state (auto mode's notice, then its confirmation) is a new one.
  const dialog = match.state === 'blocked' || match.state === 'question'
  const same = prev !== null && prev.state === match.state && (!dialog || (prev.ruleId === match.ruleId && dialogKey(prev.dialog) === dialogKey(match.dialog)))
  const since = same ? prev.since : signal.at
  const screen: ScreenMemo = {
    state: match.state,
    since,
    ruleId: match.ruleId,
    text: match.text,
    fromTitle: match.fromTitle,
    ...(match.dialog ? { dialog: match.dialog } : {}),
    ...(match.unnamed ? { unnamed: true } : {}),
  }
  return {
    ...m,
    screen,
    unmatchedSince: null,
    dialogSeenAt: dialog ? signal.at : m.dialogSeenAt,
    screenWorkingFrom: match.state === 'working' && since === signal.at ? workStart(m, prev, signal.at) : m.screenWorkingFrom,
    screenAsked: match.state === 'asked' ? screen : m.screenAsked,
    answer: noteScreenState(m.answer, match.state, ctx.answers),
  }
}

function noteTerminal(m: StatusMemory, signal: TerminalStateSignal): StatusMemory {
  // A state the parser does not know ends the one before: the screen and the reports decide.
  if (signal.state.state === 'unknown') return m.terminal === null ? m : { ...m, terminal: null }
  const same = m.terminal && m.terminal.state.state === signal.state.state
  const since = same && m.terminal ? m.terminal.since : signal.at
  return {
    ...m,
    terminal: { state: signal.state, raw: signal.raw, since },
    terminalWorkingFrom: signal.state.state === 'working' && !same ? signal.at : m.terminalWorkingFrom,
  }
}

const isDialogReport = (r: AgentReport | null): r is AgentReport => r !== null && (r.state === 'blocked' || r.state === 'question')

/** Esc, Enter or a digit: a dialog's answer where the agent's table says so. */
function noteDialogKey(m: StatusMemory, key: 'escape' | 'enter' | 'digit', digit: string | undefined, at: number, ctx: StatusContext): StatusMemory {
  const pending = isDialogReport(m.report) ? m.report : null
  const answer = noteAnswerKey(m.answer, liveScreen(m, at), pending, key, digit, at, ctx.answers, ctx.freeTextOption)
  return answer === m.answer ? m : { ...m, answer }
}

/** The turn this report belongs to has ended: a turn end came after the latest turn start. */
const turnEnded = (m: StatusMemory) => m.turnEnd !== null && (m.turnStartAt === null || m.turnEnd.at >= m.turnStartAt)

/**
 * A report into its channel. A turn's end is kept apart from what follows it in the same turn:
 * output drawn after the end report (Claude 2.1.332's final MessageDisplay, 18–85 ms after Stop)
 * neither reopens the turn nor hides its end, and its text completes an end that came without one.
 */
function noteReport(m: StatusMemory, report: AgentReport): StatusMemory {
  switch (report.effect) {
    case 'reinforce':
      return { ...m, reinforcement: report }
    case 'answered':
      return { ...m, report, answer: noteAnswerReport(m.answer, liveScreen(m, report.at), report) }
    case 'turnEnd':
    case 'interrupted':
      return { ...m, report, turnEnd: report }
    case 'progress': {
      if (!turnEnded(m)) return { ...m, report }
      const end = m.turnEnd!
      if (end.effect !== 'turnEnd' || end.replyKnown || !report.ask) return m
      return { ...m, turnEnd: { ...end, state: 'asked', ask: report.ask, detail: `${end.detail}; ${report.detail}`, replyKnown: true } }
    }
    default:
      return report.startsTurn ? { ...m, report, turnStartAt: report.at } : { ...m, report }
  }
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
      return noteScreen(m, signal, ctx)
    case 'report':
      return noteReport(m, signal.report)
    case 'terminal':
      return noteTerminal(m, signal)
    case 'tick':
      return m
    case 'resize':
      return { ...m, resizedAt: signal.at }
    case 'screenLost':
      // What the frozen screen showed is history: it decides nothing from now on.
      return m.screenLost ? m : { ...m, screenLost: { at: signal.at, why: signal.why }, screen: null, unmatchedSince: null }
    case 'input':
      if (signal.key === 'submit' || signal.key === 'quit')
        return ctx.enterSubmitsPrompt ? { ...m, submitAt: signal.at, submitted: signal.key === 'quit' ? 'quit' : 'prompt', lineAt: signal.at } : m
      if (signal.key === 'command') return ctx.enterSubmitsPrompt ? { ...m, lineAt: signal.at } : m
      return noteDialogKey(m, signal.key, signal.digit, signal.at, ctx)
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
  if (m.report && (m.report.state === 'blocked' || m.report.state === 'question'))
    deadlines.push(m.report.at + (ctx?.dialogDrawGraceMs ?? StatusConstants.DialogDrawGraceMs))
  deadlines.push(...answerDeadlines(m.answer, ctx?.answerHoldMs))
  if (m.resizedAt !== null) deadlines.push(m.resizedAt + StatusConstants.ResizeSettleMs)
  if (m.submitAt !== null) deadlines.push(m.submitAt + StatusConstants.SubmitGraceMs)
  // Only deadlines still ahead: a past one (an old report's draw grace) must not hide a later one.
  const ahead = deadlines.filter((d) => d > now)
  return ahead.length ? Math.min(...ahead) : null
}
