import { Disposable, toDisposable } from '../../core/lifecycle/disposable'
import { Emitter, type Event } from '../../core/lifecycle/emitter'
import type { Clock } from '../../core/lifecycle/clock'
import { refreshesEvidenceOnly } from '../../core/status/evidenceRefresh'
import { EvidenceRefresh } from './evidenceRefresh'
import { isInteractiveShell } from '../../core/process/shells'
import type { AgentKnowledge } from '../../core/agents/agentKnowledge'
import type { AgentSource } from '../status/agentSource'
import type { PaneContext } from '../../core/status/processSignals'
import type {
  AttachSnapshot,
  OscRecord,
  PaneAlert,
  PaneChanges,
  PaneExit,
  PaneExplanation,
  PaneId,
  PaneInfo,
  ScreenSnapshot,
  StateChange,
  Verdict,
} from '../../shared/domain/pane'
import { MirroredStatus } from '../status/mirroredStatus'
import type { PaneStatus } from '../status/paneStatus'
import type { LiveStatus } from '../status/statusEngine'
import { createPaneMirror, mirrorThreadsFromEnv, type MirrorThreads, type PaneMirror } from '../screen/paneMirror'
import { ForegroundMonitor, type ForegroundState } from '../pty/foregroundMonitor'
import { readForeground } from '../pty/processTree'
import { readTerminalReader } from '../pty/terminalReader'
import type { PanePty, PtyLaunch } from '../pty/panePty'
import type { ProcessSignal } from '../../core/status/processSignals'
import type { PaneTap } from './paneTap'
import type { DataSink, DeliveryPoint } from './paneClients'
import { PaneAlerts } from './paneAlerts'
import { PaneName } from './paneName'
import { PaneOutput, type SavedScreenShot } from './paneOutput'
import { PaneFacts, type GivenFacts } from './paneFacts'

export type { SavedScreenShot }

export interface PaneOptions {
  readonly id: PaneId
  readonly launch: PtyLaunch
  readonly pty: PanePty
  readonly title?: string
  /** The agent it was launched as by kind (settings may name any wrapper as its executable). */
  readonly agent?: string
  readonly worktree?: GivenFacts['worktree']
  readonly session?: GivenFacts['session']
  readonly missingEnv?: GivenFacts['missingEnv']
  readonly clock: Clock
  /** The agents in force (the board's AgentCatalog): knowledge, current screen rules, recognition. */
  readonly agents: AgentSource
  /** Verdict transitions with their evidence, one line each. */
  readonly log: (line: string) => void
  /** Written to the mirror before any output: the screen a restarted or resumed pane had. */
  readonly seed?: string
  /**
   * A pane taken over from the board process before this one (its program kept running in the
   * pty host): the replayed output up to this byte offset was already answered by that board, so
   * its terminal queries are not answered again.
   */
  readonly answeredUntil?: number
  /** Where the mirror parses (default: SWITCHBOARD_MIRROR_THREADS, else the parser pool). */
  readonly mirrorThreads?: MirrorThreads
  /** When its program started, if before this pane object (a pane taken over from the previous board process). */
  readonly createdAt?: number
  readonly facts?: GivenFacts['earlier']
}

export const enum PaneConstants {
  /** Between the two resizes of askRedraw: long enough for a program to handle the first. */
  RedrawNudgeMs = 100,
}

/**
 * One pane: a PTY, its headless mirror, its foreground monitor, and its verdict. Output flows
 * PTY → mirror → clients (PaneOutput); the program's own alerts are read by PaneAlerts.
 */
export class Pane extends Disposable {
  readonly id: PaneId
  readonly createdAt: number
  private readonly launch: PtyLaunch
  private readonly pty: PanePty
  private readonly mirror: PaneMirror
  private readonly foreground: ForegroundMonitor
  private readonly output: PaneOutput
  private readonly context: PaneContext
  readonly clock: Clock
  private readonly name: PaneName
  private readonly facts: PaneFacts
  /** The mirror and the status wired as replay wires them. */
  private readonly wired: MirroredStatus
  private readonly status: PaneStatus
  private exitInfo: PaneExit | null = null
  private size: { cols: number; rows: number }
  /** State events fired so far: a signal that fired one needs no info event of its own. */
  private stateEvents = 0

