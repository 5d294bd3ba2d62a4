import type { Clock } from '../../core/lifecycle/clock'
import { Disposable, type IDisposable } from '../../core/lifecycle/disposable'
import type { AgentPresence } from '../../core/status/agentPresence'
import type { ScreenView } from '../../core/rules/ruleTypes'
import { detectDrift, driftDeadline, type Drift, type DriftInputs, type SeenVersion, type VerifiedVersion } from '../../core/status/drift'
import type { AgentReportTable } from '../../core/agents/reportTable'
import { isNewerThanVerified } from './versions'
import type { StatusMemory } from '../../core/status/statusMemory'
import type { LoadedRuleFile } from './ruleFile'

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
  /** The agent's report table: its verified version counts. */
  readonly reports: AgentReportTable | null
  /** The screen, read only when a drift begins (kept for a bug report). */
  readonly screen: () => ScreenView
  /** Drift began, ended, or changed its reason (the engine's events: StatusEvents.driftChanged). */
  readonly changed: (drift: PaneDrift | null) => void
  readonly log?: (line: string) => void
}

/** What the engine knows when drift is decided: its memory, the agent's version (AgentVersion) and whether it is in front. */
export interface DriftFacts {
  readonly memory: StatusMemory
  readonly version: SeenVersion | null
  readonly presence: AgentPresence
}

/**
 * Watches one engine's agent for drift (core/status/drift.ts): the engine hands it its facts after
 * every signal (update); it re-decides then and when the unmatched screen reaches its limit, and
 * keeps the screen at the moment drift began. It tracks no fact of its own.
 */
export class DriftMonitor extends Disposable {
  private basis: RuleBasis | null = null
  private ruleCount = 0
  /** The facts of the latest update: the deadline timer re-decides on them (nothing changed since, or update would have run). */
  private facts: DriftFacts | null = null
  private current: PaneDrift | null = null
  private latest: PaneDrift | null = null
  private timer: { at: number; handle: IDisposable } | null = null

  constructor(private readonly options: DriftMonitorOptions) {
    super()
    this.register({ dispose: () => this.cancelTimer() })
  }

  get drift(): PaneDrift | null {
    return this.current
  }

  /** The latest drift, kept after it ended: the screen for a bug report. */
  get lastDrift(): PaneDrift | null {
    return this.latest
  }

  /** The rules in force; `basis` stays as it was when omitted. */
  setRules(count: number, basis?: RuleBasis | null): void {
    this.ruleCount = count
    if (basis !== undefined) this.basis = basis
  }

  /** Re-decides on the engine's facts; call after every signal the engine applied and when the version changed. */
  update(facts: DriftFacts): void {
    this.facts = facts
    const now = this.options.clock.now()
    const inputs = this.inputs(facts)
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
      this.options.changed(next)
    }
    this.schedule(driftDeadline(inputs, now), now)
  }

  private inputs({ memory, version, presence }: DriftFacts): DriftInputs {
    const verified: VerifiedVersion[] = []
    if (this.basis?.userVerifiedOn) verified.push({ what: 'your override', version: this.basis.userVerifiedOn })
    else {
      if (this.basis) verified.push({ what: 'screen rules', version: this.basis.verifiedOn })
      if (this.options.reports) verified.push({ what: 'report table', version: this.options.reports.verifiedOn })
    }
    return {
      agent: this.options.agent,
      ruleCount: this.ruleCount,
      memory,
      agentInFront: presence.agentInFront,
      inFrontSince: presence.inFrontSince,
      verified,
      seen: version,
      isNewer: isNewerThanVerified,
    }
  }

  private snapshot(): PaneDrift['screen'] {
    const view = this.options.screen()
    return { lines: [...view.lines], title: view.title }
  }

  private schedule(at: number | null, now: number): void {
    if (at === this.timer?.at) return
    this.cancelTimer()
    if (at === null) return
    this.timer = { at, handle: this.options.clock.setTimeout(() => ((this.timer = null), this.facts && this.update(this.facts)), at - now) }
  }

  private cancelTimer(): void {
    this.timer?.handle.dispose()
    this.timer = null
  }
}
