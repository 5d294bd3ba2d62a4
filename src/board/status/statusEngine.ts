import { gridDelay, type Clock } from '../../core/lifecycle/clock'
import { Disposable, type IDisposable } from '../../core/lifecycle/disposable'
import type { Event } from '../../core/lifecycle/emitter'
import type { CompiledRule } from '../../core/rules/compileRules'
import { evaluateRules, traceRules, type RuleTrace } from '../../core/rules/evaluateRules'
import type { DialogInfo, RuleState, ScreenView } from '../../core/rules/ruleTypes'
import type { AgentDirectory } from '../../core/agents/agentSet'
import { agentSignals, statusContext, type AgentSignals } from '../../core/status/agentSignals'
import type { SeenVersion } from '../../core/status/drift'
import type { PaneContext, ProcessSignal } from '../../core/status/processSignals'
import { signalsDecide } from '../../core/status/decideStatus'
import { nextDeadline, reduceStatus } from '../../core/status/reduceStatus'
import { emptyTracker, interpretReport, type ReportTracker } from '../../core/status/reports/interpretReport'
import type { StatusSignal } from '../../core/status/signals'
import { initialMemory, type StatusContext, type StatusMemory } from '../../core/status/statusMemory'
import type { Verdict } from '../../shared/domain/pane'
import { notePresence, unknownPresence, type AgentPresence } from '../../core/status/agentPresence'
import { AgentVersion } from './agentVersion'
import { DriftMonitor, type PaneDrift, type RuleBasis } from './driftMonitor'
import { StatusEvents, type VerdictChange } from './statusEvents'
import { noTypedLine, typeInto, type TypedLine } from '../../core/status/typedLine'

export type { VerdictChange }

export const enum EngineConstants {
  /**
   * Screen changes are coalesced: the rules run at most this long after the first change of a
   * burst (a bounded delay, not a debounce a spinner could postpone forever). A dialog shows as
   * blocked within ~this of being drawn, and a 10 Hz spinner costs ≤ 10 evaluations a second.
   */
  EvalDelayMs = 16,
  /**
   * …moved earlier onto this grid (gridDelay): 8–16 ms after the first change, and the
   * evaluations of all panes due in one 8 ms step run in one wake-up of the board's thread. With
   * 20 panes redrawing at 10 Hz each evaluation was a wake-up of its own (the board's thread woke
   * ~550 times a second for 200 chunks, measured).
   */
  EvalGridMs = 8,
  /**
   * A frame inside a synchronized update (`CSI ?2026h` without its `l` yet) is half drawn
   * (OpenCode's frames arrive in 4 KB chunks): wait for its end, at most this long.
   */
  SyncWaitMaxMs = 100,
}

/** What the engine reads from the pane's emulated screen when it evaluates. */
export interface EngineScreen extends ScreenView {
  /** Inside a synchronized update: the frame is not complete yet. */
  readonly synchronizing?: boolean
}

export interface StatusEngineOptions {
  readonly clock: Clock
  /** The agent's id (`claude`, a user's `mytool`), or null for a pane without a known agent. */
  readonly agent: string | null
  /** What is known about agents (AgentCatalog): this agent's tables, and which agent a foreground program is. */
  readonly agents: AgentDirectory
  /** The agent's compiled screen rules (empty for none). */
  readonly rules: readonly CompiledRule[]
  /** What the rules were verified on and how to read the version off the screen (ruleBasis(registry.file(agent))); drift by version needs it. */
  readonly basis?: RuleBasis | null
  readonly context: PaneContext
  /** Reads the visible screen and title; called only when the engine evaluates. */
  readonly screen: () => EngineScreen
  /** Every verdict change, with its evidence, one line each. */
  readonly log?: (line: string) => void
  /** Where its verdict and drift changes go: the pane's (PaneStatus hands its own to each engine it runs); its own when omitted. */
  readonly events?: StatusEvents
}

/**
 * The status at this instant, for the answer guard (a typed query, not the diagnostic `explain`):
 * the verdict, the dialog it names, and what the rules find on the screen right now.
 */
export interface LiveStatus {
  readonly verdict: Verdict
  /** The open dialog the verdict names (see StatusEngine.dialog). */
  readonly dialog: DialogInfo | null
  /** The state of the first rule that matches the screen now: the engine evaluates a few ms after a change, this does not wait. */
  readonly onScreen: RuleState | null
  /** The agent's latest report that claims a dialog (blocked or question): its event and time. */
  readonly dialogReport: { readonly event: string; readonly at: number } | null
}

