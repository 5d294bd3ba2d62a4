import type { Clock } from '../../core/lifecycle/clock'
import { DisposableStore, type IDisposable } from '../../core/lifecycle/disposable'
import { isInteractiveShell } from '../../core/process/shells'
import type { CompiledRule } from '../../core/rules/compileRules'
import type { ProcessSignal } from '../../core/status/processSignals'
import type { Verdict } from '../../shared/domain/pane'
import { HeadlessMirror } from '../screen/headlessMirror'
import { PaneStatus } from '../status/paneStatus'
import type { LoadedRuleFile } from '../status/ruleFile'
import type { Explanation, VerdictChange } from '../status/statusEngine'

export interface ReplayPaneOptions {
  readonly cols: number
  readonly rows: number
  /** What the pane ran: decides the agent (and agent switches) and whether its root is a shell, as live. */
  readonly argv: readonly string[]
  readonly clock: Clock
  readonly rules: (agent: string | null) => readonly CompiledRule[]
  readonly ruleFile?: (agent: string) => LoadedRuleFile | undefined
}

/**
 * A live pane's status pipeline without its PTY: the same HeadlessMirror (screen, title, OSC,
 * synchronized output) and the same PaneStatus (agent recognition and switching, StatusEngine,
 * report interpretation, drift) wired the way src/main/panes/pane.ts wires them, so a recording
 * of a live pane replays to the verdicts the pane showed (replayEquivalence.test.ts proves it).
 * What the live mirror answers to the program's queries goes nowhere: there is no program.
 */
export class ReplayPane implements IDisposable {
  private size: { cols: number; rows: number }
  private readonly store = new DisposableStore()
  private readonly mirror: HeadlessMirror
  private readonly status: PaneStatus

  constructor(options: ReplayPaneOptions) {
    this.mirror = this.store.add(new HeadlessMirror(options.cols, options.rows, options.clock))
    this.size = { cols: options.cols, rows: options.rows }
    this.status = this.store.add(
      new PaneStatus({
        clock: options.clock,
        context: { rootIsShell: isInteractiveShell(options.argv) },
        argv: options.argv,
        rules: options.rules,
        ruleFile: options.ruleFile,
        screen: () => ({ ...this.mirror.screen(), title: this.mirror.title, synchronizing: this.mirror.synchronizing }),
        log: () => {},
      }),
    )
    // As Pane: a title change is a screen change; every recorded OSC goes to the status engine.
    this.store.add(this.mirror.onTitle(() => this.status.screenChanged()))
    this.store.add(this.mirror.onOsc((record) => this.status.osc(record.ident, record.data)))
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
    return new Promise((resolve) =>
      this.mirror.write(data, () => {
        this.status.screenChanged()
        resolve()
      }),
    )
  }

  input(data: string): void {
    this.status.input(data)
  }

  resize(cols: number, rows: number): void {
    // As a live pane: a resize to the size it has is no resize (the PTY gets no SIGWINCH).
    if (cols === this.size.cols && rows === this.size.rows) return
    this.size = { cols, rows }
    this.mirror.resize(cols, rows)
    this.status.resized()
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
