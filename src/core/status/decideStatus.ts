import { isDialogState, type Evidence, type PaneState } from '../../shared/domain/pane'
import type { AgentReport } from './reports/interpretReport'
import { staleDialog } from './dialogAnswer'
import { StatusConstants, type ScreenMemo, type StatusContext, type StatusMemory, type TerminalMemo } from './statusMemory'

export interface Decision {
  readonly state: PaneState
  /** The deciding evidence first, then what supports or contradicts it. */
  readonly evidence: readonly Evidence[]
}

/** The prompt, under a reply that asks (`asked`) or not. */
const atPrompt = (s: ScreenMemo | null): s is ScreenMemo => s !== null && (s.state === 'idle' || s.state === 'asked')

function screenEvidence(s: ScreenMemo, extra = ''): Evidence {
  const dialog = s.dialog ? ` [${s.dialog.kind} "${s.dialog.title}": ${s.dialog.options.map((o) => `${o.key}=${o.label}`).join(', ')}]` : ''
  const what = s.unnamed ? `a dialog no rule names, found by its shape: "${s.text.slice(0, 120)}"` : `"${s.text.slice(0, 120)}"`
  return { source: s.fromTitle ? 'title' : 'screen', at: s.since, detail: `rule ${s.ruleId}: ${what}${dialog}${extra}` }
}

function reportEvidence(r: AgentReport, extra = ''): Evidence {
  return r.ask ? { source: 'hook', at: r.at, detail: `${r.detail}${extra}`, ask: r.ask } : { source: 'hook', at: r.at, detail: `${r.detail}${extra}` }
}

function terminalEvidence(t: TerminalMemo): Evidence {
  return { source: 'osc', at: t.since, detail: `agent terminal state ${t.raw}` }
}

/**
 * The screen as evidence now. A screen that has matched nothing for too long says nothing; one
 * that matches nothing since the agent reported a dialog says nothing at once: the hold is for
 * transitional frames while nothing was reported (a dialog variant no rule and no shape knows
 * was held as the work before it for 1.5 s, though its report had come).
 */
export function liveScreen(m: StatusMemory, now: number): ScreenMemo | null {
  if (m.unmatchedSince === null) return m.screen
  if (now - m.unmatchedSince >= StatusConstants.UnmatchedHoldMs) return null
  const r = m.report
  const reported = r !== null && isDialogState(r.state) && (m.screen === null || (r.at >= m.screen.since && !isDialogState(m.screen.state)))
  return reported ? null : m.screen
}

/**
 * A reported dialog is over when the screen showed it and no longer does, or when the screen
 * moved on to work or the prompt after the report. Claude sends nothing on a rejection, and
 * nothing on approval until the tool finishes: only the screen can end its blocked.
 */
function reportedDialogIsOver(m: StatusMemory, r: AgentReport, screen: ScreenMemo | null): boolean {
  if (screen && isDialogState(screen.state)) return false
  // Esc after the report cancelled the dialog, drawn or not (2.1.332's plan dialog and auto mode's
  // dialogs once left the badge stuck until exit: no hook says so, and the prompt never left).
  if (m.answer?.key === 'escape' && m.answer.at >= r.at) return true
  if (m.dialogSeenAt !== null && m.dialogSeenAt >= r.at) return true
  return screen !== null && (screen.state === 'working' || atPrompt(screen)) && screen.since > r.at
}

/**
 * The dialog still on screen was answered (core/status/dialogAnswer.ts): by a key typed into it
 * (Esc cancels, Enter or a digit takes an option) or by the agent's own report, and the agent has
 * not taken it away yet. It no longer asks for the user.
 */
function answeredDialog(m: StatusMemory, screen: ScreenMemo, now: number, ctx: StatusContext): Decision | null {
  const dialogReportAt = m.report && isDialogState(m.report.state) ? m.report.at : null
  const a = staleDialog(m.answer, screen, dialogReportAt, now, ctx.answers, ctx.answerHoldMs)
  return a ? { state: a.outcome, evidence: [a.evidence, screenEvidence(screen, ' (not redrawn yet)')] } : null
}

