import type { IDisposable } from './disposable'

/**
 * Time is injected: the live app uses the wall clock, tests and replay a virtual one, so a
 * recording replays the same way every time.
 */
export interface Clock {
  now(): number
  setTimeout(fn: () => void, ms: number): IDisposable
}

/**
 * The delay to a deadline about `ms` from `now`, moved earlier onto a grid of `grid` ms shared by
 * every caller of the same clock: more than `ms - grid` and at most `ms` (`grid` < `ms`). Timers
 * of many panes that fall in one grid step then expire together, and the process wakes once for
 * them instead of once each (an idle thread woken costs far more than the callback it runs).
 */
export function gridDelay(now: number, ms: number, grid: number): number {
  if (!(grid > 0) || grid >= ms) return ms
  return Math.floor((now + ms) / grid) * grid - now
}

/** As gridDelay, but moved later: at least `ms` and less than `ms + grid`, for deadlines that may slip a little but never come early. */
export function lateGridDelay(now: number, ms: number, grid: number): number {
  if (!(grid > 0)) return ms
  return Math.ceil((now + ms) / grid) * grid - now
}

/** A deterministic clock for tests and replay: time moves only when told to. */
export class VirtualClock implements Clock {
  private time: number
  private seq = 0
  private timers: { at: number; seq: number; fn: () => void }[] = []

  constructor(start = 0) {
    this.time = start
  }

  now(): number {
    return this.time
  }

  setTimeout(fn: () => void, ms: number): IDisposable {
    const timer = { at: this.time + Math.max(0, ms), seq: this.seq++, fn }
    this.timers.push(timer)
    return { dispose: () => void (this.timers = this.timers.filter((t) => t !== timer)) }
  }

  /** Moves time forward to `target`, firing due timers in order (timers may schedule timers). */
  advanceTo(target: number): void {
    for (;;) {
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.seq - b.seq)[0]
      if (!due) break
      this.timers = this.timers.filter((t) => t !== due)
      this.time = Math.max(this.time, due.at)
      due.fn()
    }
    this.time = Math.max(this.time, target)
  }

  advance(ms: number): void {
    this.advanceTo(this.time + ms)
  }

  get pendingTimers(): number {
    return this.timers.length
  }
}
