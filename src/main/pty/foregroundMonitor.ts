import { Emitter } from '../../core/lifecycle/emitter'
import type { Clock } from '../../core/lifecycle/clock'
import type { IDisposable } from '../../core/lifecycle/disposable'
import type { ForegroundProgram } from '../../shared/domain/pane'
import { readForeground, type ForegroundReading } from './processTree'

export const enum ForegroundConstants {
  /** After input (a command typed and Enter pressed) the job starts within a few ms; look soon. */
  AfterInputMs = 30,
  /** Output can be a flood: look at most this often because of it. */
  AfterOutputMs = 250,
  /** A silent program can start or end a job with no output at all: look this often regardless. */
  IdlePollMs = 1000,
}

/**
 * Tracks which program owns the pane's terminal (the foreground process group), like VS Code's
 * ChildProcessMonitor: checks are triggered by input and output and throttled, with a slow poll
 * as a backstop, and the event fires only on real change.
 */
export class ForegroundMonitor implements IDisposable {
  private readonly _onDidChange = new Emitter<ForegroundProgram>()
  readonly onDidChange = this._onDidChange.event
  private current: ForegroundProgram | null = null
  private timer: IDisposable | undefined
  private dueAt = Infinity
  private checking = false
  private disposed = false

  constructor(
    private readonly rootPid: number,
    private readonly clock: Clock,
    private readonly read: (pid: number) => Promise<ForegroundReading | null> = readForeground,
  ) {
    this.schedule(0)
  }

  get program(): ForegroundProgram | null {
    return this.current
  }

  noteInput(): void {
    this.schedule(ForegroundConstants.AfterInputMs)
  }

  noteOutput(): void {
    this.schedule(ForegroundConstants.AfterOutputMs)
  }

  /** Runs a check no later than `ms` from now (an earlier pending check stays). */
  private schedule(ms: number): void {
    if (this.disposed) return
    const at = this.clock.now() + ms
    if (at >= this.dueAt) return
    this.timer?.dispose()
    this.dueAt = at
    this.timer = this.clock.setTimeout(() => void this.check(), ms)
  }

  private async check(): Promise<void> {
    this.dueAt = Infinity
    this.timer = undefined
    if (this.disposed || this.checking) return
    this.checking = true
    try {
      const reading = await this.read(this.rootPid)
      if (this.disposed) return
      if (reading) this.update({ pid: reading.tpgid, argv: reading.argv, isRoot: reading.tpgid === reading.rootPgrp })
    } finally {
      this.checking = false
      this.schedule(ForegroundConstants.IdlePollMs)
    }
  }

  private update(next: ForegroundProgram): void {
    const prev = this.current
    if (prev && prev.pid === next.pid && prev.argv.join('\0') === next.argv.join('\0')) return
    this.current = next
    this._onDidChange.fire(next)
  }

  dispose(): void {
    this.disposed = true
    this.timer?.dispose()
    this._onDidChange.dispose()
  }
}