  private readonly _onDidChange = this.register(new Emitter<PaneInfo>())
  /** Title, size, foreground program, evidence, drift or changes changed; not a new state (onDidChangeState carries that). */
  readonly onDidChange = this._onDidChange.event
  private readonly _onDidChangeState = this.register(new Emitter<StateChange>())
  /** The verdict's state changed: the one event for it, with the info after the change. */
  readonly onDidChangeState = this._onDidChangeState.event
  private readonly _onDidParse = this.register(new Emitter<string>())
  /** A chunk of output, after the mirror parsed it (the screen reflects it). */
  readonly onDidParse = this._onDidParse.event
  private readonly _onDidExit = this.register(new Emitter<PaneExit>())
  readonly onDidExit = this._onDidExit.event
  private readonly _onDidTap = this.register(new Emitter<PaneTap>())
  /** Input, resizes, reports and process signals as the status pipeline gets them (for a recorder). */
  readonly onDidTap = this._onDidTap.event
  private readonly alerts: PaneAlerts
  private readonly evidenceRefresh: EvidenceRefresh
  /** The program raised a notification of its own (OSC 9/777/99 or the bell); at most one a second, with the count of the rest. */
  readonly onDidAlert: Event<PaneAlert>
  /** Each OSC record the program wrote, as parsed (the screen keeps only the latest few). */
  get onOsc(): Event<OscRecord> {
    return this.mirror.onOsc
  }

  private readonly agents: AgentSource

  constructor(options: PaneOptions) {
    super()
    this.id = options.id
    this.agents = options.agents
    this.launch = options.launch
    this.pty = this.register(options.pty)
    this.clock = options.clock
    this.name = new PaneName(options.title, options.launch)
    this.facts = new PaneFacts({ worktree: options.worktree, session: options.session, missingEnv: options.missingEnv, earlier: options.facts })
    this.createdAt = options.createdAt ?? this.clock.now()
    this.size = { cols: options.launch.cols, rows: options.launch.rows }
    this.context = { rootIsShell: isInteractiveShell(options.launch.argv) }
    const threads = options.mirrorThreads ?? mirrorThreadsFromEnv()
    this.mirror = this.register(createPaneMirror(threads, this.size.cols, this.size.rows, this.clock))
    const mirrorFailed = (why: string) => options.log(`pane ${this.id}: ${why}; its screen is no longer updated (the program keeps running)`)
    if (this.mirror.failure) mirrorFailed(this.mirror.failure)
    this.register(this.mirror.onDidFail(mirrorFailed))
    this.register(this.mirror.onDidRecover((how) => options.log(`pane ${this.id}: ${how}`)))
    if (options.seed) this.mirror.write(options.seed, () => {})
    this.alerts = this.register(new PaneAlerts(this.id, this.clock))
    this.onDidAlert = this.alerts.onDidAlert
    this.foreground = this.register(new ForegroundMonitor(() => this.pty.pid, this.clock, readForeground, readTerminalReader, this.context.rootIsShell))
    this.evidenceRefresh = this.register(new EvidenceRefresh(this.clock, () => this.changed()))
    this.wired = this.register(
      new MirroredStatus(this.mirror, {
        clock: this.clock,
        context: this.context,
        argv: options.launch.argv,
        agent: options.agent,
        agents: options.agents,
        log: (line) => options.log(`pane ${this.id}: ${line}`),
      }),
    )
    this.status = this.wired.status
    // A pane taken over shows its program's screen already (the seed): the status reads it now,
    // not only at the program's next output (an idle agent may print nothing for hours).
    if (options.answeredUntil !== undefined) this.mirror.write('', () => this.status.screenChanged())
    this.register(
      this.status.onDidChangeVerdict(({ previous, verdict }) => {
        // A new state is one event, carrying the whole info; the same state decided anew is an info
        // change, paced when only the evidence words of a state of progress changed (a spinner, each frame).
        if (previous.state === verdict.state) return refreshesEvidenceOnly(previous, verdict) ? this.evidenceRefresh.changed() : this.changed()
        this.stateEvents++
        this.evidenceRefresh.sent()
        this._onDidChangeState.fire({ paneId: this.id, previous: previous.state, info: this.info() })
      }),
    )

    this.output = this.register(
      new PaneOutput(
        this.pty,
        this.mirror,
        { id: this.id, clock: this.clock, threads, size: this.size, answeredUntil: options.answeredUntil },
        {
          noteOutput: () => this.foreground.noteOutput(),
          parse: (data, parsed) => this.wired.output(data, parsed),
          parsed: (data) => this._onDidParse.fire(data),
        },
      ),
    )
    this.output.start()
    this.register(this.pty.onExit((exit) => this.onPtyExit(exit)))
    // After MirroredStatus's own listeners: the status has been told first.
    this.register(
      this.mirror.onTitle(() => {
        void this.title // keeps the agent's own title, as it was set (paneTitle's `kept`)
        this.changed()
      }),
    )
    this.register(this.mirror.onOsc((record) => this.alerts.osc(record.ident, record.data)))
    this.register(this.mirror.onBell(() => this.alerts.bell()))
    this.register(this.status.onDidChangeDrift(() => this.changed()))
    this.register(
      this.foreground.onDidChange(({ program, reader }) =>
        this.changedUnlessState(() => this.process({ kind: 'foreground', at: this.clock.now(), program, reader })),
      ),
    )
  }

