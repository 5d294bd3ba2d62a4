import { describe, expect, it } from 'vitest'
import { VirtualClock } from '../../core/lifecycle/clock'
import type { ScreenView } from '../../core/rules/ruleTypes'
import { realScreen } from './__fixtures__/screens'
import { AgentCatalog } from '../agents/agentCatalog'
import { findAgentsDir } from './ruleRegistry'
import { StatusEngine, type EngineScreen } from './statusEngine'

const registry = AgentCatalog.loadStrict(findAgentsDir(__dirname)!)

function setup(agent: string, first: ScreenView) {
  const clock = new VirtualClock(0)
  let screen: EngineScreen = first
  let reads = 0
  const log: string[] = []
  const engine = new StatusEngine({
    clock,
    agents: registry,
    agent,
    rules: registry.rulesOf(agent),
    context: { rootIsShell: false },
    screen: () => (reads++, screen),
    log: (line) => log.push(line),
  })
  const changes: string[] = []
  engine.onDidChangeVerdict(({ previous, verdict }) => changes.push(`${previous.state}→${verdict.state}`))
  return {
    clock,
    engine,
    log,
    changes,
    show(view: EngineScreen) {
      screen = view
      engine.screenChanged()
    },
    get reads() {
      return reads
    },
  }
}

/** A shell pane's engine (no agent, no rules) over a recorded screen, and how often it read it. */
function shellPane(name: Parameters<typeof realScreen>[0]) {
  const clock = new VirtualClock(0)
  let reads = 0
  const engine = new StatusEngine({
    clock,
    agents: registry,
    agent: null,
    rules: [],
    context: { rootIsShell: true },
    screen: () => (reads++, realScreen(name)),
  })
  return { clock, engine, reads: () => reads }
}

