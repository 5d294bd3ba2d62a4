import { describe, expect, it } from 'vitest'
import { evaluateRules } from '../../core/rules/evaluateRules'
import { agentSignals, statusContext } from '../../core/status/agentSignals'
import { reduceStatus } from '../../core/status/reduceStatus'
import { emptyTracker, interpretReport, type ReportTracker } from '../../core/status/reports/interpretReport'
import type { StatusSignal } from '../../core/status/signals'
import { initialMemory, type StatusMemory } from '../../core/status/statusMemory'
import { realScreen } from './__fixtures__/screens'
import { AgentCatalog } from '../agents/agentCatalog'
import { findAgentsDir } from './ruleRegistry'

/**
 * Each rule of the status priority (decideStatus.ts), exercised with real screens (replayed from
 * the fixture recordings) and real payloads (from their hooks files, trimmed to the fields read).
 */
const registry = AgentCatalog.loadStrict(findAgentsDir(__dirname)!)

function pane(agent: string, rootIsShell = false) {
  const known = registry.knowledge(agent)
  const ctx = statusContext(agent, known, { rootIsShell }, registry.rulesOf(agent).length > 0)
  const signals = agentSignals(known)!
  let memory: StatusMemory = initialMemory(0)
  let tracker: ReportTracker = emptyTracker
  const apply = (signal: StatusSignal) => (memory = reduceStatus(memory, signal, signal.at, ctx))
  return {
    screen(at: number, name: string) {
      apply({ kind: 'screen', at, match: evaluateRules(registry.rulesOf(agent), realScreen(name)) })
      return this
    },
    report(at: number, event: string, payload: unknown = {}) {
      const out = interpretReport(signals.reports, tracker, { at, event, payload })
      tracker = out.tracker
      if (out.report) apply({ kind: 'report', at, report: out.report })
      return this
    },
    osc(at: number, data: string) {
      const state = signals.terminalState!.parse(data)!
      apply({ kind: 'terminal', at, state, raw: data })
      return this
    },
    signal(signal: StatusSignal) {
      apply(signal)
      return this
    },
    get state() {
      return memory.verdict.state
    },
    get evidence() {
      return memory.verdict.evidence
    },
  }
}

const stop = (message: string) => ({ hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: message })
const ASKED = 'I fixed the off-by-one bug in the parser and the failing test now passes. Should I also add a regression test?'

