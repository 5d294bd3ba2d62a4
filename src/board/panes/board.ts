import { homedir } from 'node:os'
import { Disposable, DisposableStore } from '../../core/lifecycle/disposable'
import { Emitter, type Event } from '../../core/lifecycle/emitter'
import type { PaneId, PaneInfo, PaneReportCounters, StateHistoryEntry } from '../../shared/domain/pane'
import type { CreatePaneRequest, EventMap, SavedLayout } from '../../shared/ipc/contract'
import { BoardError } from '../../shared/ipc/errors'
import type { ChangeTracker } from '../changes/changeTracker'
import type { PaneChangesDetail, PaneWorktree } from '../../shared/domain/pane'
import type { IncomingReport } from '../reports/report'
import { SessionReaper } from '../pty/sessionReaper'
import { formatRuleFileError } from '../status/ruleFile'
import type { Pane } from './pane'
import type { RestoredPane } from './restoredPane'
import { PaneRelauncher, type PaneLaunchRun, type PaneLaunchSpec, type PaneLaunched } from './relaunch'
import type { RestorablePane } from './savedPane'
import { PaneRecordings } from './paneRecordings'
import type { RecordingSummary } from '../record/paneRecorder'
import type { AgentCatalog } from '../agents/agentCatalog'
import { BoardAgents } from './boardAgents'
import { BoardEvents, type BoardEvent } from './boardEvents'
import { ClientSessions, type BoardClientSession, type ClientSession } from './clientSessions'
import { PaneChangeTrackers } from './paneChangeTrackers'
import { PaneEnvironment } from './paneEnvironment'
import { PaneOrder } from './paneOrder'
import { LivePanes } from './livePanes'
import { PaneIds } from './paneIds'
import { BoardConstants, type BoardOptions } from './boardOptions'
import { PaneSpawner, type AdoptedPty, type SpawnedPane } from './paneSpawner'
import { LocalPtys } from '../pty/ptyProcess'
import { AttentionHub } from '../notify/attentionHub'
import { DEFAULT_SETTINGS } from '../../shared/domain/settings'
import type { RemotePaneSource } from './remotePaneSource'

export type { BoardEvent, ClientSession }

/**
 * The id-keyed registry of panes: the one service every host (Electron, browser, CLI) talks to.
 * It registers panes (their listeners, tokens, trackers) and keeps their order; the rest is
 * delegated, one job each: agents and their rules (BoardAgents), environments (PaneEnvironment), spawning
 * (PaneSpawner), restored panes and restart/resume (PaneRelauncher), events to clients
 * (BoardEvents), change counts (PaneChangeTrackers), clients (ClientSessions), recordings
 * (PaneRecordings).
 */
export class Board extends Disposable {
  private readonly panes = new LivePanes()
  private readonly order = new PaneOrder()
  private readonly ids = new PaneIds()
  private readonly recordings: PaneRecordings
  /** Restored panes and what each pane runs again (restart, resume). */
  private readonly relauncher: PaneRelauncher

  private readonly _onDidLaunch = this.register(new Emitter<PaneLaunched>())
  /** A pane's process started (created, restarted or resumed): what the workspace store saves. */
  readonly onDidLaunch = this._onDidLaunch.event
  private savedLayout: SavedLayout | null = null
  private readonly _onDidChangeLayout = this.register(new Emitter<SavedLayout>())
  readonly onDidChangeLayout = this._onDidChangeLayout.event

  private readonly events: BoardEvents
  /** Every event for clients but those addressed to one client (BoardEvents). */
  readonly onEvent: Event<BoardEvent>
  /** The notification policy for every client: intents, cooldown, what was seen where. */
  readonly attention: AttentionHub

