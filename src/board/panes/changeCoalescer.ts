import type { IDisposable } from '../../core/lifecycle/disposable'
import type { Clock } from '../../core/lifecycle/clock'
import type { PaneId, PaneInfo } from '../../shared/domain/pane'

/** Per pane, at most one `pane:changed` per this window (the first at once, the latest at its end). */
const COALESCE_MS = 50

/**
 * A pane's info changes as one `pane:changed` per pane per COALESCE_MS with the latest info: a
 * burst (a program setting its title 100 000 times) costs clients a handful of events.
 */
export class ChangeCoalescer implements IDisposable {
  /** Panes whose `pane:changed` went out within COALESCE_MS, with the newest info held back. */
  private readonly pending = new Map<PaneId, { info: PaneInfo | null; timer: IDisposable | null }>()
  /** Callers of drained() per pane, told when its window closes with nothing held back. */
  private readonly drainWaiters = new Map<PaneId, (() => void)[]>()

  constructor(
    private readonly clock: Clock,
    private readonly emit: (info: PaneInfo) => void,
    /** A held info goes out only while its pane is still there. */
    private readonly isLive: (id: PaneId) => boolean,
  ) {}

  changed(info: PaneInfo): void {
    const slot = this.pending.get(info.id)
    if (slot) {
      slot.info = info
      return
    }
    this.emit(info)
    const entry: { info: PaneInfo | null; timer: IDisposable | null } = { info: null, timer: null }
    this.pending.set(info.id, entry)
    entry.timer = this.clock.setTimeout(() => this.flush(info.id), COALESCE_MS)
  }

  /** A newer info went out another way (the state event carries it): what was held back is older, and goes nowhere. */
  superseded(id: PaneId): void {
    const held = this.pending.get(id)
    if (held) held.info = null
  }

  forget(id: PaneId): void {
    this.pending.get(id)?.timer?.dispose()
    this.pending.delete(id)
    this.drainedNow(id)
  }

  /**
   * Resolves once nothing is held back for the pane (at once when no window is open): from then
   * on every change so far has gone out, or was superseded. A barrier for "no event repeats it".
   */
  drained(id: PaneId): Promise<void> {
    if (!this.pending.has(id)) return Promise.resolve()
    return new Promise((resolve) => this.drainWaiters.set(id, [...(this.drainWaiters.get(id) ?? []), resolve]))
  }

  private flush(id: PaneId): void {
    const entry = this.pending.get(id)
    if (!entry) return
    this.pending.delete(id)
    entry.timer?.dispose()
    if (entry.info && this.isLive(id)) this.changed(entry.info)
    if (!this.pending.has(id)) this.drainedNow(id)
  }

  private drainedNow(id: PaneId): void {
    const waiters = this.drainWaiters.get(id)
    this.drainWaiters.delete(id)
    for (const resolve of waiters ?? []) resolve()
  }

  dispose(): void {
    for (const entry of this.pending.values()) entry.timer?.dispose()
    this.pending.clear()
    for (const id of [...this.drainWaiters.keys()]) this.drainedNow(id)
  }
}
