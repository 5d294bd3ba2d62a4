import { afterEach, describe, expect, it, vi } from 'vitest'
import { realClock } from './clock'

afterEach(() => {
  vi.useRealTimers()
})

describe('realClock', () => {
  it('timers due at the same millisecond share one Node timer and run in the order set', () => {
    vi.useFakeTimers({ now: 1000 })
    const log: string[] = []
    realClock.setTimeout(() => log.push('a'), 16)
    vi.advanceTimersByTime(5)
    realClock.setTimeout(() => log.push('b'), 11)
    const c = realClock.setTimeout(() => log.push('c'), 11)
    realClock.setTimeout(() => log.push('later'), 12)
    expect(vi.getTimerCount()).toBe(2)
    c.dispose()
    vi.advanceTimersByTime(10)
    expect(log).toEqual([])
    vi.advanceTimersByTime(1)
    expect(log).toEqual(['a', 'b'])
    vi.advanceTimersByTime(1)
    expect(log).toEqual(['a', 'b', 'later'])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('a slot whose timers are all disposed clears its Node timer; one throwing callback does not stop the others', () => {
    vi.useFakeTimers({ now: 0 })
    const a = realClock.setTimeout(() => {}, 20)
    const b = realClock.setTimeout(() => {}, 20)
    a.dispose()
    expect(vi.getTimerCount()).toBe(1)
    b.dispose()
    b.dispose()
    expect(vi.getTimerCount()).toBe(0)
    const log: string[] = []
    realClock.setTimeout(() => {
      throw new Error('boom')
    }, 5)
    realClock.setTimeout(() => log.push('after'), 5)
    expect(() => vi.advanceTimersByTime(5)).toThrow('boom')
    expect(log).toEqual(['after'])
    // Two throwing in one slot: neither error is lost.
    for (const name of ['first', 'second'])
      realClock.setTimeout(() => {
        throw new Error(name)
      }, 5)
    let thrown: unknown
    try {
      vi.advanceTimersByTime(5)
    } catch (err) {
      thrown = err
    }
    expect((thrown as AggregateError).errors.map((e: Error) => e.message)).toEqual(['first', 'second'])
  })
})