  private onPtyExit(exit: PaneExit): void {
    // The exit is reported after trailing output was flushed, but that output may still be in the
    // mirror's parse queue: an empty write's callback runs after everything before it.
    this.foreground.dispose()
    this.mirror.write('', () => {
      this.output.flushNow()
      this.exitInfo = exit
      this.changedUnlessState(() => this.process({ kind: 'exit', at: this.clock.now(), code: exit.code, signal: exit.signal }))
      this._onDidExit.fire(exit)
      // Saved by now (the workspace writes on the state change above): the pty host may let it go.
      this.pty.forget()
    })
  }

  private process(signal: ProcessSignal): void {
    this._onDidTap.fire({ kind: 'process', signal })
    this.status.process(signal)
  }

  private changed(): void {
    this.evidenceRefresh.sent()
    this._onDidChange.fire(this.info())
  }

  /** Applies a signal that also changes the info: announced once, by the state event if it changed the state. */
  private changedUnlessState(apply: () => void): void {
    const before = this.stateEvents
    apply()
    if (this.stateEvents === before) this.changed()
  }

  get verdict(): Verdict {
    return this.status.verdict
  }

  get agent(): string | null {
    return this.status.agent
  }

  /** The process of the foreground job waiting for the keyboard, if any (Linux). */
  get reader(): ForegroundState['reader'] {
    return this.foreground.reader
  }

  /** An agent's report (hook or plugin event), payload exactly as delivered. */
  report(event: string, payload: unknown): void {
    this.facts.reported(event, this.clock.now())
    this._onDidTap.fire({ kind: 'report', event, payload })
    this.name.report(event, payload)
    this.changedUnlessState(() => this.status.report(event, payload))
  }

  reloadRules(): void {
    this.status.reloadRules()
  }

  explain(): PaneExplanation {
    const { verdict, evidence, memory, rules, lastInputAt, stats, drift, agentVersion } = this.status.explain()
    const { process, screen, report, terminal } = memory
    return {
      paneId: this.id,
      agent: this.status.agent,
      verdict,
      evidence,
      channels: { process, screen, report, terminal },
      rules,
      lastInputAt,
      drift,
      agentVersion,
      evaluations: stats.evaluations,
      evalMs: stats.evalMs,
    }
  }

  /** The verdict, its dialog and what the rules see on the screen, once the mirror parsed everything written so far (the answer guard). */
  async live(): Promise<LiveStatus> {
    await this.settled()
    return this.status.live()
  }

  /** What the core knows about the agent in front (its dialog keys, for the answer guard); null for none. */
  get knowledge(): AgentKnowledge | null {
    return this.agents.knowledge(this.status.agent)
  }

  /** The program enabled bracketed paste (read by the answer guard). */
  get bracketedPaste(): boolean {
    return this.mirror.bracketedPasteMode
  }

  get exit(): PaneExit | null {
    return this.exitInfo
  }

  get title(): string {
    const agent = this.status.agent
    return this.name.read({ agent, agentName: this.agents.knowledge(agent)?.name ?? null, terminal: this.mirror.title })
  }

  /** The latest count of what changed in the pane's checkout. */
  setChanges(changes: PaneChanges): void {
    if (this.facts.setChanges(changes)) this.changed()
  }

  /** The program's pid: 0 until it runs. */
  get pid(): number {
    return this.pty.pid
  }

