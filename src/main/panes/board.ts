import { homedir } from 'node:os'
import { existsSync } from 'node:fs'
import { Disposable, DisposableStore, type IDisposable } from '../../core/lifecycle/disposable'
import { Emitter } from '../../core/lifecycle/emitter'
import type { Clock } from '../../core/lifecycle/clock'
import type { PaneId, PaneInfo, StateChange, StateHistoryEntry } from '../../shared/domain/pane'
import type { CreatePaneRequest, EventChannel, EventMap, SavedLayout } from '../../shared/ipc/contract'
import { BoardError } from '../../shared/ipc/errors'
import type { AgentLaunch } from '../agents/launchAgent'
import type { AgentLaunches } from '../agents/agentLaunches'
import type { IncomingReport } from '../reports/report'
import { PtyProcess } from '../pty/ptyProcess'
import { formatRuleFileError, type RuleFileError } from '../status/ruleFile'
import { findRulesDir, findUserRulesDir, RuleRegistry } from '../status/ruleRegistry'
import { RuleWatcher } from '../status/ruleWatcher'
import type { Logger } from '../util/log'
import { Pane } from './pane'
import { RestoredPane, type RestoredPaneOptions } from './restoredPane'
import { relaunchSeed, relaunchCommand, type PaneLaunchSpec, type PaneLaunched } from './relaunch'

export const enum BoardConstants {
  DefaultCols = 120,
  DefaultRows = 32,
}

export interface BoardOptions {
  readonly clock: Clock
  readonly log: Logger
  /** The environment panes inherit (before the board's own variables and the request's overrides). */
  readonly baseEnv: Readonly<Record<string, string | undefined>>
  /** Exported to panes as SWITCHBOARD_SOCKET so programs inside can drive the board. */
  readonly socketPath?: string
  readonly defaultCwd?: string
  /** Where the agents' screen rules are; found beside the app by default. */
  readonly rulesDir?: string | null
  /** The user's rule overrides (platform config dir by default); null for shipped rules only. */
  readonly userRulesDir?: string | null
  /** Reload rule files when they change (default true). */
  readonly watchRules?: boolean
  /** Injects reporting into agent launches (per launch; the user's configuration is untouched). */
  readonly agents?: AgentLaunches
  /** A pane's saved state history (the workspace store); none without one. */
  readonly history?: (id: PaneId) => StateHistoryEntry[]
}

/** Variables of the board's own runtime that must not leak into the programs it runs. */
const PRIVATE_ENV = /^(ELECTRON_|SWITCHBOARD_|npm_|VITE_|NODE_OPTIONS$|INIT_CWD$)/

export type BoardEvent = { [E in EventChannel]: { channel: E; payload: EventMap[E] } }[Exclude<EventChannel, 'pane:data'>]

/** A connected client (a window, a browser tab, a CLI connection): its attachments end with it. */
export interface ClientSession extends IDisposable {
  readonly id: string
}

/** The id-keyed registry of panes: the one service every host (Electron, browser, CLI) talks to. */
export class Board extends Disposable {
  private readonly panes = new Map<PaneId, Pane>()
  private readonly paneStores = new Map<PaneId, DisposableStore>()
  private nextId = 1
  private nextClient = 1
  /** Each connected client's attachments, so a relaunched pane keeps its viewers. */
  private readonly clients = new Map<string, { readonly attached: Set<PaneId>; readonly sink: (id: PaneId) => (data: string, resync: boolean) => void }>()
  /** Panes back from the saved workspace with nothing running yet (see restore). */
  private readonly restored = new Map<PaneId, RestoredPane>()
  /** What each pane was launched with, as the user asked: what restart and resume run again. */
  private readonly specs = new Map<PaneId, PaneLaunchSpec>()

  private readonly _onDidLaunch = this.register(new Emitter<PaneLaunched>())
  /** A pane's process started (created, restarted or resumed): what the workspace store saves. */
  readonly onDidLaunch = this._onDidLaunch.event
  private savedLayout: SavedLayout | null = null
  private readonly _onDidChangeLayout = this.register(new Emitter<SavedLayout>())
  readonly onDidChangeLayout = this._onDidChangeLayout.event

  private readonly _onEvent = this.register(new Emitter<BoardEvent>((err) => this.options.log.error('board listener failed', { err: String(err) })))
  readonly onEvent = this._onEvent.event

  private readonly rules: RuleRegistry | null
  private readonly ruleWatcher: RuleWatcher | null = null