/**
 * A line typed at the prompt and submitted with Enter: the turn has started though neither the
 * screen (still the prompt, or a frame no rule knows) nor a report says so yet. Ends when either
 * speaks after the key, or after SubmitGraceMs.
 */
function submittedPrompt(m: StatusMemory, screen: ScreenMemo | null, now: number): Decision | null {
  const at = m.submitAt
  if (at === null || now - at >= StatusConstants.SubmitGraceMs) return null
  if (m.report && m.report.at >= at) return null
  if (screen && (!atPrompt(screen) || screen.since > at)) return null
  const ev: Evidence = {
    source: 'input',
    at,
    detail:
      m.submitted === 'quit'
        ? 'Enter on a command that ends the session: the agent shuts down (it has not shown it yet)'
        : 'Enter on a typed prompt: the turn starts (the agent has not shown it yet)',
  }
  return { state: 'working', evidence: screen ? [ev, screenEvidence(screen, ' (not redrawn yet)')] : [ev] }
}

/** The kind of turn end: the latest turn-end report, if it belongs to the turn that just ended (whatever reports came after it). */
function turnEndKind(m: StatusMemory, workingFrom: number | null): { state: 'asked' | 'idle'; report: AgentReport | null } {
  const r = m.turnEnd
  if (!r || (workingFrom !== null && r.at < workingFrom) || (m.turnStartAt !== null && r.at < m.turnStartAt)) return { state: 'idle', report: null }
  return { state: r.effect === 'turnEnd' && r.state === 'asked' ? 'asked' : 'idle', report: r }
}

/**
 * The agent's own terminal state (Codex OSC 7501) is its UI state machine, emitted with the frame
 * that shows it: it outranks hook reports, which Codex runs blocking and in series before the UI
 * changes (a 1.5 s hook delays the dialog by 1.5 s: codex-120x32-slowhooks).
 */
function fromTerminal(m: StatusMemory, t: TerminalMemo): Decision {
  const ev = terminalEvidence(t)
  switch (t.state.state) {
    case 'working':
      return { state: 'working', evidence: [ev] }
    case 'blocked':
    case 'question':
      return { state: t.state.state, evidence: m.report && isDialogState(m.report.state) ? [ev, reportEvidence(m.report)] : [ev] }
    case 'turnEnded': {
      const kind = turnEndKind(m, m.terminalWorkingFrom)
      return { state: kind.state, evidence: kind.report ? [ev, reportEvidence(kind.report)] : [ev] }
    }
    case 'gone':
      return { state: 'exited', evidence: [ev] }
    case 'unknown':
      // Never kept (reduceStatus drops it); the verdict stands.
      return { state: m.verdict.state, evidence: [ev] }
  }
}

/**
 * A pane whose screen is no longer read (its mirror froze): the agent's own word alone, its
 * terminal state or its latest report, and never a state the frozen screen would have given;
 * with neither, unknown. The evidence says why.
 */
function withoutScreen(m: StatusMemory, lost: NonNullable<StatusMemory['screenLost']>): Decision {
  const none: Evidence = { source: 'screen', at: lost.at, detail: `the screen is no longer read (${lost.why}): the agent's reports and processes decide` }
  if (m.terminal) {
    const d = fromTerminal(m, m.terminal)
    return { state: d.state, evidence: [...d.evidence, none] }
  }
  const r = m.report
  if (r?.state === 'exited') return { state: 'working', evidence: [reportEvidence(r, ' (shutting down: exited once its process ends)'), none] }
  // A reported dialog the user cancelled (no hook says so) is over; what came after, only the screen knew.
  if (r && r.state !== null && !(isDialogState(r.state) && reportedDialogIsOver(m, r, null))) return { state: r.state, evidence: [reportEvidence(r), none] }
  return { state: 'unknown', evidence: [none] }
}

