import type { Clock } from '../../core/lifecycle/clock'

/** The wall clock, for the live app. Tests inject a VirtualClock instead. */
export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const handle = setTimeout(fn, ms)
    return { dispose: () => clearTimeout(handle) }
  },
}
