/**
 * The pty host protocol: what the board's process (the daemon) and the pty host (the process that
 * holds every pane's PTY and outlives the daemon) say to each other over one private Unix socket.
 * This file and frames.ts are the whole boundary: the daemon imports nothing else of this folder,
 * and the pty host imports nothing of the board (README.md here).
 *
 * Frames (frames.ts): JSON messages, output batches (many panes' bytes in one frame, one frame per
 * event-loop turn of the host) and input. Request/response pairs carry `rid`. Order is the
 * contract: a pane's output, its exit and every reply come in the order they happened.
 *
 * Passing terminals (`welcome.direct`, where both sides have native/fdpass): the host reads no
 * terminal. Each one's master descriptor goes to the board over a second connection, the board's
 * descriptor channel, just before the `spawned` or `attached` that names it; the board then reads,
 * writes and drains it itself, and keeps the log of its output (outputLog.ts). The host still
 * spawns, resizes, kills and reaps, and holds a copy of every descriptor between boards.
 */

/**
 * Bumped on any change either side must know of. A daemon meets a pty host of another version
 * only across an upgrade; it then says which is which and what to do (ptyHostClient.ts).
 */
export const PTY_HOST_PROTOCOL = 2

/** A terminal held by the pty host: its id on this socket. */
export type PtyId = number

export interface WireLaunch {
  readonly argv: readonly string[]
  readonly cwd: string
  readonly env: Readonly<Record<string, string>>
  readonly cols: number
  readonly rows: number
}

/** How the pty host starts a new daemon when the one it served died (never after `bye` or `shutdown` within the grace). */
export interface DaemonCommand {
  readonly execPath: string
  readonly args: readonly string[]
  readonly cwd: string
  readonly env: Readonly<Record<string, string>>
  /** Where its stdout and stderr go (appended, 0600). */
  readonly logFile: string
}

export interface WireExit {
  readonly code: number
  readonly signal: number | null
}

/** A held terminal as the host describes it to a daemon that connects. */
export interface HeldPtyInfo {
  readonly id: PtyId
  /** Which program in which terminal: the offsets of this log mean nothing under another key. */
  readonly key: string
  readonly pid: number
  /** The board's own record of the pane (see paneHandover.ts), as it gave it. */
  readonly handover: string
  /** The log keeps output from `logStart` to `end` (byte offsets since the program started). */
  readonly logStart: number
  readonly end: number
  /** Output up to here was sent to a daemon before (its terminal queries were answered there). */
  readonly delivered: number
  /** The program ended (while no daemon read it, or before this one took it). */
  readonly exit: WireExit | null
  /**
   * Passed on, not read by the host: its output is in the board's own log files, and `logStart`,
   * `end` and `delivered` are the offset of the last screen the board saved.
   */
  readonly direct?: boolean
}

export type ToHost =
  | {
      readonly t: 'hello'
      readonly protocol: number
      readonly version: string
      readonly pid: number
      readonly launcher: DaemonCommand | null
      /** This board can take terminals' descriptors (it has native/fdpass). */
      readonly fds?: boolean
    }
  /** The only message of a board's descriptor channel: which board's it is (`welcome.direct.token`). */
  | { readonly t: 'fd-channel'; readonly token: string }
  /** The board's own state across its restarts (e.g. the report server's port), kept in memory. */
  | { readonly t: 'board'; readonly board: string }
  | { readonly t: 'spawn'; readonly rid: number; readonly launch: WireLaunch; readonly handover: string }
  /** Start sending this terminal's output from `from` (what follows the saved screen). */
  | { readonly t: 'attach'; readonly id: PtyId; readonly from: number }
  | { readonly t: 'resize'; readonly id: PtyId; readonly cols: number; readonly rows: number }
  | { readonly t: 'pause'; readonly id: PtyId }
  | { readonly t: 'resume'; readonly id: PtyId }
  | { readonly t: 'kill'; readonly rid: number; readonly id: PtyId; readonly graceMs: number }
  /** A screen covering output up to `offset` is saved: the log may drop what is before it. */
  | { readonly t: 'checkpoint'; readonly id: PtyId; readonly offset: number }
  /** The board's record of a pane changed (e.g. its change count's start commit became known). */
  | { readonly t: 'handover'; readonly id: PtyId; readonly handover: string }
  /** The exit is recorded by the board: forget the terminal. */
  | { readonly t: 'release'; readonly id: PtyId }
  /** A restart: send no more output (it waits in the logs); answered once everything sent is out. */
  | { readonly t: 'stop-output'; readonly rid: number }
  /** The daemon goes on purpose and a new one will come (a restart): nothing to respawn at once. */
  | { readonly t: 'bye' }
  /** End every pane and the pty host itself (quit). Answered once every pane is gone. */
  | { readonly t: 'shutdown'; readonly rid: number }

export type FromHost =
  | {
      readonly t: 'welcome'
      readonly protocol: number
      readonly version: string
      readonly pid: number
      /** SWITCHBOARD_BOARD_TAG for new panes: the host's session reaper finds them by it. */
      readonly reaperTag: string | null
      readonly board: string | null
      readonly ptys: readonly HeldPtyInfo[]
      /**
       * Terminals are passed on: the board opens its descriptor channel with this token and waits
       * for `fd-channel-ready` before anything else. Null: the host reads them and sends output.
       */
      readonly direct: { readonly token: string } | null
    }
  /** The board's descriptor channel is open: spawn and attach now pass descriptors on it. */
  | { readonly t: 'fd-channel-ready' }
  /** The host speaks another protocol: nothing else is said on this connection. */
  | { readonly t: 'refused'; readonly protocol: number; readonly version: string; readonly pid: number; readonly reason: string }
  /** Another daemon connected: this connection is over (this daemon has lost its panes). */
  | { readonly t: 'replaced' }
  /** `direct`: its descriptor is on the board's channel, next in line. */
  | {
      readonly t: 'spawned'
      readonly rid: number
      readonly ok: true
      readonly id: PtyId
      readonly key: string
      readonly pid: number
      readonly direct?: boolean
    }
  | { readonly t: 'spawned'; readonly rid: number; readonly ok: false; readonly message: string }
  /** Sent before the replay of an `attach`; `logStart` > `from`: output in between is lost. */
  | { readonly t: 'attached'; readonly id: PtyId; readonly from: number; readonly logStart: number; readonly direct?: boolean }
  | { readonly t: 'exit'; readonly id: PtyId; readonly exit: WireExit }
  | { readonly t: 'killed'; readonly rid: number }
  | { readonly t: 'output-stopped'; readonly rid: number }
  | { readonly t: 'shutdown-done'; readonly rid: number; readonly panes: number }
  | { readonly t: 'error'; readonly rid?: number; readonly message: string }
