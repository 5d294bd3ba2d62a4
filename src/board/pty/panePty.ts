import type { Event } from '../../core/lifecycle/emitter'
import type { IDisposable } from '../../core/lifecycle/disposable'

export interface PtyLaunch {
  readonly argv: readonly string[]
  readonly cwd: string
  readonly env: Readonly<Record<string, string>>
  readonly cols: number
  readonly rows: number
}

export interface PtyExit {
  readonly code: number
  readonly signal: number | null
}

/**
 * A pane's terminal and the program in it, wherever the PTY is held: in this process (PtyProcess)
 * or in the pty host, a process of its own that outlives the board's (RemotePty). Pane sees only this.
 */
export interface PanePty extends IDisposable {
  /** The program's pid; 0 until it runs (a pty host answers a spawn one round trip later, see `ready`). */
  readonly pid: number
  readonly hasExited: boolean
  readonly onData: Event<string>
  /** After the last output (see PtyProcess's flush). */
  readonly onExit: Event<PtyExit>
  /** Resolves once the program runs; rejects with what failed when it could not be started after all. */
  readonly ready: Promise<void>
  /**
   * Output delivered so far as a byte offset in the pty host's log of this terminal (UTF-8 bytes of
   * every chunk given to onData), or null when no log is kept. Read inside onData: the chunk's end.
   */
  readonly offset: number | null
  /** Which log `offset` counts in (one per program started in a terminal); null when none is kept. */
  readonly key: string | null
  write(data: string): void
  resize(cols: number, rows: number): void
  /** Flow control: stop reading the program's output until `resume`. */
  pause(): void
  resume(): void
  /** Hangs up the program's whole session, hard-kills what is left after `graceMs`; resolves when it is gone. */
  kill(graceMs?: number): Promise<void>
  /** Output up to `offset` is in a saved screen: the pty host need not keep it any longer. */
  checkpoint(offset: number): void
  /** The pane recorded the exit: the pty host may forget the terminal. */
  forget(): void
}

export type LaunchResult = { ok: true; pty: PanePty } | { ok: false; message: string }

/** Where a board's panes get their terminals: in-process, or the pty host. */
export interface PtyBackend {
  /**
   * Starts `launch`. What can be told at once (no such directory, no such program) is `ok: false`;
   * a later failure rejects the PTY's `ready`. `handover` is the board's own record of the pane,
   * kept by a pty host in memory and given back to the next board process (never written down).
   */
  launch(launch: PtyLaunch, handover?: string): LaunchResult
  /** The board's record of a pane changed (see `launch`). */
  updateHandover?(pty: PanePty, handover: string): void
}
