import { Disposable } from '../../core/lifecycle/disposable'
import { Emitter } from '../../core/lifecycle/emitter'
import type { Clock } from '../../core/lifecycle/clock'
import { ProgramAlertReader, type ProgramAlert } from '../../core/notify/programAlerts'
import { AlertThrottle } from '../../core/notify/alertThrottle'
import type { PaneAlert, PaneId } from '../../shared/domain/pane'

/** A pane's program alerts: its own notifications (OSC 9/777/99) and the bell, read and throttled per source. */
export class PaneAlerts extends Disposable {
  private readonly reader = new ProgramAlertReader()
  /** One throttle per source: a bell flood does not swallow the OSC 9 that says the build is done. */
  private readonly throttles = new Map<string, AlertThrottle<PaneAlert>>()
  private readonly _onDidAlert = this.register(new Emitter<PaneAlert>())
  /** At most one a second per source, with the count of the rest. */
  readonly onDidAlert = this._onDidAlert.event

  constructor(
    private readonly paneId: PaneId,
    private readonly clock: Clock,
  ) {
    super()
  }

  osc(ident: number, data: string): void {
    this.offer(this.reader.osc(ident, data))
  }

  bell(): void {
    this.offer(this.reader.bell())
  }

  private offer(alert: ProgramAlert | null): void {
    if (!alert) return
    let throttle = this.throttles.get(alert.source)
    if (!throttle) {
      throttle = this.register(new AlertThrottle<PaneAlert>(this.clock, (a, repeats) => this._onDidAlert.fire(repeats ? { ...a, repeats } : a)))
      this.throttles.set(alert.source, throttle)
    }
    throttle.offer({ paneId: this.paneId, ...alert, at: this.clock.now() })
  }
}