/** What a pane shows of its status (PaneInfo), each fact from its one owner: memory, report tracker, AgentVersion, DriftMonitor. */
export interface StatusFacts {
  readonly verdict: Verdict
  readonly dialog: DialogInfo | null
  readonly sessionId: string | null
  readonly agentVersion: string | null
  readonly drift: PaneDrift | null
}

export interface Explanation {
  readonly verdict: Verdict
  readonly evidence: StatusMemory['evidence']
  readonly agent: string | null
  readonly memory: StatusMemory
  readonly rules: readonly RuleTrace[]
  readonly lastInputAt: number | null
  /** The drift now, else the latest one (with the screen it began on), else null. */
  readonly drift: PaneDrift | null
  /** The agent's version as it told it (banner or report), null until seen. */
  readonly agentVersion: SeenVersion | null
  readonly stats: { readonly evaluations: number; readonly evalMs: number }
}

/**
 * The status engine of one pane, identical for the live pane and for replay: screen changes,
 * the window title, OSC sequences, agent reports and process events go in; verdicts with
 * evidence come out. Time comes from the injected clock, so a replay on a virtual clock makes
 * the same decisions as the live pane did.
 */
export class StatusEngine extends Disposable {
  private memory: StatusMemory
  private tracker: ReportTracker = emptyTracker
  private rules: readonly CompiledRule[]
  private readonly signals: AgentSignals | null
  private readonly ctx: StatusContext
  private evalTimer: IDisposable | null = null
  private burstStart: number | null = null
  private deadlineTimer: { at: number; timer: IDisposable } | null = null
  /** How the line typed since the last Enter or Esc began (enterSubmitsPrompt agents). */
  private typed: TypedLine = noTypedLine
  private lastInputAt: number | null = null
  /** Why the screen is no longer read, once its mirror froze. */
  private lost: string | null = null
  private evaluations = 0
  private evalMs = 0
  private readonly driftMonitor: DriftMonitor
  private readonly version: AgentVersion
  private presence: AgentPresence = unknownPresence

  private readonly events: StatusEvents
  /** The state changed, or the same state is now decided by another rule or event. */
  readonly onDidChangeVerdict: Event<VerdictChange>
  /** Drift began, ended or changed reason (see core/status/drift.ts). */
  readonly onDidChangeDrift: Event<PaneDrift | null>

  constructor(private readonly options: StatusEngineOptions) {
    super()
    this.events = options.events ?? this.register(new StatusEvents())
    this.onDidChangeVerdict = this.events.onDidChangeVerdict
    this.onDidChangeDrift = this.events.onDidChangeDrift
    this.rules = options.rules
    const known = options.agents.knowledge(options.agent)
    this.signals = agentSignals(known)
    this.ctx = statusContext(options.agent, known, options.context, options.rules.length > 0)
    this.memory = initialMemory(options.clock.now())
    this.register({ dispose: () => this.cancelTimers() })
    this.version = new AgentVersion(options.clock, this.signals?.reports ?? null)
    this.version.setPattern(options.basis?.version ?? null)
    this.driftMonitor = this.register(
      new DriftMonitor({
        clock: options.clock,
        agent: options.agent,
        reports: this.signals?.reports ?? null,
        screen: options.screen,
        changed: (drift) => this.events.driftChanged(drift),
        ...(options.log ? { log: options.log } : {}),
      }),
    )
    this.driftMonitor.setRules(options.rules.length, options.basis ?? null)
  }

  get verdict(): Verdict {
    return this.memory.verdict
  }

  /** The agent may have changed under its rules: its screen matches none, or it is newer than they were verified on. */
  get drift(): PaneDrift | null {
    return this.driftMonitor.drift
  }

  /** The agent's signals are expected (it has screen rules or reports); else the engine reads the process only. */
  get expectsAgent(): boolean {
    return this.ctx.agent !== null
  }

  /** Swaps the rules (a reloaded rule file; `basis` unchanged when omitted) and re-evaluates the screen. */
  setRules(rules: readonly CompiledRule[], basis?: RuleBasis | null): void {
    this.rules = rules
    this.driftMonitor.setRules(rules.length, basis)
    this.version.setPattern(basis === undefined ? undefined : (basis?.version ?? null))
    this.screenChanged()
  }

  /** The pane was resized (after the mirror was): its screen is a reflow until the program repaints. */
  resized(): void {
    if (this.signals) this.apply({ kind: 'resize', at: this.options.clock.now() })
    this.screenChanged()
  }

