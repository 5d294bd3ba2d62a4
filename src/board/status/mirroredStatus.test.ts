import { afterEach, describe, expect, it, vi } from 'vitest'
import { VirtualClock } from '../../core/lifecycle/clock'
import { HeadlessMirror } from '../screen/headlessMirror'
import { AgentCatalog } from '../agents/agentCatalog'
import { findAgentsDir } from './ruleRegistry'
import { lazyView, MirroredStatus } from './mirroredStatus'

const agents = AgentCatalog.loadStrict(findAgentsDir(__dirname)!)
const open: { dispose(): void }[] = []
afterEach(() => {
  for (const d of open.splice(0)) d.dispose()
})

/** A real mirror and status as a live pane wires them, and how often the status read the rows. */
function pane(argv: string[], agent?: string) {
  const clock = new VirtualClock(0)
  const mirror = new HeadlessMirror(80, 12, clock)
  const reads = vi.spyOn(mirror, 'screen')
  const wired = new MirroredStatus(mirror, { clock, context: { rootIsShell: false }, argv, agent, agents, log: () => {} })
  open.push(wired, mirror)
  const output = (data: string) => new Promise<void>((resolve) => wired.output(data, resolve))
  return { clock, reads, status: wired.status, output }
}

describe('the screen a pane’s status reads', () => {
  it('is not read, nor evaluated, for a pane without an agent, however often it redraws', async () => {
    const { clock, reads, status, output } = pane(['perl', '-e', 'draw'])
    for (let i = 0; i < 5; i++) {
      await output(`\x1b[H frame ${i}\r\n`)
      clock.advance(200)
    }
    // Without an agent the verdict is the process's (decideStatus): no change is worth an evaluation.
    expect(status.explain().stats.evaluations).toBe(0)
    expect(clock.pendingTimers).toBe(0)
    expect(reads).not.toHaveBeenCalled()
  })

  it('is read once per evaluation for an agent with rules, and the rules see it', async () => {
    const { clock, reads, status, output } = pane(['claude'], 'claude')
    await output('Do you want to proceed?\r\n❯ 1. Yes\r\n  2. No\r\n\r\nEsc to cancel')
    clock.advance(200)
    expect(reads).toHaveBeenCalledTimes(1)
    expect(status.verdict.state).toBe('blocked')
  })

  it('gives its rows to a copy: a spread view keeps lines, alternate and cols', async () => {
    const clock = new VirtualClock(0)
    const mirror = new HeadlessMirror(20, 3, clock)
    open.push(mirror)
    await new Promise<void>((resolve) => mirror.write('hello', resolve))
    const view = lazyView(mirror)
    expect({ ...view }).toEqual({ title: '', synchronizing: false, lines: ['hello', '', ''], alternate: false, cols: 20 })
  })
})
