import type { IDisposable } from '../../core/lifecycle/disposable'
import type { Clock } from '../../core/lifecycle/clock'
import type { PaneMirror } from '../screen/paneMirror'

/** Receives output for one client; `resync` means "reset your terminal, then write this snapshot". */
export type DataSink = (data: string, resync: boolean) => void

interface Client {
  readonly sink: DataSink
  /** Chars sent and not yet acknowledged as rendered. */
  unacked: number
  /** Fell too far behind: gets nothing until it catches up, then a fresh snapshot. */
  stale: boolean
  lastResyncAt: number
  resyncTimer: IDisposable | null
  /** A snapshot was asked of the mirror and has not come back yet. */
  resyncing: boolean
}

export const enum ClientFlowConstants {
  /**
   * A client this far behind stops receiving live output (it would only buffer without bound).
   * Well above what the mirror hands over in one parse slice (xterm parses ~12 ms at a time,
   * ~360 000 chars of a flood), so a client that keeps up is never cut off by a burst
   * (measured: at 100 000, an instantly acking client was resynchronised ~10 times a second).
   */
  MaxUnackedChars = 2_000_000,
  /** Once it has rendered down to this, it is resynchronised with a snapshot of the mirror. */
  ResyncBelowChars = 5_000,
  /** A snapshot carries the whole scrollback: at most one per client this often. */
  ResyncMinIntervalMs = 1_000,
}

/**
 * The clients attached to one pane (windows, browser tabs, CLI attaches) and what each has been
 * sent. Clients never hold the PTY back (only the mirror does): a client that falls too far behind
 * is skipped instead and, once it has caught up, resynchronised from the mirror.
 */
export class PaneClients implements IDisposable {
  private readonly clients = new Map<string, Client>()

  constructor(
    private readonly mirror: PaneMirror,
    private readonly clock: Clock,
  ) {}

  /** A chunk the mirror has parsed, for every attached client. */
  deliver(data: string): void {
    for (const client of this.clients.values()) this.send(client, data)
  }

  private send(client: Client, data: string): void {
    if (client.stale) return
    if (client.unacked > ClientFlowConstants.MaxUnackedChars) {
      client.stale = true
      return
    }
    client.unacked += data.length
    client.sink(data, false)
  }

  /** Call from the mirror's snapshot callback: output parsed after it goes to `sink`. */
  add(clientId: string, sink: DataSink): void {
    this.clients.set(clientId, { sink, unacked: 0, stale: false, lastResyncAt: this.clock.now(), resyncTimer: null, resyncing: false })
  }

  remove(clientId: string): void {
    this.clients.get(clientId)?.resyncTimer?.dispose()
    this.clients.delete(clientId)
  }

  has(clientId: string): boolean {
    return this.clients.has(clientId)
  }

  ack(clientId: string, chars: number): void {
    const client = this.clients.get(clientId)
    if (!client) return
    // Never below zero: heals from a client that acknowledges more than it was sent.
    client.unacked = Math.max(0, client.unacked - chars)
    if (client.stale && client.unacked < ClientFlowConstants.ResyncBelowChars && !client.resyncTimer && !client.resyncing) {
      const wait = client.lastResyncAt + ClientFlowConstants.ResyncMinIntervalMs - this.clock.now()
      if (wait <= 0) this.resync(client)
      else client.resyncTimer = this.clock.setTimeout(() => this.resync(client), wait)
    }
  }

  private resync(client: Client): void {
    client.resyncTimer = null
    client.resyncing = true
    // The snapshot covers every chunk parsed before it comes back; the client stays stale (gets
    // nothing) until then, and every chunk parsed after it is delivered after it.
    this.mirror.snapshot((snapshot) => {
      client.resyncing = false
      if (![...this.clients.values()].includes(client)) return
      client.stale = false
      client.lastResyncAt = this.clock.now()
      client.unacked += snapshot.length
      client.sink(snapshot, true)
    })
  }

  dispose(): void {
    for (const client of this.clients.values()) client.resyncTimer?.dispose()
    this.clients.clear()
  }
}