  /**
   * The pane's screen is no longer read (its mirror froze: the parser worker died a third time):
   * it decides nothing from now on, and the evidence says so.
   */
  screenLost(why: string): void {
    if (this.lost !== null) return
    this.lost = why
    this.evalTimer?.dispose()
    this.evalTimer = null
    this.apply({ kind: 'screenLost', at: this.options.clock.now(), why })
  }

  /** The screen or title changed (call after the write callback: the buffer reflects it). */
  screenChanged(): void {
    if (this.evalTimer || this.lost !== null || !this.readsScreen) return
    this.burstStart = this.options.clock.now()
    this.scheduleEvaluation()
  }

  /** An OSC sequence the program wrote; the agent's own state sequence is a signal. */
  osc(ident: number, data: string): void {
    const parser = this.signals?.terminalState
    if (!parser || parser.osc !== ident) return
    const state = parser.parse(data)
    if (state) this.apply({ kind: 'terminal', at: this.options.clock.now(), state, raw: data })
  }

  /** An agent hook/plugin event, payload exactly as delivered. */
  report(event: string, payload: unknown): void {
    if (!this.signals) return
    // The report itself may change no state (session.updated is not in the table): decide drift now.
    if (this.version.noteReport(event, payload)) this.updateDrift()
    const at = this.options.clock.now()
    const { tracker, report } = interpretReport(this.signals.reports, this.tracker, { at, event, payload })
    this.tracker = tracker
    if (report) this.apply({ kind: 'report', at, report })
  }

  /** Spawn, foreground program and exit, from the pane's supervisor. */
  process(signal: ProcessSignal): void {
    this.presence = notePresence(this.presence, signal, this.options.context, this.options.agent, (argv) => this.options.agents.recognize(argv))
    this.apply(signal)
  }

  /**
   * The user typed through the board. Only the time is kept, for `explain`: the text may be a
   * password typed into `read -s` or a secret pasted at a prompt, and evidence is shown and logged.
   */
  input(data: string): void {
    this.lastInputAt = this.options.clock.now()
    // As the pane was when the key came (an answer key changes the verdict below).
    const inDialog = this.memory.verdict.state === 'blocked' || this.memory.verdict.state === 'question'
    // A lone Esc (not the start of an arrow key's sequence) cancels the agent's dialog; Enter or a
    // lone digit answers it (only these keys are told apart, never the text typed).
    const key = data === '\x1b' ? 'escape' : data === '\r' ? 'enter' : /^[1-9]$/.test(data) ? 'digit' : null
    const answers = key !== null && Object.values(this.ctx.answers?.keys ?? {}).some((keys) => keys?.includes(key))
    if (key && answers) this.apply({ kind: 'input', at: this.options.clock.now(), key, ...(key === 'digit' ? { digit: data } : {}) })
    if (this.ctx.enterSubmitsPrompt) {
      // Enter on a prompt submits it, on a `/command` (/exit, /models) starts no turn.
      const { line, entered } = typeInto(this.typed, data, key, inDialog, this.ctx.exitCommands ?? [])
      this.typed = line
      if (entered) this.apply({ kind: 'input', at: this.options.clock.now(), key: entered })
    }
  }

  /** The open dialog's structure (kind, title, options) while the verdict is blocked/question and the screen shows it. */
  get dialog(): DialogInfo | null {
    const { verdict, screen } = this.memory
    if ((verdict.state !== 'blocked' && verdict.state !== 'question') || !screen?.dialog) return null
    if (screen.state === verdict.state) return screen.dialog
    // A dialog no rule names, whose kind the agent's report gave: the same dialog, that kind.
    if (screen.unnamed && (screen.state === 'blocked' || screen.state === 'question'))
      return { ...screen.dialog, kind: verdict.state === 'blocked' ? 'permission' : 'question' }
    return null
  }

  /** The agent's session id, from its reports (for resume). */
  get sessionId(): string | null {
    return this.tracker.sessionId
  }

  /** The agent's version as seen in its reports or on its screen, if it showed one. */
  get agentVersion(): string | null {
    return this.version.version?.version ?? null
  }

  facts(): StatusFacts {
    return { verdict: this.memory.verdict, dialog: this.dialog, sessionId: this.sessionId, agentVersion: this.agentVersion, drift: this.drift }
  }

