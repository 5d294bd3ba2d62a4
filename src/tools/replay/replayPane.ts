import type { Clock } from '../../core/lifecycle/clock'
import { DisposableStore, type IDisposable } from '../../core/lifecycle/disposable'
import { isInteractiveShell } from '../../core/process/shells'
import type { ProcessSignal } from '../../core/status/processSignals'
import type { Verdict } from '../../shared/domain/pane'
import { HeadlessMirror } from '../../board/screen/headlessMirror'
import { MirroredStatus } from '../../board/status/mirroredStatus'
import type { PaneStatus } from '../../board/status/paneStatus'
import type { AgentSource } from '../../board/status/agentSource'
import type { Explanation, VerdictChange } from '../../board/status/statusEngine'

export interface ReplayPaneOptions {
  readonly cols: number
  readonly rows: number
  /** What the pane ran: decides the agent (and agent switches) and whether its root is a shell, as live. */
  readonly argv: readonly string[]
  readonly clock: Clock
  /** The agents (an AgentCatalog): knowledge, screen rules, recognition. */
  readonly agents: AgentSource
}

/**
 * A live pane's status pipeline without its PTY: the same HeadlessMirror (screen, title, OSC,
 * synchronized output) and the same PaneStatus (agent recognition and switching, StatusEngine,
 * report interpretation, drift), wired by the same MirroredStatus as src/board/panes/pane.ts, so a
 * recording of a live pane replays to the verdicts the pane showed (replayEquivalence.test.ts).
 * What the live mirror answers to the program's queries goes nowhere: there is no program.
 */
export class ReplayPane implements IDisposable {
  private size: { cols: number; rows: number }
  private readonly store = new DisposableStore()
  private readonly wired: MirroredStatus
  private readonly status: PaneStatus

  constructor(options: ReplayPaneOptions) {
    const mirror = this.store.add(new HeadlessMirror(options.cols, options.rows, options.clock))
    this.size = { cols: options.cols, rows: options.rows }
    this.wired = this.store.add(
      new MirroredStatus(mirror, {
        clock: options.clock,
        context: { rootIsShell: isInteractiveShell(options.argv) },
        argv: options.argv,
        agents: options.agents,
        log: () => {},
      }),
    )
    this.status = this.wired.status
  }

  get onDidChangeVerdict(): PaneStatus['onDidChangeVerdict'] {
    return this.status.onDidChangeVerdict
  }

  get verdict(): Verdict {
    return this.status.verdict
  }

  get agent(): string | null {
    return this.status.agent
  }

  /** Output: resolves once the mirror parsed it and the status engine was told, as live. */
  output(data: string): Promise<void> {
    return new Promise((resolve) => this.wired.output(data, resolve))
  }

  input(data: string): void {
    this.status.input(data)
  }

  resize(cols: number, rows: number): void {
    // As a live pane: a resize to the size it has is no resize (the PTY gets no SIGWINCH).
    if (cols === this.size.cols && rows === this.size.rows) return
    this.size = { cols, rows }
    this.wired.resize(cols, rows)
  }

  report(event: string, payload: unknown): void {
    this.status.report(event, payload)
  }

  process(signal: ProcessSignal): void {
    this.status.process(signal)
  }

  explain(): Explanation {
    return this.status.explain()
  }

  dispose(): void {
    this.store.dispose()
  }
}

export type { VerdictChange }
