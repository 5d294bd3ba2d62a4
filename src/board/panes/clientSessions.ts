import type { IDisposable } from '../../core/lifecycle/disposable'
import type { AttachSnapshot, PaneId } from '../../shared/domain/pane'
import type { EventMap } from '../../shared/ipc/contract'
import type { Pane } from './pane'
import type { DataSink } from './paneClients'
import type { RestoredPane } from './restoredPane'

/** A connected client (a window, a browser tab, a CLI connection): its attachments end with it. */
export interface ClientSession extends IDisposable {
  readonly id: string
}

/** A client session and what it can do with the panes it shows. */
export interface BoardClientSession extends ClientSession {
  attach(id: PaneId): Promise<AttachSnapshot>
  detach(id: PaneId): void
  ack(id: PaneId, chars: number): void
  /** Sends this client terminal data of a pane that lives elsewhere (a remote pane). */
  emitData(payload: EventMap['pane:data']): unknown
}

/** What client sessions need of the board. */
export interface ClientSessionsHost {
  live(id: PaneId): Pane | undefined
  restored(id: PaneId): RestoredPane | undefined
  /** The live pane, or the board's error for a pane that is not running or not there. */
  get(id: PaneId): Pane
  /** The client is gone: what it owned (recordings) stops. */
  disconnected(clientId: string): void
}

/** The board's connected clients and the panes each shows, so a relaunched pane keeps its viewers. */
export class ClientSessions {
  private readonly clients = new Map<string, { readonly attached: Set<PaneId>; readonly sink: (id: PaneId) => DataSink }>()
  private nextClient = 1

  constructor(private readonly host: ClientSessionsHost) {}

  /**
   * Opens a client session; `emitData` receives `pane:data` for the panes it attaches to, while
   * `backedUp` (its connection holds too much) says no: they are redrawn for it once it drains.
   */
  connect(emitData: (payload: EventMap['pane:data']) => unknown, backedUp?: () => boolean): BoardClientSession {
    const clientId = `client-${this.nextClient++}`
    const attached = new Set<PaneId>()
    const sink = (id: PaneId): DataSink =>
      Object.assign((data: string, resync: boolean) => emitData(resync ? { paneId: id, data, resync } : { paneId: id, data }), { backedUp })
    this.clients.set(clientId, { attached, sink })
    return {
      id: clientId,
      attach: async (id) => {
        const restored = this.host.restored(id)
        if (restored) {
          // Attached to the place: when the pane runs again, this client gets it (reattach).
          attached.add(id)
          return restored.attachSnapshot()
        }
        const pane = this.host.get(id)
        attached.add(id)
        const snapshot = await pane.attach(clientId, sink(id))
        // Detached (or disconnected) while the attach waited for the mirror: undo it.
        if (!attached.has(id)) pane.detach(clientId)
        return snapshot
      },
      detach: (id) => {
        attached.delete(id)
        this.host.live(id)?.detach(clientId)
      },
      ack: (id, chars) => this.host.live(id)?.ack(clientId, chars),
      emitData,
      dispose: () => {
        this.host.disconnected(clientId)
        for (const id of attached) this.host.live(id)?.detach(clientId)
        attached.clear()
        this.clients.delete(clientId)
      },
    }
  }

  /** Clients that showed the pane before it was relaunched get the new one, starting with a resync. */
  async reattach(id: PaneId): Promise<void> {
    const pane = this.host.live(id)
    if (!pane) return
    for (const [clientId, client] of this.clients) {
      if (!client.attached.has(id)) continue
      const sink = client.sink(id)
      // Output parsed between the attach point and this continuation follows the snapshot, in order.
      let ready = false
      const early: [string, boolean][] = []
      const held = (data: string, resync: boolean) => (ready ? sink(data, resync) : early.push([data, resync]))
      const snapshot = await pane.attach(clientId, Object.assign(held, { backedUp: sink.backedUp }))
      sink(snapshot.serialized, true)
      ready = true
      for (const [data, resync] of early) sink(data, resync)
    }
  }
}
