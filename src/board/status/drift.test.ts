import { describe, expect, it } from 'vitest'
import { VirtualClock } from '../../core/lifecycle/clock'
import { evaluateRules } from '../../core/rules/evaluateRules'
import type { ScreenView } from '../../core/rules/ruleTypes'
import { DriftConstants } from '../../core/status/drift'
import { realScreen } from './__fixtures__/screens'
import { ruleBasis, type PaneDrift } from './driftMonitor'
import { PaneStatus } from './paneStatus'
import { AgentCatalog } from '../agents/agentCatalog'
import { findAgentsDir } from './ruleRegistry'
import { StatusEngine } from './statusEngine'

const registry = AgentCatalog.loadStrict(findAgentsDir(__dirname)!)
const LIMIT = DriftConstants.UnmatchedMs

/** A real screen of another agent: what a redesigned UI looks like to rules that do not know it. */
const foreign = realScreen('codex-idle')

/** The real start-up screen with the banner of a newer release. */
const newerBanner = (): ScreenView => {
  const view = realScreen('claude-idle-startup')
  return { ...view, lines: view.lines.map((l) => l.replace('Claude Code v2.1.197', 'Claude Code v2.2.0')) }
}

function setup(agent: string, first: ScreenView, rootIsShell = false) {
  const clock = new VirtualClock(0)
  let screen = first
  const log: string[] = []
  const engine = new StatusEngine({
    clock,
    agents: registry,
    agent,
    rules: registry.rulesOf(agent),
    basis: ruleBasis(registry.ruleFile(agent)),
    context: { rootIsShell },
    screen: () => screen,
    log: (line) => log.push(line),
  })
  const drifts: (PaneDrift | null)[] = []
  engine.onDidChangeDrift((d) => drifts.push(d))
  const show = (view: ScreenView) => {
    screen = view
    engine.screenChanged()
    clock.advance(16)
  }
  show(first)
  return { clock, engine, drifts, log, show }
}

