import { Disposable } from '../../core/lifecycle/disposable'
import type { Clock } from '../../core/lifecycle/clock'
import { FlowControl } from '../../core/flow/flowControl'
import { CountClamp } from '../../core/terminal/countClamp'
import type { AttachSnapshot, PaneId } from '../../shared/domain/pane'
import type { MirrorThreads, PaneMirror } from '../screen/paneMirror'
import type { PanePty } from '../pty/panePty'
import { PaneClients, type DataSink, type DeliveryPoint } from './paneClients'

/** The flow-control consumer name of the headless mirror (clients use their own ids). */
const MIRROR = '\0mirror'

export const enum MirrorFlowConstants {
  /**
   * With the mirror in a worker, the PTY pauses when it has this much output not yet parsed, and
   * resumes below WorkerMirrorLowChars. Wider than VS Code's 100 000/5 000 (kept for a mirror on
   * the main thread): a parse report crosses threads, and with a 5 000 low mark the PTY waited for
   * the worker to drain almost everything, so reading and parsing barely overlapped (throughput
   * ratio 0.46 → 0.66 measured). Bounded: at most ~2 MB queued per pane.
   */
  WorkerMirrorHighChars = 1_000_000,
  WorkerMirrorLowChars = 250_000,
}

/** A screen to save: the mirror serialized, and the log position of the output it covers. */
export interface SavedScreenShot {
  readonly serialized: string
  readonly cols: number
  readonly rows: number
  /** The pty host's log offset the screen covers, and which log; null when no log is kept. */
  readonly offset: number | null
  readonly ptyKey: string | null
}

/** What the pane does with output on its way: the stages around the mirror's parse. */
export interface OutputStages {
  /** A chunk is on its way to the mirror (the foreground monitor looks again). */
  noteOutput(): void
  /** Gives the chunk to the mirror (through the status); `parsed` runs once the mirror parsed it. */
  parse(data: string, parsed: () => void): void
  /** The chunk is parsed and went to the clients. */
  parsed(data: string): void
}

export interface PaneOutputOptions {
  readonly id: PaneId
  readonly clock: Clock
  readonly threads: MirrorThreads
  readonly size: { readonly cols: number; readonly rows: number }
  /** See PaneOptions.answeredUntil: replayed output already answered by the board before this one. */
  readonly answeredUntil?: number
}

/**
 * A pane's output pipeline, PTY → clamp → mirror and clients, and the clients' side of it.
 *
 * A chunk goes to attached clients as it is handed to the mirror, not once the mirror parsed it
 * (see PaneClients): a client starts from a snapshot asked of the mirror when it attaches, which
 * covers exactly the chunks handed over before, so snapshot and data line up. Only the mirror holds the
 * PTY back (flow control): the status of a pane must never freeze because a window is slow or a
 * background browser tab is throttled. A client that falls too far behind is skipped instead and,
 * once it has caught up, resynchronised from the mirror (PaneClients).
 */
export class PaneOutput extends Disposable {
  private readonly flow: FlowControl
  /** Before every emulator: the mirror and, through the same bytes, every client's xterm. */
  private readonly clamp: CountClamp
  private readonly clients: PaneClients
  private readonly answeredUntil: number
  /** The pty host's log offset of the output the mirror has been given (what a saved screen covers); null without a log. */
  private mirroredOffset: number | null
  /** Replayed output already answered by the board before this one: its query replies are not sent (see answeredUntil). */
  private repliesMuted: boolean

  constructor(
    private readonly pty: PanePty,
    private readonly mirror: PaneMirror,
    private readonly options: PaneOutputOptions,
    private readonly stages: OutputStages,
  ) {
    super()
    this.clamp = new CountClamp(options.size)
    this.flow =
      options.threads !== 'main' ? new FlowControl(MirrorFlowConstants.WorkerMirrorHighChars, MirrorFlowConstants.WorkerMirrorLowChars) : new FlowControl()
    this.clients = this.register(new PaneClients(mirror, options.clock))
    this.answeredUntil = options.answeredUntil ?? 0
    this.mirroredOffset = pty.offset
    this.repliesMuted = options.answeredUntil !== undefined && pty.offset !== null && options.answeredUntil > pty.offset
  }