  constructor(private readonly options: BoardOptions) {
    super()
    const dir = options.rulesDir === undefined ? findRulesDir() : options.rulesDir
    const overrides = options.userRulesDir === undefined ? findUserRulesDir(options.baseEnv) : options.userRulesDir
    this.rules = dir ? new RuleRegistry(dir, (line) => options.log.error(line), overrides ?? undefined) : null
    if (!this.rules) options.log.error('no screen rules found (resources/rules); agent panes will rely on reports and processes only')
    this.rules?.reload()
    if (this.rules && options.watchRules !== false) {
      this.ruleWatcher = this.register(
        new RuleWatcher({ dirs: this.rules.dirs, reload: () => this.reloadRuleFiles(), clock: options.clock, log: (line) => options.log.info(line) }),
      )
    }
  }

  /** Re-reads the rule files; a broken file keeps its previous rules. Returns the problems found. */
  reloadRules(): string[] {
    return this.reloadRuleFiles().map(formatRuleFileError)
  }

  private reloadRuleFiles(): RuleFileError[] {
    const errors = this.rules?.reload() ?? []
    for (const pane of this.panes.values()) pane.reloadRules()
    return errors
  }

  /** Problems in the rule files at the last reload (file, line, rule), for the UI. */
  get ruleProblems(): string[] {
    return (this.ruleWatcher?.problems ?? []).map(formatRuleFileError)
  }


  defaultShell(): string {
    const shell = this.options.baseEnv.SHELL
    if (shell && existsSync(shell)) return shell
    return existsSync('/bin/bash') ? '/bin/bash' : '/bin/sh'
  }

  private paneEnv(id: PaneId, overrides: Record<string, string> | undefined): Record<string, string> {
    const env: Record<string, string> = {}
    for (const [k, v] of Object.entries(this.options.baseEnv)) if (v !== undefined && !PRIVATE_ENV.test(k)) env[k] = v
    env.TERM = 'xterm-256color'
    env.COLORTERM = 'truecolor'
    env.TERM_PROGRAM = 'switchboard'
    env.SWITCHBOARD_PANE_ID = id
    if (this.options.socketPath) env.SWITCHBOARD_SOCKET = this.options.socketPath
    return { ...env, ...overrides }
  }

  create(req: CreatePaneRequest): PaneInfo {
    // The id is taken only when the launch succeeds, so a failed spawn leaves no gap.
    const id = String(this.nextId)
    const spec: PaneLaunchSpec = {
      command: req.command?.length ? req.command : [this.defaultShell()],
      cwd: req.cwd ?? this.options.defaultCwd ?? homedir(),
      env: req.env ?? {},
      title: req.title,
      cols: req.cols ?? BoardConstants.DefaultCols,
      rows: req.rows ?? BoardConstants.DefaultRows,
    }
    const info = this.launchPane(id, spec, spec.command)
    this.nextId++
    return info
  }

  private launchPane(id: PaneId, spec: PaneLaunchSpec, argv: readonly string[], seed?: string): PaneInfo {
    const env = this.paneEnv(id, spec.env)
    const launch = { argv, cwd: spec.cwd, env, cols: spec.cols, rows: spec.rows }
    const injected = this.prepareAgent(id, argv, env)
    const result = PtyProcess.launch(injected ? { ...launch, argv: injected.argv, env: { ...env, ...injected.env } } : launch, this.options.clock)
    if (!result.ok) {
      injected?.dispose()
      throw new BoardError('spawn-failed', result.message)
    }
    // The pane shows the command the user asked for; the injected flags are ours.
    const pane = new Pane({
      seed,
      id,
      launch,
      pty: result.pty,
      title: spec.title,
      clock: this.options.clock,
      rules: (agent) => this.rules?.rules(agent) ?? [],
      ruleFile: (agent) => this.rules?.file(agent),
      log: (line) => this.options.log.info(line),
    })
    const store = new DisposableStore()
    store.add(pane.onDidChange((info) => this._onEvent.fire({ channel: 'pane:changed', payload: info })))
    store.add(pane.onDidChangeState((change) => this.onStateChange(change)))
    if (injected) {
      store.add(injected)
      // Its token and files are no use once the agent is gone.
      store.add(pane.onDidExit(() => injected.dispose()))
    }
    this.panes.set(id, pane)
    this.paneStores.set(id, store)
    this.specs.set(id, spec)
    this.options.log.info('pane created', { pane: id, argv0: argv[0], agent: pane.agent, reporting: injected !== null, cwd: launch.cwd, pid: pane.info().pid })
    this._onDidLaunch.fire({ paneId: id, spec, pane })
    const info = pane.info()
    this._onEvent.fire({ channel: 'pane:changed', payload: info })
    return info
  }

