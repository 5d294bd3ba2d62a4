import { readSync } from 'node:fs'
import { StringDecoder } from 'node:string_decoder'
import * as nodePty from 'node-pty'
import { Emitter } from '../../core/lifecycle/emitter'
import type { Clock } from '../../core/lifecycle/clock'
import type { IDisposable } from '../../core/lifecycle/disposable'
import { withDenseDescriptors } from './fdHygiene'
import { findExecutable } from '../util/findExecutable'
import { checkCwd } from './launch'
import type { PanePty, PtyBackend, PtyExit, PtyLaunch } from './panePty'
import { sessionMembers, signalSession } from './processTree'

export const enum PtyConstants {
  /**
   * After the child exits, node-pty may still deliver output (node-pty#72): the exit is reported
   * only once no data arrived for this long, so the final screen (often the agent's last words)
   * is in the mirror before the pane says `exited`. VS Code's DataFlushTimeout.
   */
  DataFlushTimeout = 250,
  /** Upper bound on waiting for trailing output, in case a grandchild keeps the PTY busy. */
  MaxFlushWait = 2000,
  /** While draining a closing PTY, how often its descriptor is read directly. */
  DrainPollMs = 20,
}

export const enum KillConstants {
  /** Between hang-up and the hard kill of whatever is left of the pane's session. */
  KillGraceMs = 2000,
  /** How often the session is re-scanned while waiting out the grace period. */
  KillPollMs = 50,
}

export type { PtyExit, PtyLaunch } from './panePty'

/** What a launch in this process gives: the PTY itself. */
export type LocalLaunchResult = { ok: true; pty: PtyProcess } | { ok: false; message: string }

/** PTY masters this process holds open (without close-on-exec: node-pty opens them so). */
const liveMasters = new Set<number>()

/**
 * node-pty starts reading its stream on the next tick, and a paused stream still reads one more
 * chunk: either would take bytes from the process that reads this terminal. The stream's read is
 * made a no-op before that tick, so it never starts.
 */
function neverRead(pty: nodePty.IPty): boolean {
  const socket = (pty as unknown as { _socket?: { _read?: unknown; pause(): unknown } })._socket
  if (!socket || typeof socket._read !== 'function') return false
  socket._read = () => undefined
  socket.pause()
  return true
}

/** The node-pty adapter: spawn, write, resize, pause/resume, kill the whole tree, exit after flush. */
export class PtyProcess implements PanePty {
  private readonly _onData = new Emitter<string>()
  readonly onData = this._onData.event
  private readonly _onExit = new Emitter<PtyExit>()
  readonly onExit = this._onExit.event

  private exited: PtyExit | null = null
  private paused = false
  /** The PTY is closing: output is drained regardless of flow control (see keepTrailingOutput). */
  private draining = false
  private lastDataAt = 0
  private drainTimer: IDisposable | undefined
  /** The terminal was drained to silence before closing (see keepTrailingOutput). */
  private drained = false
  private exitReported = false
  private flushTimer: IDisposable | undefined
  private flushDeadline = 0
  private disposed = false

