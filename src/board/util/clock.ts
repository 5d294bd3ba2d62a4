import type { Clock } from '../../core/lifecycle/clock'
import { reportUnexpectedErrors } from '../../core/lifecycle/errors'

/** Timers due at one wall-clock millisecond, sharing one Node timer. */
interface Slot {
  readonly fns: Set<() => void>
  handle: ReturnType<typeof setTimeout>
}

const slots = new Map<number, Slot>()

function fire(at: number): void {
  const slot = slots.get(at)
  slots.delete(at)
  if (!slot) return
  // Every callback runs even if one throws; every error is reported (thrown, when no host handles them).
  let errors: unknown[] | null = null
  for (const fn of slot.fns) {
    try {
      fn()
    } catch (error) {
      ;(errors ??= []).push(error)
    }
  }
  if (errors) reportUnexpectedErrors(errors, 'timer callbacks')
}

/**
 * The wall clock, for the live app. Tests inject a VirtualClock instead.
 *
 * Timers due at the same millisecond share one Node timer, so callers that put their deadlines
 * on a shared grid (gridDelay: the status engines of all panes) wake the process once for all of
 * them. Node's own timers do not: each computes its expiry from the event loop's cached time,
 * which lags by however long the current turn has run, so deadlines on one grid expired a
 * millisecond or two apart and woke the thread one by one.
 */
export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const at = Date.now() + Math.max(0, ms)
    let slot = slots.get(at)
    if (!slot) {
      const created: Slot = { fns: new Set(), handle: setTimeout(() => fire(at), ms) }
      slots.set(at, created)
      slot = created
    }
    // A function scheduled twice for one millisecond runs twice, as with two Node timers.
    const entry = () => fn()
    slot.fns.add(entry)
    const owner = slot
    return {
      dispose: () => {
        if (!owner.fns.delete(entry) || owner.fns.size > 0 || slots.get(at) !== owner) return
        clearTimeout(owner.handle)
        slots.delete(at)
      },
    }
  },
}