describe('drift warning', () => {
  it('the real screens of another agent match none of the claude rules (the stand-in for a new UI)', () => {
    expect(evaluateRules(registry.rulesOf('claude'), foreign)).toBeNull()
  })

  it('warns when the agent’s screen has matched none of its rules for 10 s, keeping that screen, and ends when a rule matches', () => {
    const t = setup('claude', realScreen('claude-idle-startup'))
    expect(t.engine.explain().agentVersion).toMatchObject({ version: '2.1.197', source: 'screen' })
    t.show(foreign)
    const from = t.clock.now()
    t.clock.advance(LIMIT - 100)
    expect(t.engine.drift).toBeNull()
    expect(t.engine.verdict.state).toBe('unknown')
    // No screen change needed: the engine wakes up on its own when the limit is reached.
    t.clock.advance(200)
    expect(t.drifts).toHaveLength(1)
    expect(t.engine.drift).toMatchObject({ reason: 'unmatched-screen', since: from })
    expect(t.engine.drift!.screen.lines).toEqual(foreign.lines)
    expect(t.log.at(-1)).toMatch(/^drift: unmatched-screen: the screen has matched none of the \d+ claude screen rules for 10 s/)
    // Later frames do not restart or repeat it.
    t.show({ ...foreign, title: 'something else' })
    t.clock.advance(LIMIT)
    expect(t.drifts).toHaveLength(1)
    t.show(realScreen('claude-working'))
    expect(t.engine.drift).toBeNull()
    expect(t.drifts.at(-1)).toBeNull()
    // The screen stays available for the bug report.
    expect(t.engine.explain().drift?.screen.lines).toEqual(foreign.lines)
  })

  it('stays quiet while the shell is in front, and counts from when the agent comes back', () => {
    const t = setup('claude', realScreen('claude-idle-startup'), true)
    t.engine.process({ kind: 'foreground', at: t.clock.now(), program: { pid: 1, argv: ['bash'], isRoot: true } })
    t.show(foreign)
    t.clock.advance(LIMIT * 3)
    expect(t.drifts).toEqual([])
    t.engine.process({ kind: 'foreground', at: t.clock.now(), program: { pid: 7, argv: ['claude'], isRoot: false } })
    expect(t.engine.drift).toBeNull()
    t.clock.advance(LIMIT)
    expect(t.engine.drift?.reason).toBe('unmatched-screen')
    t.engine.process({ kind: 'foreground', at: t.clock.now(), program: { pid: 9, argv: ['vim', 'notes.md'], isRoot: false } })
    expect(t.engine.drift).toBeNull()
  })

  it('raises no drift after the agent exits, and leaves no timer behind', () => {
    const t = setup('claude', realScreen('claude-idle-startup'))
    t.show(foreign)
    t.engine.process({ kind: 'exit', at: t.clock.now(), code: 0, signal: null })
    t.clock.advance(LIMIT * 2)
    expect(t.drifts).toEqual([])
    expect(t.clock.pendingTimers).toBe(0)
  })

  it('warns when the banner names a newer version than the rules were verified on; verdicts are unaffected', () => {
    const t = setup('claude', newerBanner())
    expect(t.engine.verdict.state).toBe('idle')
    expect(t.engine.drift).toMatchObject({ reason: 'newer-version', since: 16 })
    expect(t.engine.drift!.detail).toMatch(/^claude 2\.2\.0 \(from its screen\) is newer than 2\.1\.197 - 2\.1\.332 \(screen rules, report table\)/)
    // A reload with the shipped rules re-verified on 2.2.0: the report table is still older.
    const basis = ruleBasis(registry.ruleFile('claude'))!
    t.engine.setRules(registry.rulesOf('claude'), { ...basis, verifiedOn: '2.2.0' })
    t.clock.advance(16)
    expect(t.engine.drift?.detail).toMatch(/newer than 2\.1\.197 - 2\.1\.332 \(report table\), the version it/)
    // The user checked 2.2.0 and said so in their override (verified_on): the warning ends.
    t.engine.setRules(registry.rulesOf('claude'), { ...basis, userVerifiedOn: '2.2.0' })
    t.clock.advance(16)
    expect(t.engine.drift).toBeNull()
    expect(t.drifts.map((d) => d?.reason ?? null)).toEqual(['newer-version', 'newer-version', null])
  })

  it('reads the version from reports that carry one (OpenCode’s session info)', () => {
    const t = setup('opencode', realScreen('opencode-home'))
    const created = (version: string) => ({ sessionID: 'ses_1', info: { id: 'ses_1', slug: 'calm-star', version, projectID: 'global', agent: 'build' } })
    t.engine.report('session.created', created('1.18.33'))
    expect(t.engine.drift).toBeNull()
    expect(t.engine.explain().agentVersion).toMatchObject({ version: '1.18.33', source: 'report session.created' })
    t.engine.report('session.updated', created('1.19.0'))
    expect(t.engine.drift).toMatchObject({ reason: 'newer-version' })
    expect(t.engine.drift!.detail).toMatch(/^opencode 1\.19\.0 \(from its report session\.updated\) is newer than 1\.18\.33 \(screen rules, report table\)/)
  })

  it('PaneStatus forwards drift and ends it when another agent takes the pane', () => {
    const clock = new VirtualClock(0)
    let screen: ScreenView = realScreen('claude-idle-startup')
    const status = new PaneStatus({
      clock,
      context: { rootIsShell: true },
      argv: ['bash'],
      agents: registry,
      screen: () => screen,
      log: () => {},
    })
    const drifts: (string | null)[] = []
    status.onDidChangeDrift((d) => drifts.push(d?.reason ?? null))
    status.process({ kind: 'foreground', at: 0, program: { pid: 5, argv: ['claude'], isRoot: false } })
    screen = newerBanner()
    status.screenChanged()
    clock.advance(16)
    expect(status.facts().drift?.reason).toBe('newer-version')
    screen = realScreen('pi-idle')
    status.process({ kind: 'foreground', at: clock.now(), program: { pid: 6, argv: ['pi'], isRoot: false } })
    clock.advance(16)
    expect(status.facts().drift).toBeNull()
    expect(drifts).toEqual(['newer-version', null])
    status.dispose()
    expect(clock.pendingTimers).toBe(0)
  })
})
