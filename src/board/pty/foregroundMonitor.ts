import { Emitter } from '../../core/lifecycle/emitter'
import { lateGridDelay, type Clock } from '../../core/lifecycle/clock'
import type { IDisposable } from '../../core/lifecycle/disposable'
import type { ForegroundProgram } from '../../shared/domain/pane'
import type { TerminalReader } from '../../core/status/processSignals'
import { readForeground, type ForegroundReading } from './processTree'
import { readTerminalReader } from './terminalReader'

/** Who owns the terminal, and who in that job waits for the keyboard. */
export interface ForegroundState {
  readonly program: ForegroundProgram
  readonly reader: TerminalReader | null
}

type ReadReader = (rootPid: number, tpgid: number, scanJob: boolean, previous: TerminalReader | null, ttyNr?: number) => TerminalReader | null

export const enum ForegroundConstants {
  /** After input (a command typed and Enter pressed) the job starts within a few ms; look soon. */
  AfterInputMs = 30,
  /**
   * …and if the shell is still in front, look again this much later, this many times: on a busy
   * machine the shell forks its job after the first look, and a short job (`sleep 0.2`) ended
   * before the next output-driven check, so it was never seen working.
   */
  InputRecheckMs = 60,
  InputRechecks = 3,
  /** Output after a quiet spell (a burst begins): look this soon. */
  AfterOutputMs = 250,
  /** A silent program can start or end a job with no output at all: look this often regardless. */
  IdlePollMs = 1000,
  /** With no input or output since, the session scan for a job's reader is repeated this rarely. */
  RescanQuietMs = 5000,
  /**
   * Output quiet this long ends a burst: look then (a job that finished printed its last line and
   * the shell its prompt). The session scan (every /proc/<pid>/stat: ~7 ms with 135 processes,
   * measured) runs only then: a program at a prompt has stopped printing, and a build printing
   * through `make` must not pay for a scan at every look.
   */
  ScanAfterQuietMs = 200,
  /**
   * Wake-ups that only watch for a burst's end go on this grid, shared by every pane (later by
   * < this, never earlier): 20 panes redrawing at 10 Hz woke the board's thread ~100 times a
   * second for it, one pane at a time; on the grid they wake it at most 20 times together.
   */
  BurstGridMs = 50,
}

/**
 * The root caught running while it holds the terminal is either between a loop's jobs, drawing
 * its prompt, or running its own commands: look again this soon, and only after this many such
 * looks in a row say it runs (a prompt is asleep again within milliseconds).
 */
export const RUNNING_RECHECK_MS = 30
export const RUNNING_LOOKS = 3

/**
 * While output goes on (an agent redrawing every 100 ms never pauses), look only this often: a
 * program in front that keeps printing rarely changes, and the end of the burst is looked at
 * anyway (ForegroundConstants.ScanAfterQuietMs). Each look is three /proc reads, ~50 µs of CPU measured here.
 */
export const DURING_OUTPUT_MS = 1000

/**
 * Tracks which program owns the pane's terminal (the foreground process group), like VS Code's
 * ChildProcessMonitor. /proc is read on edges: soon after input, when output starts after a quiet
 * spell and when it stops again, at most once a second while it goes on, and once a second when
 * nothing happens (a silent program can start or end a job). Between edges the last reading
 * stands; the event fires only on real change. One timer per pane: output only moves a deadline,
 * and a wake-up that finds the burst still going re-arms without reading anything.
 */
export class ForegroundMonitor implements IDisposable {
  private readonly _onDidChange = new Emitter<ForegroundState>()
  /** The foreground program changed, or a process of its job started or stopped reading the terminal. */
  readonly onDidChange = this._onDidChange.event
  private current: ForegroundProgram | null = null
  private currentReader: TerminalReader | null = null
  /** Input or output since the last job scan: only then can a reader have appeared or gone. */
  private activity = true
  private lastScanAt = -Infinity
  private lastOutputAt = -Infinity
  private lastCheckAt = -Infinity
  /** Input, or output after a quiet spell, since the last look: the next wake-up reads. */
  private edge = true
  /** Looks left after input while the root (the shell) is still in front. */
  private inputRechecks = 0
  /** Looks in a row that found the root running in front (see RUNNING_LOOKS). */
  private runningLooks = 0
  private timer: IDisposable | undefined
  private dueAt = Infinity
  private checking = false
  /** The look under way (or the last one): what `looked()` waits for. */
  private looking: Promise<void> = Promise.resolve()
  private disposed = false

  /** The pane's root; 0 while its program is not running yet (a pty host answers a spawn a round trip later). */
  private readonly rootPid: () => number

  constructor(
    rootPid: number | (() => number),
    private readonly clock: Clock,
    private readonly read: (pid: number, rootBusy: boolean) => Promise<ForegroundReading | null> = readForeground,
    private readonly readReader: ReadReader = readTerminalReader,
    /**
     * Only a shell's own process in front can be at its prompt or not; an agent or a program as
     * the root runs now and then while it works, and telling that would only churn events.
     */
    private readonly rootIsShell = true,
  ) {
    this.rootPid = typeof rootPid === 'number' ? () => rootPid : rootPid
    this.schedule(0)
  }

