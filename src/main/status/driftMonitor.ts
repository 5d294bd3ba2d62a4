import type { Clock } from '../../core/lifecycle/clock'
import { Disposable, type IDisposable } from '../../core/lifecycle/disposable'
import { Emitter } from '../../core/lifecycle/emitter'
import { recognizeAgent } from '../../core/process/recognizeAgent'
import type { ScreenView } from '../../core/rules/ruleTypes'
import { detectDrift, driftDeadline, type Drift, type DriftInputs, type SeenVersion, type VerifiedVersion } from '../../core/status/drift'
import { isNewerThanVerified } from './versions'
import type { PaneContext, ProcessSignal } from '../../core/status/processSignals'
import { reportedVersion, type AgentReportTable } from '../../core/status/reports/reportTable'
import type { StatusMemory } from '../../core/status/statusMemory'
import type { LoadedRuleFile } from './ruleFile'

export const enum DriftMonitorConstants {
  /**
   * The banner that names the version is drawn at start-up and found by the first evaluations;
   * after this many without it, it will not come (scrolled away), so stop paying for the regex.
   */
  VersionScanMaxEvaluations = 100,
}

/** What the agent's rules were verified on, and how to read its version off its screen. */
export interface RuleBasis {
  readonly verifiedOn: string
  readonly version: RegExp | null
  /**
   * The user's own `verified_on` (override file): they checked the agent at this version, rules
   * and reports alike, so it replaces both verified versions (the report table is code they
   * cannot edit).
   */
  readonly userVerifiedOn?: string | null
}

export function ruleBasis(file: LoadedRuleFile | undefined): RuleBasis | null {
  return file ? { verifiedOn: file.spec.verifiedOn, version: file.version, userVerifiedOn: file.userVerifiedOn } : null
}

/** A drift, with the screen as it was when the drift began (for a bug report). */
export interface PaneDrift extends Drift {
  readonly screen: { readonly lines: readonly string[]; readonly title: string }
}

export interface DriftMonitorOptions {
  readonly clock: Clock
  readonly agent: string | null
  readonly context: PaneContext
  readonly reports: AgentReportTable | null
  readonly memory: () => StatusMemory
  readonly screen: () => ScreenView
  readonly log?: (line: string) => void
}

/**
 * Watches one engine's agent for drift (core/status/drift.ts): collects the agent's version
 * (reports, banner) and whether it is in front, re-decides after every signal and when the
 * unmatched screen reaches its limit, and keeps the screen at the moment drift began.
 */
export class DriftMonitor extends Disposable {
  private basis: RuleBasis | null = null
  private ruleCount = 0
  private seen: SeenVersion | null = null
  private agentInFront: boolean | null = null
  private inFrontSince: number | null = null
  private scans = 0
  private current: PaneDrift | null = null
  private latest: PaneDrift | null = null
  private timer: { at: number; handle: IDisposable } | null = null

  private readonly _onDidChangeDrift = this.register(new Emitter<PaneDrift | null>())
  /** Drift began, ended, or changed its reason. */
  readonly onDidChangeDrift = this._onDidChangeDrift.event

  constructor(private readonly options: DriftMonitorOptions) {
    super()
    this.register({ dispose: () => this.cancelTimer() })
  }

  get drift(): PaneDrift | null {
    return this.current
  }

  /** The agent's version as it told it (banner or report), once seen. */
  get version(): SeenVersion | null {
    return this.seen
  }

  /** The latest drift, kept after it ended: the screen for a bug report. */
  get lastDrift(): PaneDrift | null {
    return this.latest
  }

  /** The rules in force; `basis` stays as it was when omitted. */
  setRules(count: number, basis?: RuleBasis | null): void {
    this.ruleCount = count
    if (basis !== undefined) this.basis = basis
    // A reloaded file may bring a new version pattern: look again unless the version is known.
    if (!this.seen) this.scans = 0
  }

  /** An evaluated screen: read the version off the banner until found. */
  noteScreen(view: ScreenView): void {
    const pattern = this.basis?.version
    if (!pattern || this.seen || this.scans >= DriftMonitorConstants.VersionScanMaxEvaluations) return
    this.scans++
    const m = pattern.exec(view.lines.join('\n'))
    const version = m?.groups?.version ?? m?.[1]
    if (version) this.seen = { version, at: this.options.clock.now(), source: 'screen' }
  }

  /** Any report, mapped or not: some carry the agent's version (OpenCode's session info). */
  noteReport(event: string, payload: unknown): void {
    const version = this.options.reports ? reportedVersion(this.options.reports, payload) : null
    if (!version || version === this.seen?.version) return
    this.seen = { version, at: this.options.clock.now(), source: `report ${event}` }
    // The report itself may change no state (session.updated is not in the table): decide now.
    this.update()
  }

  noteProcess(signal: ProcessSignal): void {
    if (signal.kind !== 'foreground') return
    const { program } = signal
    // The pane's root is the agent itself unless it is a shell; any other program hides the agent's screen.
    const inFront = program.isRoot ? !this.options.context.rootIsShell : recognizeAgent(program.argv) === this.options.agent
    if (inFront && this.agentInFront !== true) this.inFrontSince = signal.at
    this.agentInFront = inFront
  }

  /** Re-decides; call after every signal the engine applied. */
  update(): void {
    const now = this.options.clock.now()
    const inputs = this.inputs()
    const drift = detectDrift(inputs, now)
    const prev = this.current
    if (drift === null ? prev !== null : drift.reason !== prev?.reason || drift.detail !== prev.detail) {
      // The same drift with new facts (a version) keeps the screen it began on.
      const next = drift && { ...drift, screen: drift.reason === prev?.reason ? prev.screen : this.snapshot() }
      this.current = next
      if (next) {
        this.latest = next
        this.options.log?.(`drift: ${next.reason}: ${next.detail}`)
      } else {
        this.options.log?.('drift over')
      }
      this._onDidChangeDrift.fire(next)
    }
    this.schedule(driftDeadline(inputs, now), now)
  }

  private inputs(): DriftInputs {
    const verified: VerifiedVersion[] = []
    if (this.basis?.userVerifiedOn) verified.push({ what: 'your override', version: this.basis.userVerifiedOn })
    else {
      if (this.basis) verified.push({ what: 'screen rules', version: this.basis.verifiedOn })
      if (this.options.reports) verified.push({ what: 'report table', version: this.options.reports.verifiedOn })
    }
    return { agent: this.options.agent, ruleCount: this.ruleCount, memory: this.options.memory(), agentInFront: this.agentInFront, inFrontSince: this.inFrontSince, verified, seen: this.seen, isNewer: isNewerThanVerified }
  }

  private snapshot(): PaneDrift['screen'] {
    const view = this.options.screen()
    return { lines: [...view.lines], title: view.title }
  }

  private schedule(at: number | null, now: number): void {
    if (at === this.timer?.at) return
    this.cancelTimer()
    if (at === null) return
    this.timer = { at, handle: this.options.clock.setTimeout(() => ((this.timer = null), this.update()), at - now) }
  }

  private cancelTimer(): void {
    this.timer?.handle.dispose()
    this.timer = null
  }
}
