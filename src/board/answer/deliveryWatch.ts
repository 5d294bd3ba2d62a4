import { DeliveryConstants, deliveryTaken, notTaken, type DeliveryBaseline } from '../../core/answer/delivery'
import type { Clock } from '../../core/lifecycle/clock'
import type { Delivery } from '../../shared/domain/answer'
import type { Pane } from '../panes/pane'

/** Deliveries kept per pane: the latest few, for `pane:delivery` and "Send again". */
const KEPT = 8

interface Tracked {
  readonly id: number
  readonly base: DeliveryBaseline
  readonly outcome: Promise<Delivery>
}

const tracked = new WeakMap<Pane, Tracked[]>()
let lastId = 0

/**
 * Watches the pane after a line was sent (core/answer/delivery.ts): at every parsed output and
 * verdict change, until the line's echo or the agent's work shows, or DeliveryConstants.WaitMs
 * passed with neither (not taken), or the pane exited (not taken: nothing reads its input now).
 * Nothing keeps running after that.
 */
function watch(pane: Pane, clock: Clock, base: DeliveryBaseline): Promise<Delivery> {
  return new Promise((resolve) => {
    let done = false
    const finish = (d: Delivery) => {
      if (done) return
      done = true
      parsed.dispose()
      changed.dispose()
      exited.dispose()
      timer.dispose()
      resolve(d)
    }
    const check = () => {
      const v = pane.verdict
      const d = deliveryTaken(base, { lines: pane.screen().lines, state: v.state, evidence: v.evidence })
      if (d) finish(d)
    }
    const parsed = pane.onDidParse(check)
    const changed = pane.onDidChangeState(check)
    const exited = pane.onDidExit(() => finish(notTaken(clock.now() - base.sentAt)))
    const timer = clock.setTimeout(() => finish(notTaken(clock.now() - base.sentAt)), DeliveryConstants.WaitMs)
    check()
  })
}

/** Starts watching a line just sent to the pane; the id its answer result carries. */
export function trackDelivery(pane: Pane, clock: Clock, base: DeliveryBaseline): number {
  const id = ++lastId
  const list = [...(tracked.get(pane) ?? []), { id, base, outcome: watch(pane, clock, base) }].slice(-KEPT)
  tracked.set(pane, list)
  return id
}

/** Whether the program took that line: waits for the watch; null for a delivery this pane does not know. */
export function deliveryOutcome(pane: Pane, id: number): Promise<Delivery | null> {
  return tracked.get(pane)?.find((t) => t.id === id)?.outcome ?? Promise.resolve(null)
}

/** The screen before that line was sent, for "Send again" (was it read late after all?). */
export function deliveryBase(pane: Pane, id: number): DeliveryBaseline | null {
  return tracked.get(pane)?.find((t) => t.id === id)?.base ?? null
}