  private readonly agentFolders: BoardAgents
  private readonly reaper: SessionReaper | null
  private readonly env: PaneEnvironment
  private readonly trackers: PaneChangeTrackers
  private readonly sessions: ClientSessions
  private readonly spawner: PaneSpawner
  /** Panes on other machines (`spawn --host`), set by the host that can reach them; null: none. */
  remotes: RemotePaneSource | null = null

  constructor(private readonly options: BoardOptions) {
    super()
    this.events = this.register(new BoardEvents(options.clock, options.log, (id) => this.panes.has(id)))
    this.onEvent = this.events.onEvent
    this.attention = this.register(
      new AttentionHub({
        clock: options.clock,
        log: options.log,
        settings: options.notifySettings ?? (() => DEFAULT_SETTINGS.notifications),
        broadcast: (payload) => this.events.fire({ channel: 'attention:changed', payload }),
      }),
    )
    this.register(this.onEvent((event) => this.attention.onBoardEvent(event)))
    this.recordings = new PaneRecordings(options.clock)
    // A reaper of our own only for terminals of our own: the pty host runs its own.
    this.reaper = options.reaper === false || options.ptys ? null : this.register(SessionReaper.start((line) => options.log.error(line)))
    this.agentFolders = this.register(
      new BoardAgents({
        clock: options.clock,
        log: options.log,
        baseEnv: options.baseEnv,
        agentsDir: options.agentsDir,
        userAgentsDir: options.userAgentsDir,
        userRulesDir: options.userRulesDir,
        watch: options.watchRules,
        onReload: () => {
          for (const pane of this.panes.values()) pane.reloadRules()
        },
      }),
    )
    this.env = new PaneEnvironment({ baseEnv: options.baseEnv, socketPath: options.socketPath, reaperTag: this.reaper?.value ?? options.reaperTag ?? null })
    this.spawner = new PaneSpawner({
      clock: options.clock,
      log: options.log,
      env: this.env,
      catalog: this.agentFolders.catalog,
      ptys: options.ptys ?? new LocalPtys(options.clock),
      reaper: this.reaper,
      agents: options.agents,
    })
    this.trackers = new PaneChangeTrackers(options.clock, options.log, options.trackChanges !== false)
    this.relauncher = new PaneRelauncher(options.clock, {
      live: (id) => this.panes.get(id),
      get: (id) => this.get(id),
      launch: (id, spec, run) => this.launchPane(id, spec, run),
      settingsEnv: (spec) => options.settingsEnv?.({ agent: spec.agent, preset: spec.preset }) ?? {},
      inheritedEnv: () => this.env.inherited(),
      resumeOf: (agent) => this.agents.get(agent)?.manifest.resume ?? null,
      log: (line) => options.log.info(line),
      retire: (id) => this.panes.retire(id),
      reattach: (id) => this.sessions.reattach(id),
      changed: (info) => this.events.fire({ channel: 'pane:changed', payload: info }),
    })
    this.sessions = new ClientSessions({
      live: (id) => this.panes.get(id),
      restored: (id) => this.relauncher.restoredPane(id),
      get: (id) => this.get(id),
      disconnected: (clientId) => this.recordings.stopOwnedBy(clientId),
    })
  }

  /** Resolves once every info change of the pane so far has gone out as an event (or was superseded): nothing is held back. */
  eventsDrained(id: PaneId): Promise<void> {
    return this.events.drained(id)
  }

  /** The agents in force: shipped and the user's, with their rules (reloaded live). */
  get agents(): AgentCatalog {
    return this.agentFolders.catalog
  }

  /** Re-reads the agent folders and rule files; a broken file keeps what loaded before. Returns the problems found. */
  reloadRules(): string[] {
    return this.agentFolders.reload().map(formatRuleFileError)
  }

  /** Problems in the rule files at the last reload (file, line, rule), for the UI. */
  get ruleProblems(): string[] {
    return this.agentFolders.problems.map(formatRuleFileError)
  }

  defaultShell(): string {
    return this.env.defaultShell()
  }

