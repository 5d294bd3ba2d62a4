import { FlowControl } from '../../core/flow/flowControl'
import type { IDisposable } from '../../core/lifecycle/disposable'
import type { Clock } from '../../core/lifecycle/clock'
import type { PaneMirror } from '../screen/paneMirror'

/**
 * Receives output for one client; `resync` means "reset your terminal, then write this snapshot".
 * `backedUp`: the client's connection holds more than it should (it carries every pane the client
 * shows, and a control char costs six bytes on the wire): output waits, the pane is redrawn later.
 */
export interface DataSink {
  /** Returns false when not sent (the connection would not take it): the pane is redrawn for it later. */
  (data: string, resync: boolean): unknown
  readonly backedUp?: () => boolean
}

/**
 * When a client is given a chunk: as it is read from the program (windows and tabs: an echo must
 * not wait for the parser), or once the mirror parsed it (a recording: it must keep the order in
 * which the pane's status saw output and reports, so that it replays to the same verdicts).
 */
export type DeliveryPoint = 'read' | 'parsed'

/** The one consumer of a client's FlowControl: what it was sent and has not acknowledged as rendered. */
const SENT = 'sent'

interface Client {
  readonly sink: DataSink
  readonly at: DeliveryPoint
  /** Paused: the client is more than MaxUnackedChars behind; resumed once below ResyncBelowChars. */
  readonly flow: FlowControl
  /** Read and not yet sent: one message per client per flush window. */
  pending: string[]
  /** Fell too far behind: gets nothing until it catches up, then a fresh snapshot. */
  stale: boolean
  lastResyncAt: number
  resyncTimer: IDisposable | null
  /**
   * A snapshot was asked of the mirror and has not come back yet: output read meanwhile follows
   * it, so it waits in `pending` and goes once the snapshot has gone.
   */
  waiting: boolean
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
  /** How often a client skipped for its backed-up connection is looked at again, to redraw it once drained. */
  DrainPollMs = 50,
}

/**
 * The clients attached to one pane (windows, browser tabs, CLI attaches) and what each has been
 * sent. Output goes to them as it is read, not after the mirror parsed it: an echo must not wait
 * for a parser thread that a busy machine schedules late (issue 20: a keystroke's echo p95 was
 * 120 ms with 20 panes redrawing). A snapshot of the mirror covers exactly the output handed to it
 * before the snapshot was asked (the mirror's contract), so a client that attaches or is
 * resynchronised is given the output read from that moment on, after the snapshot.
 * Clients never hold the PTY back (only the mirror does): a client that falls too far behind
 * is skipped instead and, once it has caught up, resynchronised from the mirror. Chunks read
 * within a flush window go to each client as one message, so a flood costs a client one
 * `pane:data` and one `pane:ack` per window, not per read.
 */
export class PaneClients implements IDisposable {
  private readonly clients = new Map<string, Client>()
  /** Open while output keeps coming: chunks wait for its end, then go as one message. */
  private window: IDisposable | null = null

  constructor(
    private readonly mirror: PaneMirror,
    private readonly clock: Clock,
  ) {}

  /**
   * A chunk for the clients of `at`: just read from the program and handed to the mirror, or
   * parsed by it. A parsed chunk is in any snapshot still on its way, so a client of `parsed`
   * that waits for one drops it.
   */
  deliver(data: string, at: DeliveryPoint): void {
    let queued = false
    for (const client of this.clients.values()) {
      if (client.at !== at || (client.stale && !client.waiting) || (at === 'parsed' && client.waiting)) continue
      client.pending.push(data)
      if (!client.waiting) queued = true
    }
    if (queued && !this.window) {
      this.flush()
      this.openWindow()
    }
  }

  private openWindow(): void {
    this.window = this.clock.setTimeout(() => this.windowEnds(), ClientFlowConstants.FlushWindowMs)
  }

  private windowEnds(): void {
    this.window = null
    if (!this.flush()) return
    this.openWindow()
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
      if (client.pending.length === 0 || client.waiting) continue
      const data = client.pending.length === 1 ? client.pending[0]! : client.pending.join('')
      client.pending = []
      sent = true
      if (client.stale) continue
      // Too far behind, its connection backed up, or the chunk not taken: redrawn for it later.
      if (client.flow.isPaused || client.sink.backedUp?.() || client.sink(data, false) === false) {
        client.stale = true
        this.scheduleResync(client)
        continue
      }
      client.flow.charge(SENT, data.length)
    }
    return sent
  }

  /**
   * For `read`, call right when the mirror is asked for the snapshot the client starts from:
   * output read from now on is the client's, and waits until `ready` (the snapshot came back; call
   * it before handing the snapshot over). What waited goes at the end of a flush window, a timer
   * away, so after the snapshot whose reply is sent in this turn. For `parsed`, call from the
   * snapshot's callback, and `ready` at once.
   */
  add(clientId: string, sink: DataSink, at: DeliveryPoint): { ready(): void } {
    const flow = new FlowControl(ClientFlowConstants.MaxUnackedChars, ClientFlowConstants.ResyncBelowChars)
    const client: Client = { sink, at, flow, pending: [], stale: false, lastResyncAt: this.clock.now(), resyncTimer: null, waiting: true }
    this.clients.set(clientId, client)
    return {
      ready: () => {
        client.waiting = false
        if (client.pending.length && !this.window) this.openWindow()
      },
    }
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
    this.scheduleResync(client)
  }

  /**
   * A stale client is redrawn once it has rendered what it was sent (its acks call this) and its
   * connection has drained (looked at every DrainPollMs), at most once per ResyncMinIntervalMs.
   */
  private scheduleResync(client: Client): void {
    if (!client.stale || client.flow.isPaused || client.resyncTimer || client.waiting) return
    if (client.sink.backedUp?.()) {
      client.resyncTimer = this.clock.setTimeout(() => {
        client.resyncTimer = null
        this.scheduleResync(client)
      }, ClientFlowConstants.DrainPollMs)
      return
    }
    const wait = client.lastResyncAt + ClientFlowConstants.ResyncMinIntervalMs - this.clock.now()
    if (wait <= 0) this.resync(client)
    else client.resyncTimer = this.clock.setTimeout(() => this.resync(client), wait)
  }

  private resync(client: Client): void {
    client.resyncTimer = null
    // The snapshot covers every chunk handed to the mirror before it is asked for, and nothing
    // after: what was queued before is dropped, what is read from now on waits and follows it.
    client.waiting = true
    client.pending = []
    this.mirror.snapshot((snapshot) => {
      client.waiting = false
      if (![...this.clients.values()].includes(client)) return
      client.lastResyncAt = this.clock.now()
      if (client.sink(snapshot, true) === false) {
        this.scheduleResync(client)
        return
      }
      client.stale = false
      client.flow.charge(SENT, snapshot.length)
      if (client.pending.length && !this.window) this.openWindow()
    })
  }

  dispose(): void {
    this.window?.dispose()
    this.window = null
    for (const client of this.clients.values()) client.resyncTimer?.dispose()
    this.clients.clear()
  }
}