  /** Reporting for a known agent's launch; null for other programs, or when it cannot be set up. */
  private prepareAgent(id: PaneId, argv: readonly string[], env: Record<string, string>): AgentLaunch | null {
    if (!this.options.agents) return null
    try {
      const launch = this.options.agents.prepare(id, argv, env)
      if (launch.agent !== 'shell') return launch
      launch.dispose()
      return null
    } catch (err) {
      // The agent still runs, watched through its screen and processes only; say why.
      this.options.log.error('could not inject reporting; the pane runs without agent reports', { pane: id, err: String(err) })
      return null
    }
  }

  /** An authenticated report from a pane's agent (the report server already checked the token). */
  deliverReport(report: IncomingReport): void {
    this.panes.get(report.paneId)?.report(report.event, report.payload)
  }

  private onStateChange(change: StateChange): void {
    const { verdict } = change
    this.options.log.info('pane state', {
      pane: change.paneId,
      from: change.previous,
      to: verdict.state,
      evidence: verdict.evidence.map((e) => `${e.source}: ${e.detail}`),
    })
    this._onEvent.fire({ channel: 'pane:state', payload: change })
  }

  get(id: PaneId): Pane {
    const pane = this.panes.get(id)
    if (pane) return pane
    if (this.restored.has(id)) throw new BoardError('exited', `pane ${id} is not running since the board stopped; \`switchboard resume ${id}\` runs it again`)
    throw new BoardError('not-found', `no pane ${id}; \`switchboard ls\` lists the panes`)
  }

  /** A live or restored pane's info. */
  info(id: PaneId): PaneInfo {
    return this.restored.get(id)?.info() ?? this.get(id).info()
  }

