import * as nodePty from 'node-pty'
import { Emitter } from '../../core/lifecycle/emitter'
import type { Clock } from '../../core/lifecycle/clock'
import type { IDisposable } from '../../core/lifecycle/disposable'
import { checkCwd, resolveExecutable } from './launch'
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
}

export const enum KillConstants {
  /** Between hang-up and the hard kill of whatever is left of the pane's session. */
  KillGraceMs = 2000,
  /** How often the session is re-scanned while waiting out the grace period. */
  KillPollMs = 50,
}

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

export type LaunchResult = { ok: true; pty: PtyProcess } | { ok: false; message: string }

/** The node-pty adapter: spawn, write, resize, pause/resume, kill the whole tree, exit after flush. */
export class PtyProcess implements IDisposable {
  private readonly _onData = new Emitter<string>()
  readonly onData = this._onData.event
  private readonly _onExit = new Emitter<PtyExit>()
  readonly onExit = this._onExit.event

  private exited: PtyExit | null = null
  private exitReported = false
  private flushTimer: IDisposable | undefined
  private flushDeadline = 0
  private disposed = false

  static launch(launch: PtyLaunch, clock: Clock): LaunchResult {
    const [file, ...args] = launch.argv
    if (!file) return { ok: false, message: 'no command given' }
    const cwdProblem = checkCwd(launch.cwd)
    if (cwdProblem) return { ok: false, message: cwdProblem }
    const resolved = resolveExecutable(file, launch.cwd, launch.env.PATH)
    if (!resolved) return { ok: false, message: `${file}: command not found (not an executable file, nor on the pane's PATH)` }
    try {
      const pty = nodePty.spawn(resolved, args, {
        name: launch.env.TERM ?? 'xterm-256color',
        cols: launch.cols,
        rows: launch.rows,
        cwd: launch.cwd,
        env: launch.env,
        encoding: 'utf8',
      })
      return { ok: true, pty: new PtyProcess(pty, clock) }
    } catch (err) {
      return { ok: false, message: `the terminal could not be started: ${err instanceof Error ? err.message : String(err)}` }
    }
  }

  private constructor(
    private readonly pty: nodePty.IPty,
    private readonly clock: Clock,
  ) {
    pty.onData((data) => {
      if (this.disposed) return
      this._onData.fire(data)
      if (this.exited) this.scheduleExitReport()
    })
    pty.onExit(({ exitCode, signal }) => {
      this.exited = { code: exitCode, signal: signal ? signal : null }
      // Drain whatever is still buffered even if a slow consumer had paused us.
      this.resume()
      this.flushDeadline = this.clock.now() + PtyConstants.MaxFlushWait
      this.scheduleExitReport()
    })
  }

  get pid(): number {
    return this.pty.pid
  }

  get hasExited(): boolean {
    return this.exited !== null
  }

  private scheduleExitReport(): void {
    this.flushTimer?.dispose()
    const wait = Math.min(PtyConstants.DataFlushTimeout, Math.max(0, this.flushDeadline - this.clock.now()))
    this.flushTimer = this.clock.setTimeout(() => this.reportExit(), wait)
  }

  private reportExit(): void {
    if (this.exitReported || !this.exited) return
    this.exitReported = true
    this._onExit.fire(this.exited)
  }

  write(data: string): void {
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
    if (!this.exited) this.pty.pause()
  }

  resume(): void {
    this.pty.resume()
  }

  /**
   * Hangs up every process group in the pane's session, then hard-kills whatever is still alive
   * after the grace period. Resolves once the session is empty (or the kill was sent).
   */
  kill(graceMs: number = KillConstants.KillGraceMs): Promise<void> {
    const root = this.pid
    signalSession(root, 'SIGHUP')
    const deadline = this.clock.now() + graceMs
    return new Promise((resolve) => {
      const poll = () => {
        const alive = process.platform === 'linux' ? sessionMembers(root).length > 0 : !this.exited
        if (!alive) return resolve()
        if (this.clock.now() >= deadline) {
          signalSession(root, 'SIGKILL')
          return resolve()
        }
        this.clock.setTimeout(poll, KillConstants.KillPollMs)
      }
      poll()
    })
  }

  dispose(): void {
    if (this.disposed) return
    this.disposed = true
    this.flushTimer?.dispose()
    if (!this.exited) void this.kill(0)
    this._onData.dispose()
    this._onExit.dispose()
  }
}
