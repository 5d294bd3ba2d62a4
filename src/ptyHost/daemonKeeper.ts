import type { Clock } from '../core/lifecycle/clock'
import type { IDisposable } from '../core/lifecycle/disposable'
import type { DaemonCommand } from '../board/ptyHostProtocol/protocol'

export const DaemonKeeperConstants = {
  /** Waits before starting a new daemon after the last one died, one per failure in a row. */
  BackoffMs: [500, 1_000, 2_000, 5_000, 10_000, 30_000] as readonly number[],
  /** After a restart's `bye`, the restarting client starts the new daemon: start one only if none came by then. */
  AfterByeMs: 10_000,
  /** A daemon that has not said hello this long after being started has failed. */
  StartTimeoutMs: 30_000,
  /** A daemon that served this long resets the failure count. */
  HealthyMs: 60_000,
} as const

/**
 * Brings the board's status side back when it dies while the pty host holds panes (`kill -9`, a
 * crash, the OOM killer): it starts a new daemon the way the last one was started, after a
 * backoff that grows with each failure in a row (a daemon that dies on start is not started in a
 * tight loop), and gives up after the last step — the panes keep running, and the next client
 * (`switchboard`, the app) starts a daemon as always. After a restart's goodbye it only waits.
 */
export class DaemonKeeper implements IDisposable {
  private launcher: DaemonCommand | null = null
  private failures = 0
  private connectedAt: number | null = null
  private timer: IDisposable | null = null
  private gaveUp = false
  /** The daemons this keeper started that still run: the pty host's children, but no pane's. */
  private readonly running = new Set<number>()

  constructor(
    private readonly clock: Clock,
    /** Starts a daemon, returning its pid; `exited` is called if that process ends (before or after it said hello). */
    private readonly start: (launcher: DaemonCommand, exited: () => void) => number | undefined | void,
    private readonly log: (line: string, fields?: Record<string, unknown>) => void,
  ) {}

  /** A daemon said hello (with how to start another like it). */
  connected(launcher: DaemonCommand | null): void {
    this.cancel()
    if (launcher) this.launcher = launcher
    this.connectedAt = this.clock.now()
    this.gaveUp = false
  }

  /** The daemon went: on purpose (`bye`, a restart) or not. `holding`: panes are still held. */
  lost(onPurpose: boolean, holding: boolean): void {
    const servedMs = this.connectedAt === null ? 0 : this.clock.now() - this.connectedAt
    this.connectedAt = null
    if (servedMs >= DaemonKeeperConstants.HealthyMs) this.failures = 0
    if (!holding || !this.launcher) return
    if (onPurpose) return this.schedule(DaemonKeeperConstants.AfterByeMs, 'the restarted board has not come back')
    this.retry('the board died')
  }

  private retry(why: string): void {
    const steps = DaemonKeeperConstants.BackoffMs
    if (this.failures >= steps.length) {
      if (!this.gaveUp)
        this.log(
          `${why}; it failed ${this.failures} times in a row, so no new one is started: the panes keep running, and the next \`switchboard\` command or the app starts the board`,
        )
      this.gaveUp = true
      return
    }
    this.schedule(steps[this.failures++]!, why)
  }

  private schedule(ms: number, why: string): void {
    this.cancel()
    this.timer = this.clock.setTimeout(() => {
      this.timer = null
      if (!this.launcher) return
      this.log(`${why}; starting a new one`, { afterMs: ms })
      let attempt = true
      try {
        // Ended without any daemon having said hello since: a failure (a daemon that found another running ends too, after that one said hello).
        const pid = this.start(this.launcher, () => {
          if (pid) this.running.delete(pid)
          if (!attempt || this.connectedAt !== null) return
          attempt = false
          this.retry('the new board ended before it connected')
        })
        if (pid) this.running.add(pid)
      } catch (err) {
        this.log('could not start the board', { err: String(err) })
      }
      // Its hello cancels this; silence counts as one more failure.
      this.timer = this.clock.setTimeout(() => {
        this.timer = null
        if (!attempt) return
        attempt = false
        this.retry('the new board did not connect')
      }, DaemonKeeperConstants.StartTimeoutMs)
    }, ms)
  }

  /** The pids of the daemons it started that still run. */
  daemons(): number[] {
    return [...this.running]
  }

  private cancel(): void {
    this.timer?.dispose()
    this.timer = null
  }

  dispose(): void {
    this.cancel()
  }
}