  /** Live and restored panes, in their places (by id). */
  list(): PaneInfo[] {
    return [...this.panes.values(), ...this.restored.values()].map((p) => p.info()).sort((a, b) => Number(a.id) - Number(b.id))
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
    return this.restored.get(id)
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
  restore(panes: readonly (RestoredPaneOptions & { readonly env: Readonly<Record<string, string>> })[]): void {
    for (const saved of panes) {
      if (this.panes.has(saved.id) || this.restored.has(saved.id)) continue
      const { env, ...options } = saved
      this.restored.set(saved.id, new RestoredPane(options, this.options.clock))
      this.specs.set(saved.id, { command: saved.command, cwd: saved.cwd, env, title: saved.title ?? undefined, cols: saved.cols, rows: saved.rows })
      this.nextId = Math.max(this.nextId, Number(saved.id) + 1)
      this._onEvent.fire({ channel: 'pane:changed', payload: this.restored.get(saved.id)!.info() })
    }
  }

  /**
   * Runs a pane that is not running again in its place: an agent with its session resumed (its
   * own resume command and the session id it reported), anything else with its command, cwd and
   * environment. Reporting is injected again, as on every launch.
   */
  async resume(id: PaneId): Promise<PaneInfo> {
    const live = this.panes.get(id)
    if (live && !live.exit) throw new BoardError('invalid', `pane ${id} is running; \`switchboard restart ${id}\` restarts it`)
    return this.relaunch(id)
  }

  /** Ends the pane's program if it runs and starts it again (an agent resumes its session). */
  async restart(id: PaneId): Promise<PaneInfo> {
    return this.relaunch(id)
  }

  private async relaunch(id: PaneId): Promise<PaneInfo> {
    const live = this.panes.get(id)
    const restored = this.restored.get(id)
    const spec = this.specs.get(id)
    if ((!live && !restored) || !spec) return this.get(id).info()
    const before = restored ? restored.info() : live!.info()
    const screen = restored ? await restored.serialized() : (await live!.snapshotForSave(1000)).serialized
    const argv = relaunchCommand(spec.command, before)
    if (live) {
      await live.kill()
      this.paneStores.get(id)?.dispose()
      this.paneStores.delete(id)
      this.panes.delete(id)
      live.dispose()
    }
    restored?.dispose()
    this.restored.delete(id)
    try {
      const info = this.launchPane(id, spec, argv, relaunchSeed(screen, spec.rows, argv))
      await this.reattachClients(id)
      return info
    } catch (err) {
      // The pane stays listed, as it was saved, so nothing is lost and it can be tried again.
      this.restored.set(id, new RestoredPane({ ...before, title: spec.title ?? null, command: spec.command, exit: before.interrupted ? null : (before.exit ?? { code: -1, signal: null }), interruption: before.interrupted ?? null, serialized: screen }, this.options.clock))
      this._onEvent.fire({ channel: 'pane:changed', payload: this.restored.get(id)!.info() })
      throw err
    }
  }

  write(id: PaneId, data: string): void {
    const pane = this.get(id)
    if (pane.exit) throw new BoardError('exited', `pane ${id} has exited; nothing reads its input`)
    pane.write(data)
  }

  /** Clients that showed the pane before it was relaunched get the new one, starting with a resync. */
  private async reattachClients(id: PaneId): Promise<void> {
    const pane = this.panes.get(id)
    if (!pane) return
    for (const [clientId, client] of this.clients) {
      if (!client.attached.has(id)) continue
      const sink = client.sink(id)
      // Output parsed between the attach point and this continuation follows the snapshot, in order.
      let ready = false
      const early: [string, boolean][] = []
      const snapshot = await pane.attach(clientId, (data, resync) => (ready ? sink(data, resync) : early.push([data, resync])))
      sink(snapshot.serialized, true)
      ready = true
      for (const [data, resync] of early) sink(data, resync)
    }
  }

  async kill(id: PaneId): Promise<void> {
    if (this.restored.has(id)) return
    await this.get(id).kill()
  }

  resize(id: PaneId, cols: number, rows: number): void {
    if (this.restored.has(id)) return
    this.get(id).resize(cols, rows)
  }

  async remove(id: PaneId): Promise<void> {
    const restored = this.restored.get(id)
    if (restored) {
      restored.dispose()
      this.restored.delete(id)
      this.specs.delete(id)
      this._onEvent.fire({ channel: 'pane:removed', payload: { paneId: id } })
      return
    }
    const pane = this.get(id)
    await pane.kill()
    this.panes.delete(id)
    this.paneStores.get(id)?.dispose()
    this.paneStores.delete(id)
    this.specs.delete(id)
    pane.dispose()
    this._onEvent.fire({ channel: 'pane:removed', payload: { paneId: id } })
  }

  /** Opens a client session; `emitData` receives `pane:data` for the panes it attaches to. */
  connect(emitData: (payload: EventMap['pane:data']) => void): ClientSession & {
    attach(id: PaneId): ReturnType<Pane['attach']>
    detach(id: PaneId): void
    ack(id: PaneId, chars: number): void
  } {
    const clientId = `client-${this.nextClient++}`
    const attached = new Set<PaneId>()
    const sink = (id: PaneId) => (data: string, resync: boolean) => emitData(resync ? { paneId: id, data, resync } : { paneId: id, data })
    this.clients.set(clientId, { attached, sink })
    return {
      id: clientId,
      attach: async (id) => {
        const restored = this.restored.get(id)
        if (restored) {
          // Attached to the place: when the pane runs again, this client gets it (reattachClients).
          attached.add(id)
          return restored.attachSnapshot()
        }
        const pane = this.get(id)
        attached.add(id)
        const snapshot = await pane.attach(clientId, sink(id))
        // Detached (or disconnected) while the attach waited for the mirror: undo it.
        if (!attached.has(id)) pane.detach(clientId)
        return snapshot
      },
      detach: (id) => {
        attached.delete(id)
        this.panes.get(id)?.detach(clientId)
      },
      ack: (id, chars) => this.panes.get(id)?.ack(clientId, chars),
      dispose: () => {
        for (const id of attached) this.panes.get(id)?.detach(clientId)
        attached.clear()
        this.clients.delete(clientId)
      },
    }
  }

  /** Kills every pane's process tree and waits for it; the board is unusable afterwards. */
  async shutdown(): Promise<void> {
    await Promise.all(
      [...this.panes.values()].map((p) =>
        p.kill().catch((err: unknown) => this.options.log.error('could not kill a pane at shutdown; its processes may outlive the board', { pane: p.id, err: String(err) })),
      ),
    )
    this.dispose()
  }

  override dispose(): void {
    for (const store of this.paneStores.values()) store.dispose()
    for (const pane of this.panes.values()) pane.dispose()
    for (const pane of this.restored.values()) pane.dispose()
    this.restored.clear()
    this.panes.clear()
    this.paneStores.clear()
    super.dispose()
  }
}

export type BoardClient = ReturnType<Board['connect']>
