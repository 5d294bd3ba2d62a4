import type { Clock } from '../../core/lifecycle/clock'
import type { IDisposable } from '../../core/lifecycle/disposable'

export const enum EvidenceRefreshConstants {
  /** A pane's evidence refreshed in a state of progress (refreshesEvidenceOnly) goes out at most this often: the popover shows ages in seconds. */
  IntervalMs = 1000,
}

/**
 * Paces a pane's evidence-only info events: the first at once, then at most one per interval with
 * the latest (a trailing one, so the last words are never lost). Any other info event of the pane
 * carries the latest evidence too: `sent` counts it, and drops the trailing one.
 */
export class EvidenceRefresh implements IDisposable {
  private timer: IDisposable | null = null
  private lastSent = Number.NEGATIVE_INFINITY

  constructor(
    private readonly clock: Clock,
    /** Sends the pane's info now (and calls `sent`). */
    private readonly send: () => void,
  ) {}

  /** The evidence alone changed. */
  changed(): void {
    if (this.timer) return
    const wait = this.lastSent + EvidenceRefreshConstants.IntervalMs - this.clock.now()
    if (wait <= 0) return this.send()
    this.timer = this.clock.setTimeout(() => {
      this.timer = null
      this.send()
    }, wait)
  }

  /** The pane's info went out (with the latest evidence). */
  sent(): void {
    this.timer?.dispose()
    this.timer = null
    this.lastSent = this.clock.now()
  }

  dispose(): void {
    this.timer?.dispose()
    this.timer = null
  }
}