  /**
   * `held`: the PTY is only held here and read by another process, which got its master descriptor
   * (fdPass.ts): this process never reads a byte of it, and reports the exit as soon as the program ends.
   */
  static launch(launch: PtyLaunch, clock: Clock, held = false): LocalLaunchResult {
    const [file, ...args] = launch.argv
    if (!file) return { ok: false, message: 'no command given' }
    const cwdProblem = checkCwd(launch.cwd)
    if (cwdProblem) return { ok: false, message: cwdProblem }
    const resolved = findExecutable(file, launch.env.PATH, launch.cwd)
    if (!resolved) return { ok: false, message: `${file}: command not found (not an executable file, nor on the pane's PATH)` }
    try {
      // Dense descriptors: node-pty's close-on-exec loop then reaches every master (fdHygiene.ts).
      const pty = withDenseDescriptors(Math.max(0, ...liveMasters), () =>
        nodePty.spawn(resolved, args, {
          name: launch.env.TERM ?? 'xterm-256color',
          cols: launch.cols,
          rows: launch.rows,
          cwd: launch.cwd,
          env: launch.env,
          encoding: 'utf8',
        }),
      )
      const master = (pty as unknown as { _fd?: number })._fd
      if (held && !neverRead(pty)) {
        pty.kill('SIGKILL')
        return { ok: false, message: 'this node-pty has no stream to hold back: the terminal cannot be handed to the board (set SWITCHBOARD_PTY_DIRECT=0)' }
      }
      return { ok: true, pty: new PtyProcess(pty, clock, typeof master === 'number' ? master : null, held) }
    } catch (err) {
      return { ok: false, message: `the terminal could not be started: ${err instanceof Error ? err.message : String(err)}` }
    }
  }

  private constructor(
    private readonly pty: nodePty.IPty,
    private readonly clock: Clock,
    /** The PTY master's descriptor in this process, while it is open. */
    private master: number | null,
    held: boolean,
  ) {
    if (master !== null) liveMasters.add(master)
    if (!held) {
      this.keepTrailingOutput()
      pty.onData((data) => this.handleData(data))
    }
    pty.onExit(({ exitCode, signal }) => {
      this.exited = { code: exitCode, signal: signal ? signal : null }
      this.flushDeadline = this.clock.now() + PtyConstants.MaxFlushWait
      if (this.drained || held) this.flushDeadline = this.clock.now()
      this.scheduleExitReport()
    })
  }

  /** The master descriptor node-pty opened, while it is open (a holder passes a copy on). */
  get masterFd(): number | null {
    return this.master
  }

  /**
   * node-pty (1.1.0) loses the end of a program's output; measured here with
   * `yes | head -c 3M; echo END`, END was lost in most runs. Linux may still have output in flight
   * for the PTY after the program closed it, but (a) the read fails with EIO and the stream is
   * destroyed on that error, (b) libuv takes a short read plus hang-up for end-of-file, and
   * (c) node-pty destroys a stream that has not ended 200 ms after the exit (a stream we paused
   * for flow control never does). So any destroy is taken as "drain": keep reading regardless of
   * flow control, read the descriptor directly once the stream gave up, and destroy for real once
   * nothing came for DataFlushTimeout, or at the latest after MaxFlushWait (a grandchild holding
   * the terminal open).
   */
  private keepTrailingOutput(): void {
    type Stream = { destroy: (err?: Error) => unknown; resume(): unknown; readableLength: number }
    const internals = this.pty as unknown as { _socket?: Stream; _fd?: number }
    const socket = internals._socket
    const fd = internals._fd
    if (!socket || typeof socket.destroy !== 'function' || typeof fd !== 'number') return // a node-pty without the quirk
    const destroy = socket.destroy.bind(socket)
    const decoder = new StringDecoder('utf8')
    // Allocated only once draining starts: 64 KiB per idle pane otherwise (measured).
    let buffer: Buffer | null = null
    let finished = false
    let pendingError: Error | undefined
    let deadline = 0
    const readDirectly = () => {
      // Only once the stream has handed over all it buffered, so the order of output is kept.
      buffer ??= Buffer.alloc(64 * 1024)
      while (socket.readableLength === 0) {
        let n = 0
        try {
          n = readSync(fd, buffer, 0, buffer.length, null)
        } catch {
          return // EAGAIN: nothing yet; EIO/EBADF: the terminal is gone
        }
        if (n <= 0) return
        this.handleData(decoder.write(buffer.subarray(0, n)))
      }
    }
    const check = () => {
      readDirectly()
      const now = this.clock.now()
      if (now - this.lastDataAt < PtyConstants.DataFlushTimeout && now < deadline) {
        this.drainTimer = this.clock.setTimeout(check, PtyConstants.DrainPollMs)
        return
      }
      finished = true
      // Nothing came for DataFlushTimeout: the exit can be reported at once, not after another wait.
      this.drained = true
      destroy(pendingError)
    }
    socket.destroy = (err?: Error) => {
      if (finished || this.disposed) return destroy(err)
      pendingError ??= err
      if (!this.draining) {
        this.draining = true
        this.paused = false
        deadline = this.clock.now() + PtyConstants.MaxFlushWait
        socket.resume()
        this.drainTimer = this.clock.setTimeout(check, PtyConstants.DrainPollMs)
      }
      return socket
    }
  }

