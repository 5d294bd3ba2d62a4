import type { Clock } from '../../core/lifecycle/clock'
import { programName } from '../../core/process/shells'
import type { AttachSnapshot, PaneId, PaneInfo, PaneInterruption, ScreenSnapshot, Verdict } from '../../shared/domain/pane'
import { HeadlessMirror } from '../screen/headlessMirror'
import type { RestoredPaneOptions } from './savedPane'

/**
 * A pane brought back from the saved workspace with nothing running in it: its place, its last
 * screen (in a mirror of its own, so `screen` and attach work as for a live pane) and what
 * Resume would run. The board replaces it with a live Pane on resume or restart.
 */
export class RestoredPane {
  readonly id: PaneId
  private readonly mirror: HeadlessMirror
  private readonly verdict: Verdict

  constructor(
    readonly options: RestoredPaneOptions,
    clock: Clock,
  ) {
    this.id = options.id
    this.mirror = new HeadlessMirror(options.cols, options.rows, clock)
    if (options.serialized) this.mirror.write(options.serialized, () => {})
    const at = options.interruption?.at ?? options.exitedAt ?? clock.now()
    const detail = options.interruption
      ? `interrupted: the board stopped while it ran (a crash, a reboot or a quit); resume or restart it`
      : `exited (code ${options.exit?.code ?? '?'}${options.exit?.signal ? `, signal ${options.exit.signal}` : ''}) before the board stopped`
    this.verdict = { state: 'exited', since: at, evidence: [{ source: 'exit', at, detail }] }
  }

  get interruption(): PaneInterruption | null {
    return this.options.interruption
  }

  info(): PaneInfo {
    const o = this.options
    return {
      id: o.id,
      title: o.title || this.mirror.title || programName(o.command[0] ?? 'pane'),
      command: o.command,
      cwd: o.cwd,
      pid: 0,
      cols: o.cols,
      rows: o.rows,
      createdAt: o.createdAt,
      foreground: null,
      verdict: this.verdict,
      exit: o.exit,
      agent: o.agent,
      sessionId: o.sessionId,
      dialog: null,
      drift: null,
      agentVersion: o.agentVersion,
      lastReport: null,
      worktree: o.worktree ?? null,
      // Counted again once it runs.
      changes: null,
      interrupted: o.interruption,
    }
  }

  /** Resolves once the saved screen has been parsed. */
  settled(): Promise<void> {
    return new Promise((resolve) => this.mirror.write('', resolve))
  }

  screen(): ScreenSnapshot {
    return { paneId: this.id, ...this.mirror.screen(), title: this.mirror.title, osc: [] }
  }

  async attachSnapshot(): Promise<AttachSnapshot> {
    await this.settled()
    return { paneId: this.id, cols: this.options.cols, rows: this.options.rows, serialized: this.mirror.serialize() }
  }

  /** The saved screen again, for the live pane that replaces this one. */
  async serialized(): Promise<string> {
    await this.settled()
    return this.mirror.serialize()
  }

  dispose(): void {
    this.mirror.dispose()
  }
}
