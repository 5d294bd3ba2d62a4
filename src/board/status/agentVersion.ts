import type { Clock } from '../../core/lifecycle/clock'
import type { ScreenView } from '../../core/rules/ruleTypes'
import type { SeenVersion } from '../../core/status/drift'
import { reportedVersion, type AgentReportTable } from '../../core/agents/reportTable'

export const enum AgentVersionConstants {
  /**
   * The banner that names the version is drawn at start-up and found by the first evaluations;
   * after this many without it, it will not come (scrolled away), so stop paying for the regex.
   */
  VersionScanMaxEvaluations = 100,
}

/** The one owner of an agent's version as it told it: read off its banner (rule file pattern) or its reports. */
export class AgentVersion {
  private pattern: RegExp | null = null
  private seen: SeenVersion | null = null
  private scans = 0

  constructor(
    private readonly clock: Clock,
    private readonly reports: AgentReportTable | null,
  ) {}

  get version(): SeenVersion | null {
    return this.seen
  }

  /** The rule file's banner pattern, unchanged when undefined; after a reload, look again unless the version is known. */
  setPattern(pattern: RegExp | null | undefined): void {
    if (pattern !== undefined) this.pattern = pattern
    if (!this.seen) this.scans = 0
  }

  /** The banner is still looked for: the next screens are worth reading for it. */
  get looking(): boolean {
    return this.pattern !== null && this.seen === null && this.scans < AgentVersionConstants.VersionScanMaxEvaluations
  }

  /** An evaluated screen: read the version off the banner until found. */
  noteScreen(view: ScreenView): void {
    const pattern = this.pattern
    if (!pattern || !this.looking) return
    this.scans++
    const m = pattern.exec(view.lines.join('\n'))
    const version = m?.groups?.version ?? m?.[1]
    if (version) this.seen = { version, at: this.clock.now(), source: 'screen' }
  }

  /** Any report, mapped or not: some carry the agent's version (OpenCode's session info). True when it told a new one. */
  noteReport(event: string, payload: unknown): boolean {
    const version = this.reports ? reportedVersion(this.reports, payload) : null
    if (!version || version === this.seen?.version) return false
    this.seen = { version, at: this.clock.now(), source: `report ${event}` }
    return true
  }
}
