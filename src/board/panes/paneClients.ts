import { FlowControl } from '../../core/flow/flowControl'
import type { IDisposable } from '../../core/lifecycle/disposable'
import type { Clock } from '../../core/lifecycle/clock'
import type { PaneMirror } from '../screen/paneMirror'

/** Receives output for one client; `resync` means "reset your terminal, then write this snapshot". */
export type DataSink = (data: string, resync: boolean) => void

/** The one consumer of a client's FlowControl: what it was sent and has not acknowledged as rendered. */
const SENT = 'sent'

interface Client {
  readonly sink: DataSink
  /** Paused: the client is more than MaxUnackedChars behind; resumed once below ResyncBelowChars. */
  readonly flow: FlowControl
  /** Parsed in this turn and not yet sent: one message per client per turn. */
  pending: string[]
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
  /**
   * Output after a quiet spell goes at once (an echo is never held back); what follows within this
   * window goes as one message. The parser pool hands chunks back one message event at a time, so
   * batching per turn alone left one `pane:data` per read; VS Code's TerminalDataBufferer uses 5 ms.
   */
  FlushWindowMs = 5,
}

/**
 * The clients attached to one pane (windows, browser tabs, CLI attaches) and what each has been
 * sent. Clients never hold the PTY back (only the mirror does): a client that falls too far behind
 * is skipped instead and, once it has caught up, resynchronised from the mirror. The chunks the
 * mirror parses in one turn (xterm parses a slice of many PTY reads at once) go to each client as
 * one message, so a flood costs a client one `pane:data` and one `pane:ack` per slice, not per read.
 */
export class PaneClients implements IDisposable {
  private readonly clients = new Map<string, Client>()
  /** Open while output keeps coming: chunks wait for its end, then go as one message. */
  private window: IDisposable | null = null

  constructor(
    private readonly mirror: PaneMirror,
    private readonly clock: Clock,
  ) {}

  /** A chunk the mirror has parsed, for every attached client. */
  deliver(data: string): void {
    let queued = false
    for (const client of this.clients.values()) {
      if (client.stale) continue
      client.pending.push(data)
      queued = true
    }
    if (queued && !this.window) {
      this.flush()
      this.window = this.clock.setTimeout(() => this.windowEnds(), ClientFlowConstants.FlushWindowMs)
    }
  }

  private windowEnds(): void {
    this.window = null
    if (!this.flush()) return
    this.window = this.clock.setTimeout(() => this.windowEnds(), ClientFlowConstants.FlushWindowMs)
  }

  /** Sends what is pending now (the program ended: its last output goes before the exit). */
  flushNow(): void {
    this.window?.dispose()
    this.window = null
    this.flush()
  }

  /** Sends what each client has pending as one message; false when nothing was pending. */
  private flush(): boolean {
    let sent = false
    for (const client of this.clients.values()) {
      if (client.pending.length === 0) continue
      const data = client.pending.length === 1 ? client.pending[0]! : client.pending.join('')
      client.pending = []
      sent = true
      if (client.stale) continue
      if (client.flow.isPaused) {
        client.stale = true
        continue
      }
      client.flow.charge(SENT, data.length)
      client.sink(data, false)
    }
    return sent
  }

  /** Call from the mirror's snapshot callback: output parsed after it goes to `sink`. */
  add(clientId: string, sink: DataSink): void {
    const flow = new FlowControl(ClientFlowConstants.MaxUnackedChars, ClientFlowConstants.ResyncBelowChars)
    this.clients.set(clientId, { sink, flow, pending: [], stale: false, lastResyncAt: this.clock.now(), resyncTimer: null, resyncing: false })
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
    client.flow.credit(SENT, chars)
    if (client.stale && !client.flow.isPaused && !client.resyncTimer && !client.resyncing) {
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
      client.pending = []
      client.flow.charge(SENT, snapshot.length)
      client.sink(snapshot, true)
    })
  }

  dispose(): void {
    this.window?.dispose()
    this.window = null
    for (const client of this.clients.values()) client.resyncTimer?.dispose()
    this.clients.clear()
  }
}
