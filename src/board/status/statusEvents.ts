import { Disposable } from '../../core/lifecycle/disposable'
import { Emitter } from '../../core/lifecycle/emitter'
import type { Verdict } from '../../shared/domain/pane'
import type { PaneDrift } from './driftMonitor'

export interface VerdictChange {
  readonly previous: Verdict
  readonly verdict: Verdict
}

/**
 * A pane's status events, one per fact that changes: the verdict (its engine's memory) and the
 * drift (its engine's DriftMonitor). Owned by the pane's status (PaneStatus) and handed to each
 * engine it runs, so the engine of an agent that takes the pane over fires to the listeners the
 * pane already has, and nobody re-fires another's event. An engine run alone makes its own.
 */
export class StatusEvents extends Disposable {
  private readonly _onDidChangeVerdict = this.register(new Emitter<VerdictChange>())
  /** The state changed, or the same state is now decided by another rule or event. */
  readonly onDidChangeVerdict = this._onDidChangeVerdict.event

  private readonly _onDidChangeDrift = this.register(new Emitter<PaneDrift | null>())
  /** Drift began, ended or changed reason (see core/status/drift.ts). */
  readonly onDidChangeDrift = this._onDidChangeDrift.event

  verdictChanged(change: VerdictChange): void {
    this._onDidChangeVerdict.fire(change)
  }

  driftChanged(drift: PaneDrift | null): void {
    this._onDidChangeDrift.fire(drift)
  }
}