  /** Starts reading the PTY; after the status has subscribed to the mirror (it is told first). */
  start(): void {
    this.register(this.pty.onData((data) => this.onPtyData(data)))
    // Query answers go straight back to the program, whether or not any window shows the pane.
    this.register(this.mirror.onReply((reply) => this.repliesMuted || this.pty.write(reply)))
  }

  /** The pty host's log offset of the output the mirror has been given; null without a log. */
  get offset(): number | null {
    return this.mirroredOffset
  }

  private onPtyData(raw: string): void {
    const data = this.clamp.write(raw)
    const end = this.pty.offset
    if (end !== null) {
      const held = this.clamp.heldText
      // What the mirror is given now ends where this chunk ends, less a sequence the clamp holds back.
      this.mirroredOffset = held ? end - Buffer.byteLength(held) : end
    }
    // The replay's last chunk already answered by the board before: replies after it go out again.
    const unmute = this.repliesMuted && end !== null && end >= this.answeredUntil
    if (!data) {
      if (unmute) this.repliesMuted = false
      return
    }
    const n = data.length
    this.applyFlow(this.flow.charge(MIRROR, n))
    this.stages.noteOutput()
    this.stages.parse(data, () => {
      if (unmute) this.repliesMuted = false
      this.applyFlow(this.flow.credit(MIRROR, n))
      this.clients.deliver(data, 'parsed')
      this.stages.parsed(data)
    })
    this.clients.deliver(data, 'read')
  }

  private applyFlow(change: boolean | undefined): void {
    if (change === true) this.pty.pause()
    else if (change === false) this.pty.resume()
  }

  resize(size: { cols: number; rows: number }): void {
    this.clamp.resize(size)
  }

  /** The program exited and its trailing output is read: what clients are owed goes out now. */
  flushNow(): void {
    this.clients.flushNow()
  }

  /**
   * The mirror serialized with at most `scrollback` lines above the screen, with the log offset of
   * exactly the output it covers: the serialization runs after every write before it, so the
   * offset is taken now.
   */
  snapshotForSave(scrollback: number, size: { cols: number; rows: number }): Promise<SavedScreenShot> {
    const offset = this.mirroredOffset
    const ptyKey = this.pty.key
    return new Promise((resolve) => this.mirror.snapshot((serialized) => resolve({ serialized, ...size, offset, ptyKey }), scrollback))
  }

  /**
   * Starts delivering output to `sink` from exactly the point the returned snapshot ends, each
   * chunk as it is read or once it is parsed (`at`, see DeliveryPoint). The mirror serializes
   * after every chunk handed to it before, in order with its parse callbacks, so a client added
   * as the snapshot is asked (read) or from its callback (parsed) gets no chunk both in the
   * snapshot and after it, and none in neither.
   */
  attach(clientId: string, sink: DataSink, size: { cols: number; rows: number }, at: DeliveryPoint = 'read'): Promise<AttachSnapshot> {
    return new Promise((resolve) => {
      const { cols, rows } = size
      const client = at === 'read' ? this.clients.add(clientId, sink, at) : null
      this.mirror.snapshot((serialized) => {
        ;(client ?? this.clients.add(clientId, sink, at)).ready()
        resolve({ paneId: this.options.id, cols, rows, serialized })
      })
    })
  }

  detach(clientId: string): void {
    this.clients.remove(clientId)
  }

  ack(clientId: string, chars: number): void {
    this.clients.ack(clientId, chars)
  }

  isAttached(clientId: string): boolean {
    return this.clients.has(clientId)
  }
}
