import { Emitter, type Event } from '../../core/lifecycle/emitter'
import type { FdTerminal } from './fdTerminal'
import type { OutputLog } from './outputLog'
import { HostSide, PassedSide, type RemotePtyLink, type TerminalSide } from './terminalSide'
import type { PanePty, PtyExit } from './panePty'

export type { RemotePtyLink }

export const enum RemotePtyConstants {
  /** PtyProcess's KillGraceMs: between hang-up and the hard kill. */
  KillGraceMs = 2000,
}

/**
 * A pane's terminal held by the pty host, seen from the board: PtyProcess's surface over the
 * host's socket. Output arrives as UTF-8 at log offsets; `offset` is where the last chunk ended.
 * A PTY being spawned has no id and pid yet (`ready`); what the pane does meanwhile (typing, a
 * resize) waits for it, in order. Output that arrives before the pane listens (the replay of a
 * terminal taken over) waits too, and comes in order once it does. Its typing, flow control and
 * end go where its TerminalSide says: the host's socket, or its passed descriptor read here.
 */
export class RemotePty implements PanePty {
  private readonly _onData = new Emitter<string>()
  private readonly _onExit = new Emitter<PtyExit>()
  private id: number | null
  private pidValue: number
  private keyValue: string | null
  private exitValue: PtyExit | null = null
  private offsetValue: number
  /** Null while it is being spawned: what the pane does waits in `waiting`. */
  private side: TerminalSide | null
  private readonly waiting: ((side: TerminalSide, id: number) => void)[] = []
  private queued: ({ data: string; end: number } | { exit: PtyExit })[] | null = []
  private flushScheduled = false
  private disposed = false
  /** A restart, or another board took over: nothing more is read here. */
  private stopped = false
  private settle!: { resolve: () => void; reject: (err: Error) => void }
  readonly ready: Promise<void>

  constructor(
    private readonly link: RemotePtyLink,
    /** A terminal the host already holds (taken over), or null for one being spawned. */
    held: { readonly id: number; readonly pid: number; readonly key: string; readonly from: number; readonly direct?: boolean } | null,
  ) {
    this.id = held?.id ?? null
    this.side = held ? (held.direct ? new PassedSide(link, held.id) : new HostSide(link, held.id)) : null
    this.pidValue = held?.pid ?? 0
    this.keyValue = held?.key ?? null
    this.offsetValue = held?.from ?? 0
    this.ready = new Promise<void>((resolve, reject) => (this.settle = { resolve, reject }))
    // A pane need not wait on it (it learns a failure from the exit); no unhandled rejection.
    this.ready.catch(() => undefined)
    if (held) this.settle.resolve()
  }

  readonly onData: Event<string> = (listener) => {
    const subscription = this._onData.event(listener)
    this.scheduleFlush()
    return subscription
  }

  readonly onExit: Event<PtyExit> = (listener) => this._onExit.event(listener)

  get pid(): number {
    return this.pidValue
  }

  get key(): string | null {
    return this.keyValue
  }

  /** Its id on the host's socket; null while it is being spawned. */
  get hostId(): number | null {
    return this.id
  }

  get offset(): number {
    return this.offsetValue
  }

  get hasExited(): boolean {
    return this.exitValue !== null
  }

  /** The host started it; `direct`: its descriptor, read here from now on. */
  spawned(id: number, pid: number, key: string, direct?: { terminal: FdTerminal; log: OutputLog }): void {
    if (direct) {
      const side = new PassedSide(this.link, id)
      this.side = side
      if (this.stopped) side.stopReading()
      this.readDirectly(direct.terminal, direct.log)
    } else {
      this.side = new HostSide(this.link, id)
    }
    this.id = id
    this.pidValue = pid
    this.keyValue = key
    for (const run of this.waiting.splice(0)) run(this.side, id)
    this.settle.resolve()
  }

  /** The host could not start it: the pane ends at once, with what failed on its screen. */
  failed(message: string): void {
    this.settle.reject(new Error(message))
    this.waiting.length = 0
    this.output(`\r\n${message}\r\n`, this.offsetValue)
    this.exited({ code: -1, signal: null })
  }

  /** Output ending at `end` (the terminal's byte offset). */
  output(data: string, end: number): void {
    if (this.disposed) return
    if (this.queued) this.queued.push({ data, end })
    else this.deliver(data, end)
  }

  /** Its descriptor came (spawned, or attached): it is read here. */
  readDirectly(terminal: FdTerminal, log: OutputLog): void {
    if (!this.disposed && this.side instanceof PassedSide) return this.side.attach(terminal, log)
    terminal.dispose()
    log.close()
  }

  exited(exit: PtyExit): void {
    if (this.disposed || this.exitValue) return
    const deliver = (e: PtyExit) => {
      if (this.disposed || this.exitValue) return
      if (this.queued) this.queued.push({ exit: e })
      else this.deliverExit(e)
    }
    if (this.side) this.side.ended(exit, deliver)
    else deliver(exit)
  }

  private deliver(data: string, end: number): void {
    // Read inside the listener: the pane notes where this chunk ends.
    this.offsetValue = end
    this._onData.fire(data)
  }

  private deliverExit(exit: PtyExit): void {
    this.exitValue = exit
    this._onExit.fire(exit)
  }

  private scheduleFlush(): void {
    if (this.flushScheduled || !this.queued) return
    this.flushScheduled = true
    // After the listener's owner has finished subscribing (the pane's constructor).
    queueMicrotask(() => {
      const queued = this.queued ?? []
      this.queued = null
      for (const item of queued) {
        if (this.disposed) return
        if ('exit' in item) this.deliverExit(item.exit)
        else this.deliver(item.data, item.end)
      }
    })
  }

  /** Runs now if the host named it, else once it does (in order). */
  private withSide(run: (side: TerminalSide, id: number) => void): void {
    if (this.disposed) return
    if (this.side && this.id !== null) run(this.side, this.id)
    else this.waiting.push(run)
  }

  write(data: string): void {
    if (this.exitValue) return
    this.withSide((side) => side.write(data))
  }

  resize(cols: number, rows: number): void {
    if (this.exitValue) return
    this.withSide((_, id) => this.link.resize(id, Math.max(1, cols), Math.max(1, rows)))
  }

  pause(): void {
    this.withSide((side) => side.pause())
  }

  resume(): void {
    if (this.stopped) return
    this.withSide((side) => side.resume())
  }

  /** This board lets go of the host: the descriptor goes too (the program runs on, held there). */
  letGo(): void {
    this.stopped = true
    this.side?.letGo()
  }

  /** A restart: reads nothing more (what comes waits in the terminal for the next board). */
  stopReading(): void {
    this.stopped = true
    this.side?.stopReading()
  }

  kill(graceMs: number = RemotePtyConstants.KillGraceMs): Promise<void> {
    if (this.disposed) return Promise.resolve()
    return this.ready.then(
      () => (this.id === null ? undefined : this.link.kill(this.id, graceMs)),
      () => undefined,
    )
  }

  checkpoint(offset: number): void {
    this.withSide((side) => side.checkpoint(offset))
  }

  /** The board recorded the exit: the host forgets the terminal, and its log goes. */
  forget(): void {
    // Its log goes even from a pane let go of here; only a live one tells the host.
    if (this.disposed) return this.side?.dropLog()
    this.withSide((side) => side.forget())
  }

  /** Lets go of it here only: the program runs on in the host (a restart, or the board ending). */
  dispose(): void {
    this.disposed = true
    this.side?.dispose()
    this.waiting.length = 0
    this._onData.dispose()
    this._onExit.dispose()
  }
}