/** Whether the screen, reports or the agent's own terminal state can decide; without an agent the process alone does. */
export const signalsDecide = (ctx: Pick<StatusContext, 'agent'>): boolean => ctx.agent !== null

/**
 * The priority, from seed 001 (screen blocked > latest agent report > shell back in front > other
 * screen rules) corrected by the recordings:
 *  1. the process exited → exited
 *  2. a shell pane's shell is back in front → idle (the agent is gone; its screen is history)
 *  3. the screen shows a dialog → blocked/question (a hook can be late, lost, or never sent)
 *  4. the agent's goodbye screen or its exit report → working: it is shutting down (exited at 1)
 *  5. the agent's own terminal state (Codex OSC 7501), when it writes one
 *  6. a reported dialog not yet over → blocked/question, once the screen has had time to draw it
 *     (while it still shows the work from before the report, for up to DialogDrawGraceMs: working)
 *  7. the screen shows work → working (a turn-end report does not beat a spinner still up: Claude's
 *     Stop hooks run with the spinner showing, a new turn's hook may still be on its way)
 *  8. the screen shows the prompt → a newer `working` report wins (the agent started before the
 *     screen caught up: OpenCode's first prompt); else asked when the turn-end report of this turn
 *     says so or the reply on screen ends with a question (unless that report knew the reply and
 *     says it does not); else idle
 *  9. the screen says nothing → the latest report, else unknown (never a silent idle)
 */
