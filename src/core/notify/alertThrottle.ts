import type { Clock } from '../lifecycle/clock'
import type { IDisposable } from '../lifecycle/disposable'

/** At most one alert per pane per window: the first at once, the newest of the rest at its end. */
export const ALERT_WINDOW_MS = 1_000

/**
 * A pane's own notifications (the bell, OSC 9/777/99) coalesced like `pane:changed`: a program
 * that rings 20 000 bells a second costs the board, its log and its clients one alert a second,
 * carrying how many it stands for. Without it a bell flood reached one client as 91 450
 * `pane:alert` events (10.7 MB) in 11 s, wrote a log line each, and slowed every other pane.
 */
export class AlertThrottle<T> implements IDisposable {
  private held: T | null = null
  private count = 0
  private timer: IDisposable | null = null

  constructor(
    private readonly clock: Clock,
    /** `repeats`: how many alerts this one stands for beyond itself (0 for a single one). */
    private readonly emit: (alert: T, repeats: number) => void,
    private readonly windowMs = ALERT_WINDOW_MS,
  ) {}

  offer(alert: T): void {
    if (this.timer) {
      this.held = alert
      this.count++
      return
    }
    this.emit(alert, 0)
    this.timer = this.clock.setTimeout(() => this.flush(), this.windowMs)
  }

  private flush(): void {
    this.timer = null
    const held = this.held
    const repeats = this.count - 1
    this.held = null
    this.count = 0
    // The newest of the window goes out, opening a window of its own: a flood stays one a window.
    if (held !== null) {
      this.emit(held, repeats)
      this.timer = this.clock.setTimeout(() => this.flush(), this.windowMs)
    }
  }

  dispose(): void {
    this.timer?.dispose()
    this.timer = null
    this.held = null
  }
}
