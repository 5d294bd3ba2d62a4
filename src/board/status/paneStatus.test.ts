import { describe, expect, it } from 'vitest'
import { VirtualClock } from '../../core/lifecycle/clock'
import type { ScreenView } from '../../core/rules/ruleTypes'
import { realScreen } from './__fixtures__/screens'
import { PaneStatus } from './paneStatus'
import { AgentCatalog } from '../agents/agentCatalog'
import { findAgentsDir } from './ruleRegistry'

const registry = AgentCatalog.loadStrict(findAgentsDir(__dirname)!)

/** Issue 13: PaneStatus re-fired each engine's events; now its events are handed to each engine it runs. */
describe('PaneStatus events across an agent taking the pane', () => {
  it('reach the listeners it had before the swap, once per change, from the engine in charge', () => {
    const clock = new VirtualClock(0)
    let screen: ScreenView = realScreen('claude-permission')
    const status = new PaneStatus({
      clock,
      context: { rootIsShell: true },
      argv: ['bash'],
      agents: registry,
      screen: () => screen,
      log: () => {},
    })
    const changes: string[] = []
    let last = status.verdict
    let chained = true
    status.onDidChangeVerdict(({ previous, verdict }) => {
      // Each change starts where the one before it ended: no change is lost or told twice.
      chained &&= previous === last
      last = verdict
      changes.push(`${status.agent}: ${previous.state}→${verdict.state} (${verdict.evidence[0]?.source})`)
    })
    status.process({ kind: 'foreground', at: 0, program: { pid: 5, argv: ['claude'], isRoot: false } })
    clock.advance(16)
    screen = realScreen('codex-approval')
    status.process({ kind: 'foreground', at: clock.now(), program: { pid: 6, argv: ['codex'], isRoot: false } })
    clock.advance(16)
    expect(changes).toEqual([
      // The claude engine takes over from the shell's: the swap is the change.
      'claude: starting→starting (process)',
      'claude: starting→blocked (screen)',
      // codex takes over from claude: its engine starts afresh, then reads the codex dialog.
      'codex: blocked→starting (process)',
      'codex: starting→blocked (screen)',
    ])
    expect(chained).toBe(true)
    expect(last).toBe(status.verdict)
    status.dispose()
    expect(clock.pendingTimers).toBe(0)
  })
})
