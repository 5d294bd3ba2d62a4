import { describe, expect, it } from 'vitest'
import { VirtualClock, gridDelay, lateGridDelay } from './clock'
import { DisposableStore, toDisposable } from './disposable'
import { Emitter } from './emitter'
import { setUnexpectedErrorHandler } from './errors'

describe('VirtualClock', () => {
  it('fires timers in time order, including timers scheduled by timers, only when advanced', () => {
    const clock = new VirtualClock(100)
    const log: string[] = []
    clock.setTimeout(() => log.push(`b@${clock.now()}`), 20)
    clock.setTimeout(() => {
      log.push(`a@${clock.now()}`)
      clock.setTimeout(() => log.push(`c@${clock.now()}`), 5)
    }, 10)
    const cancelled = clock.setTimeout(() => log.push('never'), 1)
    cancelled.dispose()
    expect(log).toEqual([])
    clock.advance(30)
    expect(log).toEqual(['a@110', 'c@115', 'b@120'])
    expect(clock.now()).toBe(130)
  })
})

describe('gridDelay', () => {
  it('moves a deadline earlier onto a shared grid, never later and never by a whole step', () => {
    // Deadlines 16 ms after 100 and 103 both fall on 112 (one wake-up for the two); after 107, on 120.
    expect([100, 103, 107].map((now) => now + gridDelay(now, 16, 8))).toEqual([112, 112, 120])
    for (let now = 0; now < 40; now++) {
      const delay = gridDelay(now, 16, 8)
      expect(delay).toBeLessThanOrEqual(16)
      expect(delay).toBeGreaterThan(8)
      expect((now + delay) % 8).toBe(0)
    }
    // No grid, or one as coarse as the delay itself: the delay as asked.
    expect(gridDelay(5, 16, 0)).toBe(16)
    expect(gridDelay(5, 16, 16)).toBe(16)
  })

  it('lateGridDelay moves it later instead, by less than a step', () => {
    expect([1000, 1010, 1049, 1050].map((now) => now + lateGridDelay(now, 200, 50))).toEqual([1200, 1250, 1250, 1250])
    expect(lateGridDelay(7, 200, 0)).toBe(200)
  })
})

describe('Emitter and DisposableStore', () => {
  it('a throwing listener does not stop the others; disposed listeners hear nothing', () => {
    const errors: unknown[] = []
    const emitter = new Emitter<number>((e) => errors.push(e))
    const heard: number[] = []
    emitter.event(() => {
      throw new Error('boom')
    })
    const sub = emitter.event((v) => heard.push(v))
    emitter.fire(1)
    sub.dispose()
    emitter.fire(2)
    expect(heard).toEqual([1])
    expect(errors).toHaveLength(2)
  })

  it('disposes in reverse order once, and disposes late additions at once', () => {
    const order: number[] = []
    const store = new DisposableStore()
    store.add(toDisposable(() => order.push(1)))
    store.add(toDisposable(() => order.push(2)))
    store.dispose()
    store.dispose()
    store.add(toDisposable(() => order.push(3)))
    expect(order).toEqual([2, 1, 3])
  })

  it('without a handler, listener errors reach the firer after every listener heard the value', () => {
    const emitter = new Emitter<number>()
    const heard: number[] = []
    emitter.event(() => {
      throw new Error('first')
    })
    emitter.event((v) => heard.push(v))
    emitter.event(() => {
      throw new Error('second')
    })
    expect(() => emitter.fire(1)).toThrow(AggregateError)
    expect(heard).toEqual([1])
  })

  it('every disposer error is reported, not only the first, and every item is still disposed', () => {
    const reported: unknown[] = []
    const disposed: number[] = []
    const store = new DisposableStore()
    store.add(
      toDisposable(() => {
        disposed.push(1)
        throw new Error('a')
      }),
    )
    store.add(toDisposable(() => disposed.push(2)))
    store.add(
      toDisposable(() => {
        disposed.push(3)
        throw new Error('b')
      }),
    )
    setUnexpectedErrorHandler((e) => reported.push(e))
    try {
      store.dispose()
    } finally {
      setUnexpectedErrorHandler(null)
    }
    expect(disposed).toEqual([3, 2, 1])
    expect(reported.map((e) => (e as Error).message)).toEqual(['b', 'a'])
    const single = new DisposableStore()
    single.add(
      toDisposable(() => {
        throw new Error('only')
      }),
    )
    expect(() => single.dispose()).toThrow('only')
  })
})
