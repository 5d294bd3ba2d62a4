import { describe, expect, it, vi } from 'vitest'
import { startInTurn } from './inTurn'

describe('startInTurn', () => {
  it('never has more than `concurrency` starts running, keeps the order, and goes on past a failure', async () => {
    let running = 0
    let most = 0
    const order: number[] = []
    const gates: (() => void)[] = []
    const done = startInTurn([1, 2, 3, 4, 5, 6, 7], 3, (n) => {
      order.push(n)
      running++
      most = Math.max(most, running)
      return new Promise<void>((resolve, reject) => gates.push(() => (running--, n === 2 ? reject(new Error('no')) : resolve())))
    })
    // Release one start at a time: each release lets exactly one more begin. The count is read
    // once the start that release let in has begun (not after a tick it may not have needed).
    for (let released = 0; released < 7; released++) {
      await vi.waitFor(() => expect(order).toHaveLength(Math.min(3 + released, 7)))
      expect(running).toBe(Math.min(3 + released, 7) - released)
      gates.shift()!()
    }
    await done
    expect(most).toBe(3)
    expect(order).toEqual([1, 2, 3, 4, 5, 6, 7])
  })
})
