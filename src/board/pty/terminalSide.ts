import type { FdTerminal } from './fdTerminal'
import type { OutputLog } from './outputLog'
import type { PtyExit } from './panePty'

/** What a RemotePty asks of its connection to the pty host (ptyHostClient.ts). */
export interface RemotePtyLink {
  input(id: number, data: string): void
  resize(id: number, cols: number, rows: number): void
  pause(id: number): void
  resume(id: number): void
  kill(id: number, graceMs: number): Promise<void>
  checkpoint(id: number, offset: number): void
  release(id: number): void
}

/**
 * Where a pane's terminal is driven from, once the host named it: its typing, flow control, the
 * end of its output and its log. Resizing and killing always go through the host (RemotePty).
 */
export interface TerminalSide {
  write(data: string): void
  pause(): void
  resume(): void
  /** The program ended: `deliver` runs once everything it wrote has been read. */
  ended(exit: PtyExit, deliver: (exit: PtyExit) => void): void
  /** A saved screen covers the output up to `offset`. */
  checkpoint(offset: number): void
  /** The board recorded the exit: the host forgets the terminal, and its log (if kept here) goes. */
  forget(): void
  /** Its log kept here goes (a pane let go of here forgets it too). */
  dropLog(): void
  /** A restart: nothing more is read here. */
  stopReading(): void
  /** Another board took the terminals over: nothing here touches this one any more. */
  letGo(): void
  dispose(): void
}

/** A terminal the pty host reads and writes: everything goes over its socket, by id. */
export class HostSide implements TerminalSide {
  constructor(
    protected readonly link: RemotePtyLink,
    protected readonly id: number,
  ) {}

  write(data: string): void {
    this.link.input(this.id, data)
  }

  pause(): void {
    this.link.pause(this.id)
  }

  resume(): void {
    this.link.resume(this.id)
  }

  ended(exit: PtyExit, deliver: (exit: PtyExit) => void): void {
    // The host sends the exit after the output it read: nothing is left to read.
    deliver(exit)
  }

  checkpoint(offset: number): void {
    this.link.checkpoint(this.id, offset)
  }

  forget(): void {
    this.link.release(this.id)
  }

  dropLog(): void {
    // The host kept no log of it here.
  }

  stopReading(): void {
    // The host stops sending output (stop-output); nothing is read here.
  }

  letGo(): void {}

  dispose(): void {}
}

/**
 * A terminal the pty host passed on: read, written and drained here (FdTerminal), its output
 * written down in its OutputLog. Until its descriptor came, typing, flow control and its exit wait
 * for it, in order. The host still keeps a checkpoint record of it and forgets it on release.
 */
export class PassedSide extends HostSide {
  private reader: { readonly terminal: FdTerminal; readonly log: OutputLog } | null = null
  /** Not here yet: what waits for the descriptor. */
  private waiting: { writes: string[]; paused: boolean; exit: { exit: PtyExit; deliver: (exit: PtyExit) => void } | null } | null = {
    writes: [],
    paused: false,
    exit: null,
  }
  private stopped = false
  private gone = false

  /** Its descriptor came (spawned, or attached): read here from now on. */
  attach(terminal: FdTerminal, log: OutputLog): void {
    if (this.gone || this.reader) {
      terminal.dispose()
      log.close()
      return
    }
    this.reader = { terminal, log }
    const waiting = this.waiting
    this.waiting = null
    if (this.stopped) terminal.pause()
    for (const data of waiting?.writes ?? []) terminal.write(data)
    if (waiting?.paused) terminal.pause()
    if (waiting?.exit) this.ended(waiting.exit.exit, waiting.exit.deliver)
  }

  override write(data: string): void {
    if (this.gone) return
    if (this.reader) this.reader.terminal.write(data)
    else this.waiting?.writes.push(data)
  }

  override pause(): void {
    if (this.gone) return
    if (this.reader) this.reader.terminal.pause()
    else if (this.waiting) this.waiting.paused = true
  }

  override resume(): void {
    if (this.gone) return
    if (this.reader) this.reader.terminal.resume()
    else if (this.waiting) this.waiting.paused = false
  }

  override ended(exit: PtyExit, deliver: (exit: PtyExit) => void): void {
    if (this.waiting) {
      this.waiting.exit = { exit, deliver }
      return
    }
    const terminal = this.reader?.terminal
    if (!terminal || terminal.hasEnded) return deliver(exit)
    // After what it wrote last: read here, not sent by the host. Then its descriptors go (an
    // ended pane may stay on the board for days), its log until the pane forgets it.
    void terminal.drain().then(() => {
      deliver(exit)
      terminal.dispose()
    })
  }

  override checkpoint(offset: number): void {
    this.reader?.log.checkpoint(offset)
    super.checkpoint(offset)
  }

  override forget(): void {
    this.dropLog()
    super.forget()
  }

  override dropLog(): void {
    this.reader?.log.remove()
  }

  override stopReading(): void {
    this.stopped = true
    this.reader?.terminal.pause()
  }

  override letGo(): void {
    this.dispose()
    // Its log is the next board's now: forgetting the pane here must not remove it.
    this.reader = null
  }

  /** Lets go of its descriptors here; its log stays until the pane forgets it. */
  override dispose(): void {
    this.gone = true
    this.waiting = null
    this.reader?.terminal.dispose()
    this.reader?.log.close()
  }
}
