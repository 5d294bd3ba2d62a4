import type { ServerMessage } from '../../shared/ipc/wire'

export const enum OutboxLimits {
  /** Above this many unsent bytes, state events are dropped and the client is marked behind. */
  SoftBytes = 1024 * 1024,
  /** Above this, the client is not reading at all: it is closed (it may reconnect and resync). */
  HardBytes = 4 * 1024 * 1024,
  /** How often a client that is behind is checked for having caught up. */
  PollMs = 50,
}

/** The byte stream under one client (Unix socket, WebSocket). */
export interface ClientTransport {
  write(text: string): void
  /** Bytes written and not yet taken by the client. */
  buffered(): number
  close(reason: string): void
  /** Stop / start reading from the client (backpressure on its requests). */
  pause?(): void
  resume?(): void
}

/**
 * Events a client that fell behind may miss: each is superseded by the next of its pane (the
 * resync's fresh `pane:changed` brings the info back; an alert is a nudge, not a record). A
 * state change, a removal or a new order is not: `events --json` must see every one (it saw 1
 * of ~8 while a neighbour's bell flood filled the buffer), so those go until the hard cap.
 */
const DROPPABLE: ReadonlySet<string> = new Set(['pane:changed', 'pane:alert'])

/**
 * One client's send buffer, bounded. Results always go (a caller waits for them) until the hard
 * cap, where the client is closed. Info changes and alerts are dropped above the soft cap; once
 * the client has caught up it gets one fresh `pane:changed` per pane, so what it shows is current
 * again. Terminal output has its own flow control per pane (acks, snapshot).
 */
export class ClientOutbox {
  private behind = false
  private poll: NodeJS.Timeout | undefined
  dropped = 0

  constructor(
    private readonly transport: ClientTransport,
    /** The events that make a client current again after it missed some. */
    private readonly resync: () => ServerMessage[],
    private readonly onClose: (reason: string) => void = () => undefined,
  ) {}

  /** More unsent than the soft cap: terminal output waits (PaneClients redraws the pane once it drains). */
  get backedUp(): boolean {
    return this.transport.buffered() > OutboxLimits.SoftBytes
  }

  /**
   * Whether the message went out. Terminal output that would take the buffer past the hard cap
   * does not (PaneClients redraws the pane once the connection drains): one chunk of a flood of
   * control chars is six bytes a char on the wire, and must not get a reading client closed.
   */
  send(msg: ServerMessage): boolean {
    const buffered = this.transport.buffered()
    if (buffered > OutboxLimits.HardBytes) {
      this.dispose()
      const reason = `the client took none of ${buffered} bytes sent to it; closed`
      this.onClose(reason)
      this.transport.close(reason)
      return false
    }
    if (msg.t === 'event' && DROPPABLE.has(msg.channel) && (this.behind || buffered > OutboxLimits.SoftBytes)) {
      this.dropped++
      this.markBehind()
      return false
    }
    const text = JSON.stringify(msg)
    if (msg.t === 'event' && msg.channel === 'pane:data' && buffered + text.length > OutboxLimits.HardBytes) return false
    this.transport.write(text)
    return true
  }

  private markBehind(): void {
    this.behind = true
    this.poll ??= setInterval(() => {
      if (this.transport.buffered() > OutboxLimits.SoftBytes / 4) return
      clearInterval(this.poll)
      this.poll = undefined
      this.behind = false
      for (const msg of this.resync()) this.transport.write(JSON.stringify(msg))
    }, OutboxLimits.PollMs)
    this.poll.unref?.()
  }

  dispose(): void {
    if (this.poll) clearInterval(this.poll)
    this.poll = undefined
  }
}
