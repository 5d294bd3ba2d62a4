import { describe, expect, it } from 'vitest'
import { VirtualClock } from '../lifecycle/clock'
import { ALERT_WINDOW_MS, AlertThrottle } from './alertThrottle'

describe('AlertThrottle', () => {
  it('lets the first alert through at once and one per window after it, the newest, with the count of the rest', () => {
    const clock = new VirtualClock()
    const out: [number, number][] = []
    const t = new AlertThrottle<number>(clock, (a, repeats) => out.push([a, repeats]))
    for (let i = 1; i <= 20_000; i++) t.offer(i)
    expect(out).toEqual([[1, 0]])
    clock.advance(ALERT_WINDOW_MS)
    expect(out).toEqual([
      [1, 0],
      [20_000, 19_998],
    ])
    // Quiet for a window: the next alert goes at once again.
    clock.advance(ALERT_WINDOW_MS)
    t.offer(7)
    expect(out.at(-1)).toEqual([7, 0])
    t.dispose()
  })
})