  live(): LiveStatus {
    const { verdict, report } = this.memory
    const dialogReport = report && (report.state === 'blocked' || report.state === 'question') ? { event: report.event, at: report.at } : null
    return { verdict, dialog: this.dialog, onScreen: evaluateRules(this.rules, this.options.screen())?.state ?? null, dialogReport }
  }

  explain(): Explanation {
    return {
      verdict: this.memory.verdict,
      evidence: this.memory.evidence,
      agent: this.options.agent,
      memory: this.memory,
      rules: traceRules(this.rules, this.options.screen()),
      lastInputAt: this.lastInputAt,
      drift: this.driftMonitor.drift ?? this.driftMonitor.lastDrift,
      agentVersion: this.version.version,
      stats: { evaluations: this.evaluations, evalMs: this.evalMs },
    }
  }

  /**
   * The screen evaluation due on the grid, now: for a reader that must see the verdict of the
   * screen as parsed, not the one from before it (a board taking panes over answers its clients
   * only then; `ls` right after a kill -9 of the daemon read a dialog pane as starting).
   */
  evaluateNow(): void {
    if (!this.evalTimer) return
    this.evalTimer.dispose()
    this.evaluate()
  }

  /**
   * The screen can change what this pane shows (signalsDecide: an agent's pane), or its banner may
   * still name the agent's version. A command pane's output then costs no timer and no read (the
   * evaluations were 8 % of the board's thread with 20 redrawing command panes, perf, BENCH_ONLY=redraw).
   */
  private get readsScreen(): boolean {
    return signalsDecide(this.ctx) || this.version.looking
  }

  private scheduleEvaluation(): void {
    const delay = gridDelay(this.options.clock.now(), EngineConstants.EvalDelayMs, EngineConstants.EvalGridMs)
    this.evalTimer = this.options.clock.setTimeout(() => this.evaluate(), delay)
  }

  private evaluate(): void {
    this.evalTimer = null
    const now = this.options.clock.now()
    const view = this.options.screen()
    if (view.synchronizing && this.burstStart !== null && now - this.burstStart < EngineConstants.SyncWaitMaxMs) {
      this.scheduleEvaluation()
      return
    }
    this.burstStart = null
    const started = performance.now()
    const match = evaluateRules(this.rules, view)
    this.version.noteScreen(view)
    this.evalMs += performance.now() - started
    this.evaluations++
    this.apply({ kind: 'screen', at: now, match })
  }

  private apply(signal: StatusSignal): void {
    const now = this.options.clock.now()
    const prev = this.memory
    this.memory = reduceStatus(prev, signal, now, this.ctx)
    if (this.memory.verdict !== prev.verdict) {
      const verdict = this.memory.verdict
      if (verdict.state !== prev.verdict.state) {
        // One concise line per change: what the agent wants, else the deciding evidence. The
        // whole evidence is in the board's debug line (--verbose) and in explain.
        const first = verdict.evidence[0]
        const ask = verdict.evidence.find((e) => e.ask)?.ask
        const why = first ? ` (${first.source}: ${first.detail.length > 100 ? `${first.detail.slice(0, 99)}…` : first.detail})` : ''
        this.options.log?.(`${prev.verdict.state} → ${verdict.state}${ask ? `: ${ask}` : ''}${why}`)
      }
      this.events.verdictChanged({ previous: prev.verdict, verdict })
    }
    this.scheduleDeadline()
    this.updateDrift()
  }

  private updateDrift(): void {
    this.driftMonitor.update({ memory: this.memory, version: this.version.version, presence: this.presence })
  }

  /** Time alone can change a decision (see nextDeadline): wake up then. */
  private scheduleDeadline(): void {
    const now = this.options.clock.now()
    const at = nextDeadline(this.memory, now, this.ctx)
    if (at === null || at <= now || this.memory.process.state === 'exited') {
      this.deadlineTimer?.timer.dispose()
      this.deadlineTimer = null
      return
    }
    if (this.deadlineTimer?.at === at) return
    this.deadlineTimer?.timer.dispose()
    this.deadlineTimer = { at, timer: this.options.clock.setTimeout(() => this.onDeadline(), at - now) }
  }

  private onDeadline(): void {
    this.deadlineTimer = null
    this.apply({ kind: 'tick', at: this.options.clock.now() })
  }

  private cancelTimers(): void {
    this.evalTimer?.dispose()
    this.evalTimer = null
    this.deadlineTimer?.timer.dispose()
    this.deadlineTimer = null
  }
}
