import type { IDisposable } from '../core/lifecycle/disposable'
import type { PtyProcess } from '../board/pty/ptyProcess'
import { ByteLog } from './byteLog'
import type { HeldPtyInfo, PtyId, WireExit } from '../board/ptyHostProtocol/protocol'

export const enum HeldPtyConstants {
  /**
   * Output kept per terminal since the board's last saved screen (it saves every 2 s). An agent
   * redrawing at 10 Hz writes ~20 kB/s; beyond this, with a board connected, the oldest output is
   * dropped (a restart then says the screen may be incomplete and asks the program to redraw);
   * with none connected the program is held back instead, as a slow terminal would.
   */
  LogBytes = 4 * 1024 * 1024,
}

/** What a held terminal tells the pty host. */
export interface HeldPtyEvents {
  /** New output at `start`: send it on if a board reads this terminal. */
  output(pty: HeldPty, start: number): void
  exit(pty: HeldPty): void
}

/**
 * One terminal in the pty host: the PTY with its program (PtyProcess, as the board used to hold
 * it), the log of its output since the board's last saved screen, its exit once it ended, and the
 * board's own record of the pane (`handover`, opaque here). Reading is paused while the board asks
 * (flow control), while the board's socket is full, and while no board reads and the log is full.
 */
export class HeldPty implements IDisposable {
  readonly log = new ByteLog()
  exit: WireExit | null = null
  /** Output up to here has been written to a board's socket (that board answered its queries). */
  delivered = 0
  /** The board that reads it: output from `sentTo` on goes to it. Null while none has attached. */
  attached: { sentTo: number } | null = null
  private flowPaused = false
  private hostPaused = false
  private logFull = false
  private readingPaused = false
  private readonly subscriptions: IDisposable[] = []

  constructor(
    readonly id: PtyId,
    readonly key: string,
    readonly pty: PtyProcess,
    public handover: string,
    private readonly events: HeldPtyEvents,
    private readonly logBytes: number = HeldPtyConstants.LogBytes,
  ) {
    this.subscriptions.push(
      pty.onData((data) => {
        const start = this.log.append(data)
        this.fitLog()
        this.events.output(this, start)
      }),
      pty.onExit((exit) => {
        this.exit = exit
        this.events.exit(this)
      }),
    )
  }

  get pid(): number {
    return this.pty.pid
  }

  info(): HeldPtyInfo {
    return {
      id: this.id,
      key: this.key,
      pid: this.pid,
      handover: this.handover,
      logStart: this.log.start,
      end: this.log.end,
      delivered: this.delivered,
      exit: this.exit,
    }
  }

  /** With a board reading, the oldest output goes; with none, reading stops at the limit (nothing is lost). */
  private fitLog(): void {
    if (this.log.size <= this.logBytes) return
    if (this.attached) this.log.shrinkTo(this.logBytes)
    else this.setLogFull(true)
  }

  private setLogFull(full: boolean): void {
    this.logFull = full
    this.applyPause()
  }

  /** The board's flow control (its mirror is behind). */
  setFlowPaused(paused: boolean): void {
    this.flowPaused = paused
    this.applyPause()
  }

  /** The pty host's own: its socket to the board is full. */
  setHostPaused(paused: boolean): void {
    this.hostPaused = paused
    this.applyPause()
  }

  private applyPause(): void {
    const paused = this.flowPaused || this.hostPaused || this.logFull
    if (paused === this.readingPaused) return
    this.readingPaused = paused
    if (paused) this.pty.pause()
    else this.pty.resume()
  }

  /** A board reads it from `from` on. */
  attach(from: number): void {
    this.attached = { sentTo: Math.max(from, this.log.start) }
    if (this.logFull) this.setLogFull(false)
    this.fitLog()
  }

  /** No board reads it any more (it went); its flow control goes with it. */
  detach(): void {
    this.attached = null
    this.flowPaused = false
    this.hostPaused = false
    this.applyPause()
    this.fitLog()
  }

  /** A saved screen covers the output up to `offset`. */
  checkpoint(offset: number): void {
    this.log.trim(Math.min(offset, this.attached?.sentTo ?? offset))
    if (this.logFull && this.log.size <= this.logBytes) this.setLogFull(false)
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose()
    this.pty.dispose()
  }
}