describe('StatusEngine', () => {
  it('coalesces screen changes with a bounded delay: a spinner cannot postpone the evaluation', () => {
    const t = setup('claude', realScreen('claude-idle-startup'))
    t.engine.screenChanged()
    expect(t.engine.verdict.state).toBe('starting')
    t.clock.advance(16)
    expect(t.engine.verdict.state).toBe('idle')
    // Redraws every 5 ms for 100 ms: evaluated every ~16 ms, not once at the end.
    const before = t.reads
    for (let i = 0; i < 20; i++) {
      t.show(realScreen(i < 10 ? 'claude-idle-startup' : 'claude-permission'))
      t.clock.advance(5)
    }
    expect(t.reads - before).toBeGreaterThanOrEqual(5)
    expect(t.reads - before).toBeLessThanOrEqual(7)
    expect(t.engine.verdict.state).toBe('blocked')
    expect(t.changes).toEqual(['starting→idle', 'idle→blocked'])
    expect(t.log.at(-1)).toMatch(/^idle → blocked \(screen: rule claude\.permission-dialog: "Do you want to proceed\?"/)
  })

  it('evaluates on a shared 8 ms grid: panes changed within one step are read in one wake-up, 8–16 ms after their change', () => {
    const clock = new VirtualClock(1000)
    const reads: number[] = []
    const engines = [0, 3, 6].map(
      () =>
        new StatusEngine({
          clock,
          agents: registry,
          agent: 'claude',
          rules: registry.rulesOf('claude'),
          context: { rootIsShell: false },
          screen: () => (reads.push(clock.now()), realScreen('claude-idle-startup')),
        }),
    )
    engines[0]!.screenChanged()
    clock.advance(3)
    engines[1]!.screenChanged()
    clock.advance(3)
    engines[2]!.screenChanged()
    clock.advance(20)
    // Changed at 1000, 1003, 1006: read at 1016, 1016 and 1016 (the third 10 ms after its change).
    expect(reads).toEqual([1016, 1016, 1016])
    for (const e of engines) expect(e.verdict.state).toBe('idle')
    for (const e of engines) e.dispose()
  })

  it('waits for the end of a synchronized update before reading a frame, at most 100 ms', () => {
    const t = setup('opencode', realScreen('opencode-working'))
    t.show({ ...realScreen('opencode-permission'), synchronizing: true })
    t.clock.advance(50)
    expect(t.engine.verdict.state).toBe('starting')
    t.show(realScreen('opencode-permission'))
    t.clock.advance(20)
    expect(t.engine.verdict.state).toBe('blocked')
    // A frame that never closes is read anyway.
    const u = setup('opencode', realScreen('opencode-working'))
    u.show({ ...realScreen('opencode-working'), synchronizing: true })
    u.clock.advance(99)
    expect(u.engine.verdict.state).toBe('starting')
    u.clock.advance(40)
    expect(u.engine.verdict.state).toBe('working')
  })

  it('turns an unrecognised screen into unknown on its own clock, with the evidence', () => {
    const t = setup('pi', realScreen('pi-after-reply'))
    t.engine.screenChanged()
    t.clock.advance(20)
    expect(t.engine.verdict.state).toBe('idle')
    t.show({ lines: ['something new'], title: '', alternate: false })
    t.clock.advance(1000)
    expect(t.engine.verdict.state).toBe('idle')
    t.clock.advance(600)
    expect(t.engine.verdict.state).toBe('unknown')
    expect(t.engine.verdict.evidence[0]?.detail).toMatch(/matched no pi rule for 1\.5 s/)
  })

  it('hears Codex through its OSC and its hooks, and no one else through OSC 7501', () => {
    const t = setup('codex', realScreen('codex-working'))
    t.engine.osc(7501, 'state=working:app=codex')
    expect(t.engine.verdict.state).toBe('working')
    t.engine.report('Stop', { session_id: 's1', last_assistant_message: 'Which approach do you prefer?' })
    t.engine.osc(7501, 'state=done:app=codex')
    expect(t.engine.verdict.state).toBe('asked')
    expect(t.engine.sessionId).toBe('s1')
    const c = setup('claude', realScreen('claude-idle-startup'))
    c.engine.osc(7501, 'state=blocked:app=codex:kind=permission')
    expect(c.engine.verdict.state).toBe('starting')
  })

  it('explains: the verdict, its evidence and every rule on the current screen', () => {
    const t = setup('claude', realScreen('claude-question'))
    t.engine.input('\x1b[B')
    t.engine.input('hunter2-password\r')
    t.engine.screenChanged()
    t.clock.advance(16)
    const e = t.engine.explain()
    expect(e.verdict.state).toBe('question')
    expect(e.rules.find((r) => r.matched)?.ruleId).toBe('claude.question-dialog')
    // The shape agrees with the rule that names the dialog (which wins: it is tried first).
    expect(e.rules.filter((r) => r.matched).map((r) => r.ruleId)).toEqual(['claude.question-dialog', 'claude.dialog-question'])
    expect(e.rules).toHaveLength(registry.rulesOf('claude').length)
    // Only when something was typed, never what (a password typed into `read -s` is input too).
    expect(e.lastInputAt).toBe(t.clock.now() - 16)
    expect(JSON.stringify(e)).not.toContain('hunter2')
    expect(e.stats.evaluations).toBe(1)
  })

  it("Enter on one of the agent's exit commands is work until the goodbye (Gemini's /quit), any other /command is not", () => {
    const quit = (typed: readonly string[]) => {
      const t = setup('gemini', realScreen('gemini-idle'))
      t.engine.screenChanged()
      t.clock.advance(16)
      expect(t.engine.verdict.state).toBe('idle')
      for (const data of typed) t.engine.input(data)
      t.clock.advance(16)
      return t
    }
    // Typed key by key, with a slip taken back: working at the Enter, evidence from the key.
    const t = quit(['/', 'q', 'y', '\x7f', 'u', 'i', 't', '\r'])
    expect(t.engine.verdict.state).toBe('working')
    expect(t.engine.verdict.evidence[0]).toMatchObject({ source: 'input', detail: expect.stringContaining('a command that ends the session') })
    // The goodbye box: shutting down (working) until the process exits.
    t.show(realScreen('gemini-goodbye'))
    t.clock.advance(16)
    expect(t.engine.verdict.state).toBe('working')
    expect(t.engine.verdict.evidence[0]?.source).toBe('screen')
    // Other commands start nothing; a line edited with arrows is no longer known to be /quit.
    for (const typed of [
      ['/stats', '\r'],
      ['/quit now', '\r'],
      ['/qu', '\x1b[D', 'it', '\r'],
      ['/quitx', '\r'],
    ]) {
      expect(quit(typed).engine.verdict.state, typed.join('')).toBe('idle')
    }
  })

  it('exposes the open dialog for the answer box', () => {
    const t = setup('claude', realScreen('claude-permission'))
    t.engine.screenChanged()
    t.clock.advance(16)
    expect(t.engine.dialog?.options.map((o) => o.key)).toEqual(['1', '2', '3'])
    t.show(realScreen('claude-after-yes'))
    t.clock.advance(16)
    expect(t.engine.dialog).toBeNull()
  })

  it('keeps the process semantics for a pane without an agent (a shell)', () => {
    const { clock, engine } = shellPane('claude-working')
    engine.screenChanged()
    clock.advance(16)
    expect(engine.verdict.state).toBe('starting')
    engine.process({ kind: 'foreground', at: 20, program: { pid: 2, argv: ['sleep', '5'], isRoot: false } })
    expect(engine.verdict.state).toBe('working')
    engine.process({ kind: 'foreground', at: 30, program: { pid: 1, argv: ['bash'], isRoot: true } })
    expect(engine.verdict).toMatchObject({ state: 'idle', since: 30 })
    engine.process({ kind: 'exit', at: 40, code: 3, signal: null })
    expect(engine.verdict.evidence[0]?.detail).toBe('process ended: exit code 3')
  })

  it('reads no screen for a pane the screen cannot decide (no agent): its output sets no timer', () => {
    const { clock, engine, reads } = shellPane('claude-permission')
    for (let i = 0; i < 50; i++) {
      engine.screenChanged()
      expect(clock.pendingTimers).toBe(0)
      clock.advance(20)
    }
    engine.resized()
    clock.advance(20)
    expect(reads()).toBe(0)
    expect(engine.explain().stats.evaluations).toBe(0)
    engine.process({ kind: 'foreground', at: clock.now(), program: { pid: 2, argv: ['make'], isRoot: false } })
    expect(engine.verdict.state).toBe('working')
  })

  it('follows the process: exit is final', () => {
    const t = setup('claude', realScreen('claude-working'))
    t.engine.screenChanged()
    t.clock.advance(16)
    t.engine.process({ kind: 'exit', at: t.clock.now(), code: 0, signal: null })
    t.show(realScreen('claude-permission'))
    t.clock.advance(16)
    expect(t.engine.verdict.state).toBe('exited')
    expect(t.clock.pendingTimers).toBe(0)
  })
})