  get program(): ForegroundProgram | null {
    return this.current
  }

  /** The process of the foreground job that waits for the keyboard, if any (Linux). */
  get reader(): TerminalReader | null {
    return this.currentReader
  }

  /**
   * Resolves once the look at /proc started by now, if any, has finished and reported: a caller
   * that moved the clock (a test's virtual one) reads what that look found, not what came before.
   */
  looked(): Promise<void> {
    return this.looking
  }

  noteInput(): void {
    this.activity = true
    this.edge = true
    this.inputRechecks = ForegroundConstants.InputRechecks
    this.schedule(ForegroundConstants.AfterInputMs)
  }

  noteOutput(): void {
    const now = this.clock.now()
    this.activity = true
    if (now - this.lastOutputAt >= ForegroundConstants.ScanAfterQuietMs) {
      this.edge = true
      this.schedule(ForegroundConstants.AfterOutputMs)
    }
    this.lastOutputAt = now
    // Wake when the burst may have ended; with a wake-up already due by then this costs nothing.
    this.schedule(ForegroundConstants.ScanAfterQuietMs, ForegroundConstants.BurstGridMs)
  }

  /** Runs a check no later than `ms` from now (an earlier pending check stays); `grid`: on that shared grid, up to `grid` later. */
  private schedule(ms: number, grid = 0): void {
    if (this.disposed) return
    const now = this.clock.now()
    const at = now + lateGridDelay(now, ms, grid)
    if (at >= this.dueAt) return
    this.timer?.dispose()
    this.dueAt = at
    this.timer = this.clock.setTimeout(() => this.wake(), at - now)
  }

  private wake(): void {
    this.dueAt = Infinity
    this.timer = undefined
    const now = this.clock.now()
    const burstEndsAt = this.lastOutputAt + ForegroundConstants.ScanAfterQuietMs
    const lookAt = this.lastCheckAt + DURING_OUTPUT_MS
    // Output still going and no edge: nothing new to read yet.
    if (!this.edge && now < burstEndsAt && now < lookAt) return this.schedule(Math.min(burstEndsAt, lookAt) - now, ForegroundConstants.BurstGridMs)
    if (!this.checking) this.looking = this.check()
  }

  private async check(): Promise<void> {
    if (this.disposed || this.checking) return
    this.checking = true
    this.edge = false
    this.lastCheckAt = this.clock.now()
    let again: number = ForegroundConstants.IdlePollMs
    try {
      const rootPid = this.rootPid()
      if (!rootPid) {
        again = RUNNING_RECHECK_MS
        return
      }
      const reading = await this.read(rootPid, this.rootIsShell)
      if (this.disposed) return
      if (!reading) return
      if (this.inputRechecks > 0 && reading.tpgid === reading.rootPgrp) {
        this.inputRechecks--
        // A recheck is an edge: it reads even while output goes on.
        this.edge = true
        again = ForegroundConstants.InputRecheckMs
      } else this.inputRechecks = 0
      const rootBusy = this.rootIsShell ? reading.rootBusy : null
      if (rootBusy === 'running' && ++this.runningLooks < RUNNING_LOOKS) {
        // Not decided yet: the last reading stands until the next look tells.
        this.edge = true
        again = RUNNING_RECHECK_MS
        return
      }
      if (rootBusy !== 'running') this.runningLooks = 0
      const now = this.clock.now()
      const quiet = now - this.lastOutputAt >= ForegroundConstants.ScanAfterQuietMs
      const scanJob = quiet && (this.activity || now - this.lastScanAt >= ForegroundConstants.RescanQuietMs)
      if (scanJob) {
        this.activity = false
        this.lastScanAt = now
      }
      const reader = this.readReader(rootPid, reading.tpgid, scanJob, this.currentReader, reading.ttyNr)
      const isRoot = reading.tpgid === reading.rootPgrp
      this.update({ pid: reading.tpgid, argv: reading.argv, isRoot, ...(isRoot && rootBusy ? { rootBusy } : {}) }, reader)
    } finally {
      this.checking = false
      this.schedule(again)
    }
  }

  private update(next: ForegroundProgram, reader: TerminalReader | null): void {
    const prev = this.current
    const sameProgram = prev && prev.pid === next.pid && prev.rootBusy === next.rootBusy && prev.argv.join('\0') === next.argv.join('\0')
    if (sameProgram && (reader?.pid ?? null) === (this.currentReader?.pid ?? null)) return
    if (!sameProgram) this.current = next
    this.currentReader = reader
    this._onDidChange.fire({ program: this.current!, reader })
  }

  dispose(): void {
    this.disposed = true
    this.timer?.dispose()
    this._onDidChange.dispose()
  }
}