describe('status priority, on real screens', () => {
  it('1. the process exit ends everything, even with a dialog on screen', () => {
    const p = pane('claude').screen(1000, 'claude-permission').signal({ kind: 'exit', at: 2000, code: 0, signal: null })
    expect(p.state).toBe('exited')
    expect(p.screen(3000, 'claude-working').state).toBe('exited')
  })

  it("2. a shell pane's shell back in front beats the agent's last screen", () => {
    const p = pane('claude', true).screen(1000, 'claude-working')
    expect(p.state).toBe('working')
    p.signal({ kind: 'foreground', at: 2000, program: { pid: 10, argv: ['bash'], isRoot: true } })
    expect(p.state).toBe('idle')
    expect(p.evidence[0]?.detail).toContain('shell bash is back in front')
  })

  it('3. a dialog on screen is blocked/question whatever the reports say (and without any)', () => {
    expect(pane('claude').screen(1000, 'claude-permission').state).toBe('blocked')
    expect(pane('claude').report(900, 'PostToolUse', { tool_name: 'Bash' }).screen(1000, 'claude-permission').state).toBe('blocked')
    expect(pane('claude').report(900, 'Stop', stop('Done.')).screen(1000, 'claude-question').state).toBe('question')
    expect(pane('opencode').screen(1000, 'opencode-subagent-permission').state).toBe('blocked')
    expect(pane('pi').screen(1000, 'pi-permission').state).toBe('blocked')
  })

  it("4. the agent's goodbye screen or its exit report → working (shutting down), exited once the process ends", () => {
    const bye = pane('claude').screen(1000, 'claude-goodbye')
    expect(bye.state).toBe('working')
    expect(bye.evidence[0]!.detail).toMatch(/claude\.goodbye: .*\(shutting down: exited once its process ends\)/)
    expect(bye.signal({ kind: 'exit', at: 2300, code: 0, signal: null }).state).toBe('exited')
    expect(pane('claude').screen(1000, 'claude-idle-startup').report(2000, 'SessionEnd', { reason: 'prompt_input_exit' }).state).toBe('working')
    // /clear ends the session, not the process.
    expect(pane('claude').screen(1000, 'claude-idle-startup').report(2000, 'SessionEnd', { reason: 'clear' }).state).toBe('idle')
  })

  it("5. Codex's own OSC state outranks its blocking hooks (a slow PermissionRequest hook runs before the dialog)", () => {
    const p = pane('codex').screen(1000, 'codex-idle').osc(3000, 'state=working:app=codex').screen(3100, 'codex-working')
    p.report(5000, 'PermissionRequest', { tool_name: 'Bash' })
    expect(p.state).toBe('working')
    p.osc(6500, 'state=blocked:app=codex:kind=permission')
    expect(p.state).toBe('blocked')
    p.osc(8000, 'state=working:app=codex')
    expect(p.state).toBe('working')
    // Stop comes before `done`; `done` alone cannot tell a question from a statement.
    p.report(9000, 'Stop', stop('Which approach do you prefer, the quick one or the thorough one?'))
    expect(p.state).toBe('working')
    p.osc(9020, 'state=done:app=codex')
    expect(p.state).toBe('asked')
    // Typing in the composer turns `done` into `idle`: still the same unanswered question.
    p.osc(12000, 'state=idle:app=codex')
    expect(p.state).toBe('asked')
    expect(p.osc(13000, 'state=blocked:app=codex:kind=question').state).toBe('question')
  })

  it('6. a reported dialog counts until the screen shows it gone (Claude sends nothing on a rejection)', () => {
    const p = pane('claude').screen(1000, 'claude-working').report(1500, 'PreToolUse', { tool_name: 'Bash' })
    p.report(2000, 'PermissionRequest', { tool_name: 'Bash' })
    // Not drawn yet, the screen still shows the work: nothing to answer yet (2.1.332 draws 300–500 ms later).
    expect(p.state).toBe('working')
    p.screen(2040, 'claude-permission')
    expect(p.state).toBe('blocked')
    p.screen(9000, 'claude-rejected')
    expect(p.state).toBe('idle')
    // Answered Yes: the spinner is back, no hook until PostToolUse.
    const yes = pane('claude').screen(1000, 'claude-working').report(2000, 'PermissionRequest', { tool_name: 'Bash' }).screen(2040, 'claude-permission')
    expect(yes.screen(6000, 'claude-after-yes').state).toBe('working')
    // AskUserQuestion comes through PermissionRequest too; with no screen to wait for, at once.
    expect(pane('claude').report(2000, 'PermissionRequest', { tool_name: 'AskUserQuestion' }).state).toBe('question')
  })

  it('6b. a reported dialog the screen never draws while it keeps showing work: the report decides after the draw grace', () => {
    const p = pane('claude').screen(1000, 'claude-working').report(2000, 'PermissionRequest', { tool_name: 'Bash' })
    expect(p.state).toBe('working')
    p.signal({ kind: 'tick', at: 3599 })
    expect(p.state).toBe('working')
    p.signal({ kind: 'tick', at: 3600 })
    expect(p.state).toBe('blocked')
    expect(p.evidence.map((e) => e.detail).join(' ')).toContain('dialog not drawn')
  })

  it('6c. Esc on a dialog leaves blocked at once, drawn or not (issue 8: stuck blocked until exit after an Esc in plan and auto mode)', () => {
    const esc = { kind: 'input' as const, key: 'escape' as const }
    // Drawn: the dialog still on screen is being dismissed; the redraw confirms it.
    const drawn = pane('claude').screen(1000, 'claude-working').report(2000, 'PermissionRequest', { tool_name: 'Bash' }).screen(2040, 'claude-permission')
    expect(drawn.state).toBe('blocked')
    drawn.signal({ ...esc, at: 3000 })
    expect(drawn.state).toBe('blocked')
    drawn.signal({ kind: 'tick', at: 3150 })
    expect(drawn.state).toBe('idle')
    drawn.screen(3200, 'claude-rejected')
    expect(drawn.state).toBe('idle')
    // A dialog no rule recognised while the prompt box stayed on screen (2.1.332's plan approval
    // before its rule): only the hook said blocked, and nothing ever said it was over.
    const unseen = pane('claude').screen(1000, 'claude-idle-startup').report(2000, 'PermissionRequest', { tool_name: 'ExitPlanMode' })
    expect(unseen.state).toBe('blocked')
    unseen.screen(5000, 'claude-idle-startup')
    expect(unseen.state).toBe('blocked')
    unseen.signal({ ...esc, at: 6000 })
    expect(unseen.state).toBe('idle')
    // Esc did not close it: after the grace, the dialog on screen counts again.
    const kept = pane('claude').screen(1000, 'claude-permission')
    kept.signal({ ...esc, at: 2000 })
    kept.signal({ kind: 'tick', at: 2150 })
    expect(kept.state).toBe('idle')
    kept.signal({ kind: 'tick', at: 3000 })
    expect(kept.state).toBe('idle')
    // The grace is 2 s (Claude redrew 1.19 s after an Esc at load average 12).
    kept.signal({ kind: 'tick', at: 4000 })
    expect(kept.state).toBe('blocked')
    // Enter answers it: Claude works on while frames without a rule hold the dialog (issue 8: the
    // approved plan read blocked, then idle, for ~0.4–1.5 s while Claude worked).
    const yes = pane('claude').screen(1000, 'claude-permission')
    yes.signal({ kind: 'input', at: 2000, key: 'enter' })
    expect(yes.state).toBe('working')
    yes.signal({ kind: 'screen', at: 2100, match: null })
    expect(yes.state).toBe('working')
  })

  it('7. the screen still showing work beats a turn-end report (Stop hooks run under the spinner)', () => {
    const p = pane('claude').screen(1000, 'claude-working').report(4958, 'Stop', stop(ASKED))
    expect(p.state).toBe('working')
    p.screen(5092, 'claude-reply-question')
    expect(p.state).toBe('asked')
    expect(p.evidence[0]?.detail).toContain('regression test?')
  })

  it('8. the prompt on screen: a newer working report wins; else this turn’s Stop says asked or idle', () => {
    // OpenCode's first prompt: the home screen stays for ~1 s after the prompt reached the session.
    const oc = pane('opencode')
      .screen(2960, 'opencode-home')
      .report(4339, 'hook:chat.message', { input: { sessionID: 'ses_a' } })
    expect(oc.state).toBe('working')
    // An interrupt (Esc) sends no hook: the prompt coming back after the last report is idle.
    const esc = pane('claude').screen(1000, 'claude-working').report(2000, 'PostToolUse', { tool_name: 'Bash' }).screen(3000, 'claude-rejected')
    expect(esc.state).toBe('idle')
    // A question asked in an earlier turn is not this turn's: hooks lost, the turn ended with its
    // prompt back after an interrupt (the screen's last block is no reply).
    const p = pane('claude').screen(1000, 'claude-working').report(2000, 'Stop', stop(ASKED)).screen(2100, 'claude-reply-question')
    expect(p.state).toBe('asked')
    p.screen(5000, 'claude-working').screen(9000, 'claude-rejected')
    expect(p.state).toBe('idle')
    // The reply on screen asks, its Stop lost (or still on its way): asked from the screen itself.
    const lost = pane('claude').screen(1000, 'claude-working').screen(3000, 'claude-reply-question')
    expect(lost.state).toBe('asked')
    expect(lost.evidence[0]).toMatchObject({ source: 'screen', ask: 'Should I also add a regression test?' })
    expect(lost.evidence[0]!.detail).toMatch(/^rule claude\.reply-asks: /)
    // A Stop that knew the reply and says it asks nothing is believed over the screen.
    const told = pane('claude').screen(1000, 'claude-working').report(2000, 'Stop', stop('Done.')).screen(3000, 'claude-reply-question')
    expect(told.state).toBe('idle')
  })

  it('9. a screen that matches nothing falls back to the latest report, else unknown — never a silent idle', () => {
    const blank = { kind: 'screen' as const, match: null }
    const p = pane('claude').screen(1000, 'claude-working').report(1500, 'PostToolUse', { tool_name: 'Bash' })
    p.signal({ ...blank, at: 2000 })
    expect(p.state).toBe('working')
    p.signal({ kind: 'tick', at: 3600 })
    expect(p.state).toBe('working')
    expect(p.evidence[1]?.detail).toContain('matched no claude rule')
    const q = pane('pi')
      .screen(1000, 'pi-after-reply')
      .signal({ ...blank, at: 2000 })
    expect(q.state).toBe('idle')
    q.signal({ kind: 'tick', at: 3600 })
    expect(q.state).toBe('unknown')
  })

  it('ignores idle_prompt and subagent events', () => {
    const p = pane('claude').screen(1000, 'claude-working').report(2000, 'Stop', stop(ASKED)).screen(2100, 'claude-reply-question')
    p.report(62000, 'Notification', { notification_type: 'idle_prompt', message: 'Claude is waiting for your input' })
    p.report(63000, 'SubagentStop', {})
    expect(p.state).toBe('asked')
    // OpenCode: a child session's idle does not end the pane's turn; its permission blocks the pane.
    const oc = pane('opencode').screen(1000, 'opencode-working')
    oc.report(1100, 'session.created', { sessionID: 'ses_root', info: { id: 'ses_root' } })
    oc.report(1200, 'session.created', { sessionID: 'ses_child', info: { id: 'ses_child', parentID: 'ses_root' } })
    oc.report(1300, 'permission.asked', { id: 'per_1', sessionID: 'ses_child', permission: 'bash' })
    oc.signal({ kind: 'tick', at: 2900 })
    expect(oc.state).toBe('blocked')
    oc.report(4000, 'permission.replied', { sessionID: 'ses_child', requestID: 'per_1', reply: 'once' }).screen(4050, 'opencode-working')
    oc.report(5000, 'session.idle', { sessionID: 'ses_child' })
    oc.screen(5100, 'opencode-idle')
    // The screen went idle: this is the screen's verdict, not the child's report.
    expect(oc.state).toBe('idle')
    expect(oc.evidence[0]?.source).toBe('screen')
  })
})