export function decideStatus(m: StatusMemory, now: number, ctx: StatusContext): Decision {
  if (m.process.state === 'exited') return { state: 'exited', evidence: m.process.evidence }
  if (!signalsDecide(ctx)) return { state: m.process.state, evidence: m.process.evidence }
  if (ctx.rootIsShell && m.process.state === 'idle') return { state: 'idle', evidence: m.process.evidence }

  if (m.screenLost) return withoutScreen(m, m.screenLost)
  const screen = liveScreen(m, now)
  const r = m.report
  const answer = screen && isDialogState(screen.state) ? answeredDialog(m, screen, now, ctx) : null
  if (answer) return answer
  // A dialog read off the title alone has no kind (Codex's "Action Required"): the agent's own
  // terminal state has (kind=question at 60x20, where the question's screen rule once failed).
  const kindless = screen?.fromTitle === true && m.terminal !== null && isDialogState(m.terminal.state.state)
  if (screen && isDialogState(screen.state) && !kindless) {
    const support =
      m.reinforcement && m.reinforcement.at >= screen.since ? [reportEvidence(m.reinforcement)] : r && isDialogState(r.state) ? [reportEvidence(r)] : []
    // A dialog no rule names has its kind from its words; the agent's report of it knows better.
    // (The latest report, if a dialog's, is this one's: any later event would have replaced it.)
    const state = screen.unnamed && r && isDialogState(r.state) && r.at >= (m.screenWorkingFrom ?? 0) ? r.state : screen.state
    return { state: state as 'blocked' | 'question', evidence: [screenEvidence(screen), ...support] }
  }
  // The goodbye screen or the exit report: the agent is shutting down, and exited once its
  // process is gone (1.3 s later at load 19: Claude 2.1.197 drew its goodbye at 50x16, then exited).
  if (screen?.state === 'exited') return { state: 'working', evidence: [screenEvidence(screen, ' (shutting down: exited once its process ends)')] }
  if (r?.state === 'exited') return { state: 'working', evidence: [reportEvidence(r, ' (shutting down: exited once its process ends)')] }
  if (m.terminal) {
    // A prompt submitted since the agent's own state last said its turn was over, before it says so.
    const submitted = m.terminal.state.state === 'turnEnded' && m.submitAt !== null && m.submitAt > m.terminal.since ? submittedPrompt(m, screen, now) : null
    return submitted ?? fromTerminal(m, m.terminal)
  }

  if (r && isDialogState(r.state) && !reportedDialogIsOver(m, r, screen)) {
    // The hook comes before the dialog is drawn (2.1.197: 30–70 ms; 2.1.332: 300–500 ms, with
    // "Waiting for permission…" under the spinner): while the screen keeps showing the work it
    // showed before the report, the user has nothing to answer yet. Past the grace the screen has
    // missed the dialog (a layout no rule knows): the report decides.
    if (screen?.state === 'working' && screen.since <= r.at && now - r.at < (ctx.dialogDrawGraceMs ?? StatusConstants.DialogDrawGraceMs)) {
      return { state: 'working', evidence: [screenEvidence(screen), reportEvidence(r, ' (dialog not drawn yet)')] }
    }
    return { state: r.state, evidence: screen ? [reportEvidence(r), screenEvidence(screen, ' (dialog not drawn)')] : [reportEvidence(r)] }
  }
  if (screen?.state === 'working') {
    return {
      state: 'working',
      evidence: r && r.at > screen.since ? [screenEvidence(screen), reportEvidence(r, ' (screen still shows work)')] : [screenEvidence(screen)],
    }
  }
  const submitted = submittedPrompt(m, screen, now)
  if (submitted) return submitted
  if (atPrompt(screen)) {
    if (r?.state === 'working' && r.at > screen.since) return { state: 'working', evidence: [reportEvidence(r), screenEvidence(screen, ' (not redrawn yet)')] }
    const kind = turnEndKind(m, m.screenWorkingFrom)
    // The reply on screen ends with a question (a rule read it): asked, in whatever order the
    // reports come, or before the turn's end report is in; unless that report knew the reply's
    // text and says it asks nothing. Only after a turn this pane saw: a transcript resumed at
    // start is not a question to the user now.
    // The reply read as asking stays so when the screen stops showing it while nothing new runs
    // (the user types; the slash menu covers it), until a line is entered (below).
    const asking = screen.state === 'asked' ? screen : m.screenAsked
    const seen =
      asking !== null && m.screenWorkingFrom !== null && asking.since > m.screenWorkingFrom && !(kind.report?.replyKnown === true && kind.state === 'idle')
    const state = kind.state === 'asked' || seen ? 'asked' : 'idle'
    const since = Math.max(kind.report?.at ?? -Infinity, seen ? asking.since : -Infinity)
    // A line entered since the reply that asked (OpenCode's `/exit`) is the user's answer to it.
    if (state === 'asked' && m.lineAt !== null && m.lineAt > since) {
      return { state: 'idle', evidence: [{ source: 'input', at: m.lineAt, detail: 'a line was entered since the reply asked' }, screenEvidence(screen)] }
    }
    const onScreen = seen
      ? { ...screenEvidence(asking, asking === screen ? '' : ' (read before; the screen no longer shows it)'), ask: asking.text }
      : screenEvidence(screen)
    if (seen && kind.state !== 'asked') return { state, evidence: kind.report ? [onScreen, reportEvidence(kind.report)] : [onScreen] }
    return { state, evidence: kind.report ? [reportEvidence(kind.report), onScreen] : [onScreen] }
  }
  const unmatched: Evidence = {
    source: 'screen',
    at: m.unmatchedSince ?? now,
    detail:
      m.unmatchedSince === null ? 'no screen seen yet' : `the screen has matched no ${ctx.agent} rule for ${Math.round((now - m.unmatchedSince) / 100) / 10} s`,
  }
  if (r && r.state !== null && !(isDialogState(r.state) && reportedDialogIsOver(m, r, screen)))
    return { state: r.state, evidence: [reportEvidence(r), unmatched] }
  // Nothing known yet is `starting` until the screen has had time to show something known.
  if (m.verdict.state === 'starting' && (m.unmatchedSince === null || (!m.screen && now - m.unmatchedSince < StatusConstants.UnmatchedHoldMs))) {
    return { state: 'starting', evidence: m.verdict.evidence }
  }
  return { state: 'unknown', evidence: [unmatched] }
}