  info(): PaneInfo {
    const { verdict, agent, sessionId, dialog, drift, agentVersion } = this.status.facts()
    return {
      id: this.id,
      title: this.title,
      command: this.launch.argv,
      cwd: this.launch.cwd,
      pid: this.pty.pid,
      cols: this.size.cols,
      rows: this.size.rows,
      createdAt: this.createdAt,
      foreground: this.exitInfo ? null : this.foreground.program,
      verdict,
      exit: this.exitInfo,
      agent,
      dialog,
      drift: drift && { reason: drift.reason, since: drift.since, detail: drift.detail },
      ...this.facts.info({ sessionId, agentVersion }),
    }
  }

  screen(): ScreenSnapshot {
    return { paneId: this.id, ...this.mirror.screen(), title: this.mirror.title, osc: [...this.mirror.osc] }
  }

  write(data: string): void {
    this.pty.write(data)
    this._onDidTap.fire({ kind: 'input', data })
    this.status.input(data)
    this.foreground.noteInput()
  }

  resize(cols: number, rows: number): void {
    if (cols === this.size.cols && rows === this.size.rows) return
    this.size = { cols, rows }
    this._onDidTap.fire({ kind: 'resize', cols, rows })
    this.output.resize(this.size)
    this.wired.resize(cols, rows)
    this.pty.resize(cols, rows)
    this.changed()
  }

  /**
   * Asks the program to draw its screen again, without changing the pane's size: the terminal is
   * made one row shorter and then its size again, two SIGWINCHes (a program that redraws on the
   * second alone would see no change). For a pane taken over whose screen may be incomplete.
   */
  askRedraw(): void {
    const { cols, rows } = this.size
    if (rows < 2) return
    this.pty.resize(cols, rows - 1)
    this.clock.setTimeout(() => this.pty.resize(this.size.cols, this.size.rows), PaneConstants.RedrawNudgeMs)
  }

  kill(): Promise<void> {
    return this.pty.hasExited && this.exitInfo ? Promise.resolve() : this.pty.kill()
  }

  /** Resolves once the mirror parsed everything written so far, or the pane is retired (resumed, removed): a read never hangs on it. */
  settled(): Promise<void> {
    return new Promise((resolve) => {
      const retired = this.register(toDisposable(resolve))
      this.mirror.write('', () => this.store.delete(retired))
    })
  }

  /**
   * The mirror serialized with at most `scrollback` lines above the screen (the saved workspace's
   * copy), with the log offset of exactly the output it covers: the serialization runs after every
   * write before it, so the offset is taken now.
   */
  snapshotForSave(scrollback: number): Promise<SavedScreenShot> {
    return this.output.snapshotForSave(scrollback, this.size)
  }

  /** A screen covering the output up to `offset` is saved: the pty host may forget that output. */
  checkpointed(shot: SavedScreenShot): void {
    if (shot.offset !== null && shot.ptyKey === this.pty.key) this.pty.checkpoint(shot.offset)
  }

  /** Resolves once the program runs; rejects when it could not be started after all (see PanePty.ready). */
  get ready(): Promise<void> {
    return this.pty.ready
  }

  /**
   * Resolves once the mirror has parsed the output up to `offset` of the pty host's log (a pane
   * taken over: its replay), or the program exited, or after `timeoutMs`; then the status has read it.
   */
  caughtUp(offset: number, timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        sub.dispose()
        exit.dispose()
        timer.dispose()
        void this.settled().then(() => {
          this.status.evaluateNow()
          resolve()
        })
      }
      const check = () => (this.output.offset ?? Infinity) >= offset && done()
      const sub = this.onDidParse(check)
      const exit = this.onDidExit(done)
      const timer = this.clock.setTimeout(done, timeoutMs)
      check()
    })
  }

  /** The pty host's key of this pane's terminal log, if it is held there. */
  get ptyKey(): string | null {
    return this.pty.key
  }

  /** Starts delivering output to `sink` from exactly the point the returned snapshot ends (PaneOutput.attach). */
  attach(clientId: string, sink: DataSink, at?: DeliveryPoint): Promise<AttachSnapshot> {
    return this.output.attach(clientId, sink, this.size, at)
  }

  detach(clientId: string): void {
    this.output.detach(clientId)
  }

  ack(clientId: string, chars: number): void {
    this.output.ack(clientId, chars)
  }

  isAttached(clientId: string): boolean {
    return this.output.isAttached(clientId)
  }
}
