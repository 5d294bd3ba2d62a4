import type { Evidence, PaneState } from '../../shared/domain/pane'
import type { AgentReport } from './reports/interpretReport'
import { staleDialog } from './dialogAnswer'
import { StatusConstants, type ScreenMemo, type StatusContext, type StatusMemory, type TerminalMemo } from './statusMemory'

export interface Decision {
  readonly state: PaneState
  /** The deciding evidence first, then what supports or contradicts it. */
  readonly evidence: readonly Evidence[]
}

const isDialog = (s: string | null | undefined): s is 'blocked' | 'question' => s === 'blocked' || s === 'question'

function screenEvidence(s: ScreenMemo, extra = ''): Evidence {
  const dialog = s.dialog ? ` [${s.dialog.kind} "${s.dialog.title}": ${s.dialog.options.map((o) => `${o.key}=${o.label}`).join(', ')}]` : ''
  return { source: s.fromTitle ? 'title' : 'screen', at: s.since, detail: `rule ${s.ruleId}: "${s.text.slice(0, 120)}"${dialog}${extra}` }
}

function reportEvidence(r: AgentReport, extra = ''): Evidence {
  return r.ask ? { source: 'hook', at: r.at, detail: `${r.detail}${extra}`, ask: r.ask } : { source: 'hook', at: r.at, detail: `${r.detail}${extra}` }
}

function terminalEvidence(t: TerminalMemo): Evidence {
  return { source: 'osc', at: t.since, detail: `agent terminal state ${t.raw}` }
}

/** The screen as evidence now: a screen that has matched nothing for too long says nothing. */
export function liveScreen(m: StatusMemory, now: number): ScreenMemo | null {
  if (m.unmatchedSince !== null && now - m.unmatchedSince >= StatusConstants.UnmatchedHoldMs) return null
  return m.screen
}

/**
 * A reported dialog is over when the screen showed it and no longer does, or when the screen
 * moved on to work or the prompt after the report. Claude sends nothing on a rejection, and
 * nothing on approval until the tool finishes: only the screen can end its blocked.
 */
function reportedDialogIsOver(m: StatusMemory, r: AgentReport, screen: ScreenMemo | null): boolean {
  if (screen && isDialog(screen.state)) return false
  // Esc after the report cancelled the dialog, drawn or not (2.1.332's plan dialog and auto mode's
  // dialogs once left the badge stuck until exit: no hook says so, and the prompt never left).
  if (m.escapeAt !== null && m.escapeAt >= r.at) return true
  if (m.dialogSeenAt !== null && m.dialogSeenAt >= r.at) return true
  return screen !== null && (screen.state === 'working' || screen.state === 'idle') && screen.since > r.at
}

/**
 * The dialog still held on screen was answered by a key pressed since it appeared (Esc cancels,
 * Enter takes the option): until the agent redraws (60–400 ms; frames in between may match no
 * rule and hold the dialog) it no longer asks for the user. After the grace it counts again.
 */
function answeredDialog(m: StatusMemory, screen: ScreenMemo, now: number): Decision | null {
  const keys = [
    { at: m.escapeAt, state: 'idle' as const, detail: 'Esc pressed on the dialog: it is being dismissed' },
    { at: m.enterAt, state: 'working' as const, detail: 'Enter pressed on the dialog: the agent goes on' },
  ]
    .filter((k): k is { at: number; state: 'idle' | 'working'; detail: string } => k.at !== null && screen.since <= k.at && now - k.at < StatusConstants.DismissGraceMs)
    .filter((k) => k.state !== 'idle' || now - k.at >= StatusConstants.DismissHoldMs)
  const key = keys.sort((a, b) => b.at - a.at)[0]
  return key ? { state: key.state, evidence: [{ source: 'input', at: key.at, detail: key.detail }, screenEvidence(screen, ' (not redrawn yet)')] } : null
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
  if (screen && (screen.state !== 'idle' || screen.since > at)) return null
  const ev: Evidence = { source: 'input', at, detail: 'Enter on a typed prompt: the turn starts (the agent has not shown it yet)' }
  return { state: 'working', evidence: screen ? [ev, screenEvidence(screen, ' (not redrawn yet)')] : [ev] }
}

/**
 * The agent reported the dialog on screen answered (OpenCode's permission.replied, 6–54 ms after
 * the key) before redrawing it (up to 330 ms under load): it no longer asks for the user. Past
 * DismissGraceMs a dialog still drawn counts again.
 */
function reportedAnswer(m: StatusMemory, screen: ScreenMemo, now: number): Decision | null {
  // The busy status that follows the answer (30-500 ms later) replaces the latest report, not this.
  const r = m.answered
  if (!r || r.at < screen.since || now - r.at >= StatusConstants.DismissGraceMs) return null
  return { state: 'working', evidence: [reportEvidence(r), screenEvidence(screen, ' (not redrawn yet)')] }
}

/**
 * A dialog the user answered with a key typed into it (the agent's answerKeys), still or again on
 * screen: OpenCode redraws its first permission dialog after the Enter that confirms "Allow
 * always" and takes it away only with its report. Not waiting for the user (core/status/dialogAnswer.ts).
 */
function answeredByKey(m: StatusMemory, screen: ScreenMemo, now: number, holdMs: number | undefined): Decision | null {
  const dialogReportAt = m.report && isDialog(m.report.state) ? m.report.at : null
  const key = staleDialog(m.dialogAnswer, screen, dialogReportAt, now, holdMs)
  return key ? { state: 'working', evidence: [key, screenEvidence(screen, ' (answered, still drawn)')] } : null
}