  /** The environment panes inherit, for launch steps that run before the pane (worktree setup commands). */
  launchEnv(overrides?: Record<string, string>): Record<string, string> {
    return this.env.inherited(overrides)
  }

  /** Where panes start when a launch names no directory. */
  get defaultCwd(): string {
    return this.options.defaultCwd ?? homedir()
  }

  /**
   * Spawns a pane for a resolved launch (main's launch service resolves agent kinds, presets and
   * worktrees first). `agent`: the agent it was asked for by name; `preset`: the preset it came
   * from; `ownEnv`: the launch's own overrides within `req.env` (the rest came from the
   * settings); `worktree`: the one made for it.
   */
  create(
    req: CreatePaneRequest,
    extras: { agent?: string; preset?: string; ownEnv?: Readonly<Record<string, string>>; worktree?: PaneWorktree } = {},
  ): PaneInfo {
    const id = this.ids.peek()
    const spec: PaneLaunchSpec = {
      command: req.command?.length ? req.command : [this.defaultShell()],
      cwd: req.cwd ?? this.defaultCwd,
      env: req.env ?? {},
      ownEnv: extras.ownEnv ?? req.env ?? {},
      preset: extras.preset,
      title: req.title,
      cols: req.cols ?? BoardConstants.DefaultCols,
      rows: req.rows ?? BoardConstants.DefaultRows,
      agent: extras.agent,
      worktree: extras.worktree,
    }
    const info = this.launchPane(id, spec, { argv: spec.command })
    this.ids.reserve(id)
    return info
  }

  /** A new pane id for a pane that lives elsewhere (a remote pane shown here): never reused. */
  allocateId(): PaneId {
    return this.ids.take()
  }

  /** A pane that lives elsewhere comes back under its saved id (a restart): no other pane gets it. */
  reserveId(id: PaneId): void {
    this.ids.reserve(id)
  }

  /** Puts an event of a pane that lives elsewhere (a remote pane) on the board's stream to its clients. */
  publish(event: BoardEvent): void {
    this.events.fire(event)
  }

  private launchPane(id: PaneId, spec: PaneLaunchSpec, run: PaneLaunchRun): PaneInfo {
    const spawned = this.spawner.spawn(id, spec, run)
    return this.registerPane(id, spec, spawned, run.argv[0], 'pane created', undefined, run)
  }

  /**
   * Takes over a pane the previous board process started and the pty host still runs: it goes
   * back in its place with its id, tokens, launch directory, screen and program, as if this
   * process had launched it. Call on a fresh board, before restore and before any pane is created.
   */
  adopt(adopted: AdoptedPty): PaneInfo {
    const { paneId: id, spec } = adopted.handover
    if (this.panes.has(id)) throw new Error(`pane ${id} is already on the board`)
    const info = this.registerPane(
      id,
      spec,
      this.spawner.adopt(adopted),
      adopted.handover.argv[0],
      'pane taken over from the previous board process',
      adopted.handover.since ?? undefined,
    )
    this.ids.reserve(id)
    return info
  }