  get pid(): number {
    return this.pty.pid
  }

  /** node-pty forks synchronously: the program runs once `launch` returns. */
  readonly ready: Promise<void> = Promise.resolve()
  /** No log is kept in this process: a board restart ends the program anyway. */
  readonly offset = null
  readonly key = null

  checkpoint(): void {}
  forget(): void {}

  get hasExited(): boolean {
    return this.exited !== null
  }

  private handleData(data: string): void {
    if (this.disposed || !data) return
    this.lastDataAt = this.clock.now()
    this._onData.fire(data)
    if (this.exited) this.scheduleExitReport()
  }

  private scheduleExitReport(): void {
    this.flushTimer?.dispose()
    const wait = Math.min(PtyConstants.DataFlushTimeout, Math.max(0, this.flushDeadline - this.clock.now()))
    this.flushTimer = this.clock.setTimeout(() => this.reportExit(), wait)
  }

  private reportExit(): void {
    if (this.exitReported || !this.exited) return
    this.exitReported = true
    this.forgetMaster()
    this._onExit.fire(this.exited)
  }

  write(data: string | Buffer): void {
    if (this.exited) return
    this.pty.write(data)
  }

  resize(cols: number, rows: number): void {
    if (this.exited) return
    try {
      this.pty.resize(Math.max(1, cols), Math.max(1, rows))
    } catch {
      // Swallow: the PTY closed between the exit check and the resize.
    }
  }

  pause(): void {
    if (this.paused || this.draining) return
    this.paused = true
    this.pty.pause()
  }

  resume(): void {
    if (!this.paused) return
    this.paused = false
    this.pty.resume()
  }

  /**
   * Hangs up every process group in the pane's session, then hard-kills whatever is still alive
   * after the grace period. Resolves once the session is empty (or the kill was sent).
   */
  kill(graceMs: number = KillConstants.KillGraceMs): Promise<void> {
    const root = this.pid
    signalSession(root, 'SIGHUP', !this.exited)
    const deadline = this.clock.now() + graceMs
    return new Promise((resolve) => {
      const poll = () => {
        const alive = process.platform === 'linux' ? sessionMembers(root).length > 0 : !this.exited
        if (!alive) return resolve()
        if (this.clock.now() >= deadline) {
          signalSession(root, 'SIGKILL', !this.exited)
          return resolve()
        }
        this.clock.setTimeout(poll, KillConstants.KillPollMs)
      }
      poll()
    })
  }

  /** node-pty closes the master once the stream is destroyed, before the exit is reported. */
  private forgetMaster(): void {
    if (this.master !== null) liveMasters.delete(this.master)
    this.master = null
  }

  dispose(): void {
    if (this.disposed) return
    this.disposed = true
    this.forgetMaster()
    this.flushTimer?.dispose()
    this.drainTimer?.dispose()
    if (!this.exited) void this.kill(0)
    this._onData.dispose()
    this._onExit.dispose()
  }
}

/** PTYs in this process: they end with it (tests, benchmarks; the daemon uses the pty host). */
export class LocalPtys implements PtyBackend {
  constructor(private readonly clock: Clock) {}

  launch(launch: PtyLaunch): LocalLaunchResult {
    return PtyProcess.launch(launch, this.clock)
  }
}