/** The kind of turn end: the latest turn-end report, if it belongs to the turn that just ended. */
function turnEndKind(m: StatusMemory, workingFrom: number | null): { state: 'asked' | 'idle'; report: AgentReport | null } {
  const r = m.report
  if (r && r.effect === 'turnEnd' && (workingFrom === null || r.at >= workingFrom)) return { state: r.state === 'asked' ? 'asked' : 'idle', report: r }
  if (r && r.effect === 'interrupted' && (workingFrom === null || r.at >= workingFrom)) return { state: 'idle', report: r }
  return { state: 'idle', report: null }
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
      return { state: t.state.state, evidence: m.report && isDialog(m.report.state) ? [ev, reportEvidence(m.report)] : [ev] }
    case 'turnEnded': {
      const kind = turnEndKind(m, m.terminalWorkingFrom)
      return { state: kind.state, evidence: kind.report ? [ev, reportEvidence(kind.report)] : [ev] }
    }
    case 'gone':
      return { state: 'exited', evidence: [ev] }
  }
}

/**
 * The priority, from seed 001 (screen blocked > latest agent report > shell back in front > other
 * screen rules) corrected by the recordings:
 *  1. the process exited → exited
 *  2. a shell pane's shell is back in front → idle (the agent is gone; its screen is history)
 *  3. the screen shows a dialog → blocked/question (a hook can be late, lost, or never sent)
 *  4. the agent's goodbye screen or its exit report → exited
 *  5. the agent's own terminal state (Codex OSC 7501), when it writes one
 *  6. a reported dialog not yet over → blocked/question, once the screen has had time to draw it
 *     (while it still shows the work from before the report, for up to DialogDrawGraceMs: working)
 *  7. the screen shows work → working (a turn-end report does not beat a spinner still up: Claude's
 *     Stop hooks run with the spinner showing, a new turn's hook may still be on its way)
 *  8. the screen shows the prompt → a newer `working` report wins (the agent started before the
 *     screen caught up: OpenCode's first prompt); else the turn-end report of this turn decides
 *     asked vs idle (the screens are identical); else idle
 *  9. the screen says nothing → the latest report, else unknown (never a silent idle)
 */
export function decideStatus(m: StatusMemory, now: number, ctx: StatusContext): Decision {
  if (m.process.state === 'exited') return { state: 'exited', evidence: m.process.evidence }
  if (ctx.agent === null) return { state: m.process.state, evidence: m.process.evidence }
  if (ctx.rootIsShell && m.process.state === 'idle') return { state: 'idle', evidence: m.process.evidence }

  const screen = liveScreen(m, now)
  const r = m.report
  const answer = screen && isDialog(screen.state) ? (answeredDialog(m, screen, now) ?? reportedAnswer(m, screen, now) ?? answeredByKey(m, screen, now, ctx.answerHoldMs)) : null
  if (answer) return answer
  // A dialog read off the title alone has no kind (Codex's "Action Required"): the agent's own
  // terminal state has (kind=question at 60x20, where the question's screen rule once failed).
  const kindless = screen?.fromTitle === true && m.terminal !== null && isDialog(m.terminal.state.state)
  if (screen && isDialog(screen.state) && !kindless) {
    const support = m.reinforcement && m.reinforcement.at >= screen.since ? [reportEvidence(m.reinforcement)] : r && isDialog(r.state) ? [reportEvidence(r)] : []
    return { state: screen.state, evidence: [screenEvidence(screen), ...support] }
  }
  if (screen?.state === 'exited') return { state: 'exited', evidence: [screenEvidence(screen)] }
  if (r?.state === 'exited') return { state: 'exited', evidence: [reportEvidence(r, ' (process exit pending)')] }
  if (m.terminal) return fromTerminal(m, m.terminal)

  if (r && isDialog(r.state) && !reportedDialogIsOver(m, r, screen)) {
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
    return { state: 'working', evidence: r && r.at > screen.since ? [screenEvidence(screen), reportEvidence(r, ' (screen still shows work)')] : [screenEvidence(screen)] }
  }
  const submitted = submittedPrompt(m, screen, now)
  if (submitted) return submitted
  if (screen?.state === 'idle') {
    if (r?.state === 'working' && r.at > screen.since) return { state: 'working', evidence: [reportEvidence(r), screenEvidence(screen, ' (not redrawn yet)')] }
    const kind = turnEndKind(m, m.screenWorkingFrom)
    // A line entered since the reply that asked (OpenCode's `/exit`) is the user's answer to it.
    if (kind.state === 'asked' && kind.report && m.lineAt !== null && m.lineAt > kind.report.at) {
      return { state: 'idle', evidence: [{ source: 'input', at: m.lineAt, detail: 'a line was entered since the reply asked' }, screenEvidence(screen)] }
    }
    return { state: kind.state, evidence: kind.report ? [reportEvidence(kind.report), screenEvidence(screen)] : [screenEvidence(screen)] }
  }
  const unmatched: Evidence = {
    source: 'screen',
    at: m.unmatchedSince ?? now,
    detail: m.unmatchedSince === null ? 'no screen seen yet' : `the screen has matched no ${ctx.agent} rule for ${Math.round((now - m.unmatchedSince) / 100) / 10} s`,
  }
  if (r && r.state !== null && !(isDialog(r.state) && reportedDialogIsOver(m, r, screen))) return { state: r.state, evidence: [reportEvidence(r), unmatched] }
  // Nothing known yet is `starting` until the screen has had time to show something known.
  if (m.verdict.state === 'starting' && (m.unmatchedSince === null || !m.screen && now - m.unmatchedSince < StatusConstants.UnmatchedHoldMs)) {
    return { state: 'starting', evidence: m.verdict.evidence }
  }
  return { state: 'unknown', evidence: [unmatched] }
}