  /** Registers a pane that runs: its events, tokens, trackers and place. */
  private registerPane(
    id: PaneId,
    spec: PaneLaunchSpec,
    spawned: SpawnedPane,
    argv0: string | undefined,
    logLine: string,
    since?: string,
    run?: PaneLaunchRun,
  ): PaneInfo {
    const { pane, controlToken, injected, handover } = spawned
    const store = new DisposableStore()
    store.add(this.events.wire(pane))
    if (injected) {
      store.add(injected)
      // Its token and files are no use once the agent is gone.
      store.add(pane.onDidExit(() => injected.dispose()))
    }
    this.panes.add(id, pane, store, controlToken)
    this.order.add(id)
    this.recordings.launched(id, injected?.secrets ?? [])
    const tracker = this.trackers.track(pane, store, spec.cwd, since ?? spec.worktree?.baseCommit)
    // The commit it counts from goes into the pane's record: the next board process counts from it too.
    if (tracker && !handover.current.since) void tracker.started().then(() => tracker.startCommit && handover.update({ since: tracker.startCommit }))
    this.relauncher.launched(id, spec)
    // With the pid once the program runs (a pty host answers a spawn a round trip later).
    void pane.ready.then(
      () => this.options.log.info(logLine, { pane: id, argv0, agent: pane.agent, reporting: injected !== null, cwd: spec.cwd, pid: pane.info().pid }),
      () => undefined,
    )
    // A pane taken over is neither new nor run again: the history has it already (as 'create', it adds no mark).
    this._onDidLaunch.fire({ paneId: id, spec, pane, reason: run?.reason ?? 'create', previous: run?.previous })
    const info = pane.info()
    this.events.fire({ channel: 'pane:changed', payload: info })
    return info
  }

  /**
   * The pane's info once its program runs (a pty host answers a spawn a round trip later). A
   * program that could not be started after all takes its pane off the board: BoardError('spawn-failed').
   */
  async spawned(id: PaneId): Promise<PaneInfo> {
    const pane = this.get(id)
    try {
      await pane.ready
    } catch (err) {
      if (this.panes.get(id) === pane) await this.remove(id).catch(() => undefined)
      throw new BoardError('spawn-failed', err instanceof Error ? err.message : String(err))
    }
    return pane.info()
  }

  /** The pane's changes since it started, with the diff (the changes view). */
  async changes(id: PaneId): Promise<PaneChangesDetail> {
    return this.trackers.detail(this.get(id))
  }

  /** The tracker of a pane (tests wait on it). */
  changeTracker(id: PaneId): ChangeTracker | undefined {
    return this.trackers.get(id)
  }

  /** An authenticated report from a pane's agent (the report server already checked the token). */
  deliverReport(report: IncomingReport): void {
    this.panes.get(report.paneId)?.report(report.event, report.payload)
  }

  reportStats(id: PaneId): PaneReportCounters | null {
    return this.options.reportStats?.(id) ?? null
  }

  /** The pane whose control token this is (a program inside it showed it), or null. */
  paneForControlToken(token: string): PaneId | null {
    return this.panes.forControlToken(token)
  }

  get(id: PaneId): Pane {
    const pane = this.panes.get(id)
    if (pane) return pane
    if (this.relauncher.restoredPane(id))
      throw new BoardError('exited', `pane ${id} is not running since the board stopped; \`switchboard resume ${id}\` runs it again`)
    throw new BoardError('not-found', `no pane ${id}; \`switchboard ls\` lists the panes`)
  }

  /** A live pane's program's pid; 0 for a pane that is not running or not known. */
  pidOf(id: PaneId): number {
    return this.panes.get(id)?.pid ?? 0
  }

  /** A live or restored pane's info. */
  info(id: PaneId): PaneInfo {
    return this.relauncher.restoredInfo(id) ?? this.get(id).info()
  }

  /** Live and restored panes, in the board's order (creation order until reordered). */
  list(): PaneInfo[] {
    return this.order.current.flatMap((id) => this.panes.get(id)?.info() ?? this.relauncher.restoredInfo(id) ?? [])
  }

  /** The window layout a client saved last (restored with the workspace). */
  get layout(): SavedLayout | null {
    return this.savedLayout
  }

  setLayout(layout: SavedLayout, notify = true): void {
    this.savedLayout = layout
    if (notify) this._onDidChangeLayout.fire(layout)
  }

  /** A pane back from the saved workspace with nothing running, if `id` is one. */
  restoredPane(id: PaneId): RestoredPane | undefined {
    return this.relauncher.restoredPane(id)
  }

  /** A pane's state history as saved (it survives restarts of the board). */
  history(id: PaneId): StateHistoryEntry[] {
    this.info(id)
    return this.options.history?.(id) ?? []
  }

