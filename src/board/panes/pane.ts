import { Disposable } from '../../core/lifecycle/disposable'
import { Emitter } from '../../core/lifecycle/emitter'
import type { Clock } from '../../core/lifecycle/clock'
import { FlowControl } from '../../core/flow/flowControl'
import { CountClamp } from '../../core/terminal/countClamp'
import { isInteractiveShell, programName } from '../../core/process/shells'
import type { AgentKnowledge } from '../../core/agents/agentKnowledge'
import type { AgentSource } from '../status/agentSource'
import type { PaneContext } from '../../core/status/processSignals'
import { ProgramAlertReader, type ProgramAlert } from '../../core/notify/programAlerts'
import { AlertThrottle } from '../../core/notify/alertThrottle'
import type {
  AttachSnapshot,
  MissingEnv,
  PaneAlert,
  PaneChanges,
  PaneWorktree,
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
import { agentOwnTitle, paneTitle, promptOf } from '../../core/launch/paneTitle'
import { createPaneMirror, mirrorThreadsFromEnv, type MirrorThreads, type PaneMirror } from '../screen/paneMirror'
import { ForegroundMonitor, type ForegroundState } from '../pty/foregroundMonitor'
import { readForeground } from '../pty/processTree'
import { readTerminalReader } from '../pty/terminalReader'
import type { PanePty, PtyLaunch } from '../pty/panePty'
import type { ProcessSignal } from '../../core/status/processSignals'
import type { PaneTap } from './paneTap'
import { PaneClients, type DataSink } from './paneClients'

/** The flow-control consumer name of the headless mirror (clients use their own ids). */
const MIRROR = '\0mirror'

export interface PaneOptions {
  readonly id: PaneId
  readonly launch: PtyLaunch
  readonly pty: PanePty
  readonly title?: string
  /** The agent it was launched as by kind (settings may name any wrapper as its executable). */
  readonly agent?: string
  /** The worktree the board made for this pane. */
  readonly worktree?: PaneWorktree | null
  /** The agent's session this run resumes: its id until the agent reports one of its own. */
  readonly session?: string | null
  /** What this run lacks of its launch's environment (not saved: secrets). */
  readonly missingEnv?: MissingEnv | null
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
  /** What the board before this one learnt from the agent's reports (a pane taken over: they are not sent again). */
  readonly facts?: { readonly sessionId: string | null; readonly agentVersion: string | null }
}

/** A screen to save: the mirror serialized, and the log position of the output it covers. */
export interface SavedScreenShot {
  readonly serialized: string
  readonly cols: number
  readonly rows: number
  /** The pty host's log offset the screen covers, and which log; null when no log is kept. */
  readonly offset: number | null
  readonly ptyKey: string | null
}

export const enum PaneConstants {
  /** Between the two resizes of askRedraw: long enough for a program to handle the first. */
  RedrawNudgeMs = 100,
}

export const enum MirrorFlowConstants {
  /**
   * With the mirror in a worker, the PTY pauses when it has this much output not yet parsed, and
   * resumes below WorkerMirrorLowChars. Wider than VS Code's 100 000/5 000 (kept for a mirror on
   * the main thread): a parse report crosses threads, and with a 5 000 low mark the PTY waited for
   * the worker to drain almost everything, so reading and parsing barely overlapped (throughput
   * ratio 0.46 → 0.66 measured). Bounded: at most ~2 MB queued per pane.
   */
  WorkerMirrorHighChars = 1_000_000,
  WorkerMirrorLowChars = 250_000,
}

/**
 * One pane: a PTY, its headless mirror, its foreground monitor, and its verdict.
 *
 * Output flows PTY → mirror → clients: a chunk reaches attached clients only after the mirror has
 * parsed it, so the serialized snapshot a client attaches with and the data that follows it line
 * up exactly. Only the mirror holds the PTY back (flow control): the status of a pane must never
 * freeze because a window is slow or a background browser tab is throttled. A client that falls
 * too far behind is skipped instead and, once it has caught up, resynchronised from the mirror.
 */
export class Pane extends Disposable {
  readonly id: PaneId
  readonly createdAt: number
  private readonly launch: PtyLaunch
  private readonly pty: PanePty
  private readonly mirror: PaneMirror
  private readonly foreground: ForegroundMonitor
  private readonly flow: FlowControl
  /** Before every emulator: the mirror and, through the same bytes, every client's xterm. */
  private readonly clamp: CountClamp
  private readonly clients: PaneClients
  private readonly context: PaneContext
  readonly clock: Clock
  private readonly fixedTitle: string | undefined
  private readonly answeredUntil: number
  private readonly earlierFacts: PaneOptions['facts']
  /** The mirror and the status wired as replay wires them. */
  private readonly wired: MirroredStatus
  private readonly status: PaneStatus
  private exitInfo: PaneExit | null = null
  private lastReport: PaneInfo['lastReport'] = null
  private readonly worktree: PaneWorktree | null
  private readonly resumedSession: string | null
  private readonly missingEnv: MissingEnv | null
  private changes: PaneChanges | null = null
  /** The first prompt the agent reported (UserPromptSubmit): a name for panes without a title of their own. */
  private firstPrompt: string | null = null
  /** The agent's last terminal title of its own: the name stays when it shows only its own name again. */
  private keptTitle: string | null = null
  private size: { cols: number; rows: number }
  /** State events fired so far: a signal that fired one needs no info event of its own. */
  private stateEvents = 0
  /** The pty host's log offset of the output the mirror has been given (what a saved screen covers); null without a log. */
  private mirroredOffset: number | null
  /** Replayed output already answered by the board before this one: its query replies are not sent (see answeredUntil). */
  private repliesMuted: boolean

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
  private readonly alerts = new ProgramAlertReader()
  private readonly _onDidAlert = this.register(new Emitter<PaneAlert>())
  /** The program raised a notification of its own (OSC 9/777/99 or the bell); at most one a second, with the count of the rest. */
  readonly onDidAlert = this._onDidAlert.event
  /** One throttle per source: a bell flood does not swallow the OSC 9 that says the build is done. */
  private readonly alertThrottles = new Map<string, AlertThrottle<PaneAlert>>()

  private readonly agents: AgentSource

  constructor(options: PaneOptions) {
    super()
    this.id = options.id
    this.agents = options.agents
    this.launch = options.launch
    this.pty = this.register(options.pty)
    this.clock = options.clock
    this.fixedTitle = options.title
    this.worktree = options.worktree ?? null
    this.resumedSession = options.session ?? null
    this.missingEnv = options.missingEnv ?? null
    this.answeredUntil = options.answeredUntil ?? 0
    this.earlierFacts = options.facts
    this.createdAt = options.createdAt ?? this.clock.now()
    this.size = { cols: options.launch.cols, rows: options.launch.rows }
    this.clamp = new CountClamp(this.size)
    this.context = { rootIsShell: isInteractiveShell(options.launch.argv) }
    const threads = options.mirrorThreads ?? mirrorThreadsFromEnv()
    this.flow = threads === 'worker' ? new FlowControl(MirrorFlowConstants.WorkerMirrorHighChars, MirrorFlowConstants.WorkerMirrorLowChars) : new FlowControl()
    this.mirror = this.register(createPaneMirror(threads, this.size.cols, this.size.rows, this.clock))
    const mirrorFailed = (why: string) => options.log(`pane ${this.id}: ${why}; its screen is no longer updated (the program keeps running)`)
    if (this.mirror.failure) mirrorFailed(this.mirror.failure)
    this.register(this.mirror.onDidFail(mirrorFailed))
    this.register(this.mirror.onDidRecover((how) => options.log(`pane ${this.id}: ${how}`)))
    this.clients = this.register(new PaneClients(this.mirror, this.clock))
    if (options.seed) this.mirror.write(options.seed, () => {})
    this.mirroredOffset = this.pty.offset
    this.repliesMuted = options.answeredUntil !== undefined && this.pty.offset !== null && options.answeredUntil > this.pty.offset
    this.foreground = this.register(new ForegroundMonitor(() => this.pty.pid, this.clock, readForeground, readTerminalReader, this.context.rootIsShell))
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
        // A new state is one event, carrying the whole info; the same state decided anew is an info change.
        if (previous.state === verdict.state) return this.changed()
        this.stateEvents++
        this._onDidChangeState.fire({ paneId: this.id, previous: previous.state, info: this.info() })
      }),
    )

    this.register(this.pty.onData((data) => this.onPtyData(data)))
    this.register(this.pty.onExit((exit) => this.onPtyExit(exit)))
    // Query answers go straight back to the program, whether or not any window shows the pane.
    this.register(this.mirror.onReply((reply) => this.repliesMuted || this.pty.write(reply)))
    // After MirroredStatus's own listeners: the status has been told first.
    this.register(
      this.mirror.onTitle(() => {
        void this.title // keeps the agent's own title, as it was set (paneTitle's `kept`)
        this.changed()
      }),
    )
    this.register(this.mirror.onOsc((record) => this.alert(this.alerts.osc(record.ident, record.data))))
    this.register(this.mirror.onBell(() => this.alert(this.alerts.bell())))
    this.register(this.status.onDidChangeDrift(() => this.changed()))
    this.register(
      this.foreground.onDidChange(({ program, reader }) =>
        this.changedUnlessState(() => this.process({ kind: 'foreground', at: this.clock.now(), program, reader })),
      ),
    )
  }

  private alert(alert: ProgramAlert | null): void {
    if (!alert) return
    let throttle = this.alertThrottles.get(alert.source)
    if (!throttle) {
      throttle = this.register(new AlertThrottle<PaneAlert>(this.clock, (a, repeats) => this._onDidAlert.fire(repeats ? { ...a, repeats } : a)))
      this.alertThrottles.set(alert.source, throttle)
    }
    throttle.offer({ paneId: this.id, ...alert, at: this.clock.now() })
  }

  private onPtyData(raw: string): void {
    const data = this.clamp.write(raw)
    const end = this.pty.offset
    if (end !== null) {
      const held = this.clamp.heldText
      // What the mirror is given now ends where this chunk ends, less a sequence the clamp holds back.
      this.mirroredOffset = held ? end - Buffer.byteLength(held) : end
    }
    // The replay's last chunk already answered by the board before: replies after it go out again.
    const unmute = this.repliesMuted && end !== null && end >= this.answeredUntil
    if (!data) {
      if (unmute) this.repliesMuted = false
      return
    }
    const n = data.length
    this.applyFlow(this.flow.charge(MIRROR, n))
    this.foreground.noteOutput()
    this.wired.output(data, () => {
      if (unmute) this.repliesMuted = false
      this.applyFlow(this.flow.credit(MIRROR, n))
      this.clients.deliver(data)
      this._onDidParse.fire(data)
    })
  }

  private onPtyExit(exit: PaneExit): void {
    // The exit is reported after trailing output was flushed, but that output may still be in the
    // mirror's parse queue: an empty write's callback runs after everything before it.
    this.foreground.dispose()
    this.mirror.write('', () => {
      this.clients.flushNow()
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

  private applyFlow(change: boolean | undefined): void {
    if (change === true) this.pty.pause()
    else if (change === false) this.pty.resume()
  }

  private changed(): void {
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
    this.lastReport = { event, at: this.clock.now() }
    this._onDidTap.fire({ kind: 'report', event, payload })
    this.firstPrompt ??= promptOf(event, payload)
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
    const inputs = {
      fixed: this.fixedTitle,
      agent: this.status.agent,
      agentName: this.agents.knowledge(this.status.agent)?.name ?? null,
      terminal: this.mirror.title,
      firstPrompt: this.firstPrompt,
      cwd: this.launch.cwd,
      program: programName(this.launch.argv[0] ?? 'pane'),
    }
    if (agentOwnTitle(inputs)) this.keptTitle = inputs.terminal
    return paneTitle({ ...inputs, kept: this.keptTitle })
  }

  /** The latest count of what changed in the pane's checkout. */
  setChanges(changes: PaneChanges): void {
    const before = this.changes
    this.changes = changes
    // A recount that found the same is no change (a working pane is recounted every few seconds).
    const same =
      before &&
      before.since === changes.since &&
      before.branch === changes.branch &&
      before.files === changes.files &&
      before.added === changes.added &&
      before.removed === changes.removed &&
      before.error === changes.error
    if (!same) this.changed()
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
      // A resumed agent is in the session it resumed until it names one itself (also after a takeover).
      sessionId: sessionId ?? this.earlierFacts?.sessionId ?? this.resumedSession,
      dialog,
      drift: drift && { reason: drift.reason, since: drift.since, detail: drift.detail },
      agentVersion: agentVersion ?? this.earlierFacts?.agentVersion ?? null,
      lastReport: this.lastReport,
      worktree: this.worktree,
      changes: this.changes,
      ...(this.missingEnv ? { missingEnv: this.missingEnv } : {}),
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
    this.clamp.resize(this.size)
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

  /** Resolves once the mirror parsed everything written so far. */
  settled(): Promise<void> {
    return new Promise((resolve) => this.mirror.write('', resolve))
  }

  /**
   * The mirror serialized with at most `scrollback` lines above the screen (the saved workspace's
   * copy), with the log offset of exactly the output it covers: the serialization runs after every
   * write before it, so the offset is taken now.
   */
  snapshotForSave(scrollback: number): Promise<SavedScreenShot> {
    const offset = this.mirroredOffset
    const ptyKey = this.pty.key
    return new Promise((resolve) =>
      this.mirror.snapshot((serialized) => resolve({ serialized, cols: this.size.cols, rows: this.size.rows, offset, ptyKey }), scrollback),
    )
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
        void this.settled().then(resolve)
      }
      const check = () => (this.mirroredOffset ?? Infinity) >= offset && done()
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

  /**
   * Starts delivering output to `sink` from exactly the point the returned snapshot ends. The
   * serialization happens in the mirror's write callback, so no chunk is in both or in neither.
   */
  attach(clientId: string, sink: DataSink): Promise<AttachSnapshot> {
    return new Promise((resolve) => {
      const { cols, rows } = this.size
      this.mirror.snapshot((serialized) => {
        this.clients.add(clientId, sink)
        resolve({ paneId: this.id, cols, rows, serialized })
      })
    })
  }

  detach(clientId: string): void {
    this.clients.remove(clientId)
  }

  ack(clientId: string, chars: number): void {
    this.clients.ack(clientId, chars)
  }

  isAttached(clientId: string): boolean {
    return this.clients.has(clientId)
  }
}
