import { describe, expect, it } from 'vitest'
import { VirtualClock } from '../../core/lifecycle/clock'
import type { PaneInfo } from '../../shared/domain/pane'
import { ChangeCoalescer } from './changeCoalescer'

const info = (id: string, title: string) => ({ id, title }) as unknown as PaneInfo

/** drained(): the barrier tests wait on instead of sleeping past the coalescing window. */
describe('ChangeCoalescer.drained', () => {
  it('resolves at once when no window is open, and only after the held info went out when one is', async () => {
    const clock = new VirtualClock()
    const sent: string[] = []
    const c = new ChangeCoalescer(
      clock,
      (i) => sent.push(i.title),
      () => true,
    )
    let drained = false
    await c.drained('1')
    c.changed(info('1', 'a'))
    c.changed(info('1', 'b')) // held back for the window's end
    void c.drained('1').then(() => (drained = true))
    await Promise.resolve()
    expect(drained).toBe(false)
    clock.advance(50) // the held 'b' goes out and opens a window of its own
    await Promise.resolve()
    expect(sent).toEqual(['a', 'b'])
    expect(drained).toBe(false)
    clock.advance(50) // that window closes with nothing held
    await Promise.resolve()
    expect(drained).toBe(true)
    expect(sent).toEqual(['a', 'b'])
  })

  it('resolves when the pane is forgotten or the coalescer disposed, without sending what was held', async () => {
    const clock = new VirtualClock()
    const sent: string[] = []
    const c = new ChangeCoalescer(
      clock,
      (i) => sent.push(i.title),
      () => true,
    )
    c.changed(info('1', 'a'))
    c.changed(info('1', 'b'))
    c.changed(info('2', 'x'))
    c.changed(info('2', 'y'))
    const one = c.drained('1')
    const two = c.drained('2')
    c.forget('1')
    await one
    c.dispose()
    await two
    expect(sent).toEqual(['a', 'x'])
    expect(clock.pendingTimers).toBe(0)
  })
})