  /**
   * Puts saved panes back in their places, with nothing running: each shows its last screen until
   * it is resumed or restarted. Call on a fresh board, before any pane is created.
   */
  restore(panes: readonly RestorablePane[]): void {
    for (const saved of panes) {
      if (this.panes.has(saved.id)) continue
      const restored = this.relauncher.restore(saved)
      if (!restored) continue
      this.order.add(saved.id)
      this.ids.reserve(saved.id)
      this.events.fire({ channel: 'pane:changed', payload: this.relauncher.restoredInfo(saved.id) ?? restored.info() })
    }
  }

  /** Runs a pane that is not running again in its place (PaneRelauncher.resume); `env` adds what was not saved. */
  async resume(id: PaneId, env?: Readonly<Record<string, string>>): Promise<PaneInfo> {
    await this.relauncher.resume(id, env)
    return this.spawned(id)
  }

  /** Ends the pane's program if it runs and starts it again (an agent resumes its session). */
  async restart(id: PaneId): Promise<PaneInfo> {
    await this.relauncher.restart(id)
    return this.spawned(id)
  }

  /** Puts the named panes first, in the given order; the rest keep theirs after them (PaneOrder). */
  reorder(ids: readonly PaneId[]): PaneId[] {
    const { order, changed } = this.order.reorder(ids)
    if (changed) this.events.fire({ channel: 'board:order', payload: { order: [...order] } })
    return order
  }

  write(id: PaneId, data: string): void {
    const pane = this.get(id)
    if (pane.exit) throw new BoardError('exited', `pane ${id} has exited; nothing reads its input`)
    pane.write(data)
  }

  async kill(id: PaneId): Promise<void> {
    if (this.relauncher.restoredPane(id)) return
    await this.get(id).kill()
  }

  resize(id: PaneId, cols: number, rows: number): void {
    if (this.relauncher.restoredPane(id)) return
    this.get(id).resize(cols, rows)
  }

  async remove(id: PaneId): Promise<void> {
    if (this.relauncher.forget(id)) {
      this.order.remove(id)
      this.events.removed(id)
      return
    }
    const pane = this.get(id)
    await pane.kill()
    this.recordings.forget(id)
    this.reaper?.untrack(pane.info().pid)
    this.panes.retire(id)
    this.relauncher.forget(id)
    this.order.remove(id)
    this.events.removed(id)
  }

  /** Opens a client session (ClientSessions.connect). */
  connect(emitData: (payload: EventMap['pane:data']) => unknown, backedUp?: () => boolean): BoardClientSession {
    return this.sessions.connect(emitData, backedUp)
  }

  /** Records the pane (asciicast + reports + process signals) until stopped, its exit, or `owner` disconnecting. */
  record(id: PaneId, file: string, owner: string | null = null): Promise<RecordingSummary> {
    return this.recordings.start(this.get(id), file, owner)
  }

  stopRecording(id: PaneId): RecordingSummary {
    return this.recordings.stop(id)
  }

  /** Drops a ground-truth marker (`state:LABEL`) into the pane's recording. */
  mark(id: PaneId, label: string): void {
    this.get(id)
    this.recordings.mark(id, label)
  }

  /** Kills every pane's process tree and waits for it; the board is unusable afterwards. */
  async shutdown(): Promise<void> {
    await Promise.all(
      [...this.panes.values()].map((p) =>
        p
          .kill()
          .catch((err: unknown) =>
            this.options.log.error('could not kill a pane at shutdown; its processes may outlive the board', { pane: p.id, err: String(err) }),
          ),
      ),
    )
    this.dispose()
  }

  override dispose(): void {
    this.remotes?.dispose()
    this.remotes = null
    this.recordings.dispose()
    this.panes.dispose()
    this.relauncher.dispose()
    super.dispose()
  }
}

export type BoardClient = ReturnType<Board['connect']>
