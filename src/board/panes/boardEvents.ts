import { Disposable, DisposableStore, type IDisposable } from '../../core/lifecycle/disposable'
import { Emitter } from '../../core/lifecycle/emitter'
import type { Clock } from '../../core/lifecycle/clock'
import type { PaneId, StateChange } from '../../shared/domain/pane'
import type { BoardEvent } from '../../shared/ipc/contract'
import type { Logger } from '../util/log'
import { ChangeCoalescer } from './changeCoalescer'
import type { Pane } from './pane'

export type { BoardEvent }

/**
 * The board's one stream of events to its clients (all but CLIENT_EVENTS, which go per client):
 * each live pane's events wired to it, its info changes coalesced (ChangeCoalescer), a state
 * change logged with its evidence and sent as the newest info.
 */
export class BoardEvents extends Disposable {
  private readonly _onEvent = this.register(new Emitter<BoardEvent>((err) => this.log.error('board listener failed', { err: String(err) })))
  readonly onEvent = this._onEvent.event
  private readonly coalescer: ChangeCoalescer

  constructor(
    clock: Clock,
    private readonly log: Logger,
    /** A held info goes out only while its pane is still there. */
    isLive: (id: PaneId) => boolean,
  ) {
    super()
    this.coalescer = this.register(new ChangeCoalescer(clock, (info) => this.fire({ channel: 'pane:changed', payload: info }), isLive))
  }

  fire(event: BoardEvent): void {
    this._onEvent.fire(event)
  }

  /** Sends a live pane's info changes, state changes and alerts; dispose to stop. */
  wire(pane: Pane): IDisposable {
    const store = new DisposableStore()
    store.add(pane.onDidChange((info) => this.coalescer.changed(info)))
    store.add(pane.onDidChangeState((change) => this.stateChanged(change)))
    store.add(
      pane.onDidAlert((alert) => {
        const text = alert.title || alert.body ? `: ${[alert.title, alert.body].filter(Boolean).join(': ')}` : ''
        this.log.info(`pane ${alert.paneId} alert from ${alert.source}${text}${alert.repeats ? ` (and ${alert.repeats} more within a second)` : ''}`)
        this.fire({ channel: 'pane:alert', payload: alert })
      }),
    )
    return store
  }

  /** Resolves once no `pane:changed` is held back for the pane (ChangeCoalescer.drained). */
  drained(id: PaneId): Promise<void> {
    return this.coalescer.drained(id)
  }

  /** The pane is gone: what was held back for it goes nowhere. */
  removed(id: PaneId): void {
    this.coalescer.forget(id)
    this.fire({ channel: 'pane:removed', payload: { paneId: id } })
  }

  private stateChanged(change: StateChange): void {
    const { verdict } = change.info
    // The concise line is the status engine's (info); this one, with every piece of evidence, is for --verbose.
    this.log.debug('pane state', {
      pane: change.paneId,
      from: change.previous,
      to: verdict.state,
      evidence: verdict.evidence.map((e) => `${e.source}: ${e.detail}`),
    })
    // The state event carries the newest info: what was held back is older, and goes nowhere.
    this.coalescer.superseded(change.paneId)
    this.fire({ channel: 'pane:state', payload: change })
  }
}
