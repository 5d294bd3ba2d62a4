import type { Clock } from '../../core/lifecycle/clock'
import { Disposable, DisposableStore } from '../../core/lifecycle/disposable'
import type { PaneContext, ProcessSignal } from '../../core/status/processSignals'
import type { Verdict } from '../../shared/domain/pane'
import type { AgentSource } from './agentSource'
import { ruleBasis } from './driftMonitor'
import { StatusEngine, type EngineScreen, type Explanation, type LiveStatus, type StatusFacts } from './statusEngine'
import { StatusEvents } from './statusEvents'

export interface PaneStatusOptions {
  readonly clock: Clock
  readonly context: PaneContext
  /** The pane's launch argv: an agent launched directly is known from the start. */
  readonly argv: readonly string[]
  /** The agent the pane was launched as by kind (its executable may be any wrapper); else recognised from argv. */
  readonly agent?: string
  /** The agents in force (AgentCatalog): their knowledge, their current rules (reloaded files included), recognition. */
  readonly agents: AgentSource
  readonly screen: () => EngineScreen
  readonly log: (line: string) => void
}

/**
 * The pane's status: one StatusEngine for the agent the pane runs. A shell pane starts without
 * one; when an agent takes the foreground (`claude` typed at the prompt) the engine for that agent
 * takes over, starting from the same process facts, and stays until another agent appears.
 */
export class PaneStatus extends Disposable {
  private engine!: StatusEngine
  private lost: string | null = null
  private readonly engineStore = this.register(new DisposableStore())
  private current: DisposableStore | null = null
  private agentName: string | null
  private lastForeground: ProcessSignal | null = null

  /** Handed to every engine it runs: the listeners outlive the swap, and each change is fired once, by its owner. */
  private readonly events = this.register(new StatusEvents())
  /** The verdict changed (the engine in charge), or another agent's engine took over with its own. */
  readonly onDidChangeVerdict = this.events.onDidChangeVerdict
  /** Drift began, ended or changed reason; also fired (null) when a new agent's engine takes over from a drifting one. */
  readonly onDidChangeDrift = this.events.onDidChangeDrift

  constructor(private readonly options: PaneStatusOptions) {
    super()
    this.agentName = options.agent ?? options.agents.recognize(options.argv)
    this.start(this.agentName)
  }

  private start(agent: string | null): void {
    const previous = this.engine?.verdict
    const previousDrift = this.engine?.drift ?? null
    if (this.current) this.engineStore.delete(this.current)
    const store = (this.current = this.engineStore.add(new DisposableStore()))
    this.engine = store.add(
      new StatusEngine({
        clock: this.options.clock,
        agent,
        agents: this.options.agents,
        rules: this.options.agents.rulesOf(agent),
        basis: this.basis(agent),
        context: this.options.context,
        screen: this.options.screen,
        log: (line) => this.options.log(`${agent ?? 'pane'}: ${line}`),
        events: this.events,
      }),
    )
    if (this.lastForeground) this.engine.process(this.lastForeground)
    if (this.lost !== null) this.engine.screenLost(this.lost)
    this.engine.screenChanged()
    // The swap itself is a change of owner: the listeners learn the new engine's verdict and drift.
    if (previous) this.events.verdictChanged({ previous, verdict: this.engine.verdict })
    if (previousDrift) this.events.driftChanged(this.engine.drift)
  }

  private basis(agent: string | null) {
    return agent === null ? null : ruleBasis(this.options.agents.ruleFile(agent))
  }

  get agent(): string | null {
    return this.agentName
  }

  get verdict(): Verdict {
    return this.engine.verdict
  }

  /** The status facts a pane shows, from the engine of the agent in charge (drift with the screen it began on). */
  facts(): StatusFacts & { readonly agent: string | null } {
    return { ...this.engine.facts(), agent: this.agentName }
  }

  screenChanged(): void {
    this.engine.screenChanged()
  }

  /** The pane was resized (the mirror already is). */
  resized(): void {
    this.engine.resized()
  }

  osc(ident: number, data: string): void {
    this.engine.osc(ident, data)
  }

  report(event: string, payload: unknown): void {
    this.engine.report(event, payload)
  }

  input(data: string): void {
    this.engine.input(data)
  }

  /** The screen is no longer read (the mirror froze): every engine from now on decides without it. */
  screenLost(why: string): void {
    this.lost = why
    this.engine.screenLost(why)
  }

  process(signal: ProcessSignal): void {
    if (signal.kind === 'foreground') {
      this.lastForeground = signal
      const agent = this.options.agents.recognize(signal.program.argv)
      if (agent && agent !== this.agentName) {
        this.agentName = agent
        this.start(agent)
        return
      }
    }
    this.engine.process(signal)
  }

  /**
   * Rule files were reloaded: the running engine takes the new rules. An agent that gains its
   * first rules (or loses its last) gets a new engine: it is read from its screen from now on
   * (or from its process only), as a pane launched now would be.
   */
  reloadRules(): void {
    const rules = this.options.agents.rulesOf(this.agentName)
    const expects = rules.length > 0 || this.options.agents.knowledge(this.agentName)?.reports != null
    if (this.agentName !== null && expects !== this.engine.expectsAgent) return this.start(this.agentName)
    this.engine.setRules(rules, this.basis(this.agentName))
  }

  live(): LiveStatus {
    return this.engine.live()
  }

  /** See StatusEngine.evaluateNow. */
  evaluateNow(): void {
    this.engine.evaluateNow()
  }

  explain(): Explanation {
    return this.engine.explain()
  }
}
