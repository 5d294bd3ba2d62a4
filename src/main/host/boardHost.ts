import type { Clock } from '../../core/lifecycle/clock'
import { setUnexpectedErrorHandler } from '../../core/lifecycle/errors'
import type { BoardInfo } from '../../shared/ipc/contract'
import { join } from 'node:path'
import { PROTOCOL_VERSION } from '../../shared/ipc/protocol'
import { APP_VERSION } from '../appVersion'
import { AgentLaunches } from '../agents/agentLaunches'
import { sweepStaleLaunchDirs } from '../agents/launchDirs'
import { Board } from '../panes/board'
import { ReportServer } from '../reports/reportServer'
import { findResourcesDir } from '../util/resources'
import { realClock } from '../util/clock'
import type { Logger } from '../util/log'
import { sharedSettingsStore, type SettingsStore } from '../settings/settingsStore'
import { ControlSocket } from './controlSocket'
import { ensurePrivateDir, runtimeDir, socketPathFor } from './runtimeDir'
import { dataDir } from '../workspace/dataDir'
import { WorkspaceStore } from '../workspace/workspaceStore'
import { WorkspaceUnavailable } from '../workspace/workspaceDb'
import { restoreWorkspace } from '../workspace/restoreWorkspace'

export interface BoardHost {
  readonly board: Board
  readonly control: ControlSocket
  /** Where agents' hooks and plugins report to. */
  readonly reports: ReportServer
  info(): BoardInfo
  /** Kills every pane's process tree, closes the socket; nothing keeps running. */
  shutdown(): Promise<void>
}

/** What both hosts (Electron and browser mode) start: the board and its control socket. */
export async function startBoardHost(options: {
  mode: BoardInfo['mode']
  log: Logger
  clock?: Clock
  env?: NodeJS.ProcessEnv
  defaultCwd?: string
  /** Where `security.paneControl` is read from (the user's settings by default). */
  settings?: SettingsStore
  /** Save the workspace and restore it on start (default true; benchmarks run without). */
  persist?: boolean
  /** Set when this board is the daemon that outlives its clients (shown in `board:info`). */
  daemon?: { pid: number; startedAt: number }
  /** The protocol this board says it speaks (default PROTOCOL_VERSION; tests pretend another). */
  protocol?: number
}): Promise<BoardHost> {
  const env = options.env ?? process.env
  // A listener's or disposer's error is logged where it happened and the board goes on.
  setUnexpectedErrorHandler((err) => options.log.error('unexpected error', { err: err instanceof Error ? (err.stack ?? err.message) : String(err) }))
  const dir = runtimeDir(env)
  ensurePrivateDir(dir)
  const socketPath = socketPathFor(dir)
  const clock = options.clock ?? realClock
  const resourcesDir = findResourcesDir(__dirname, env)
  if (!resourcesDir) options.log.error('resources/ not found: no screen rules and no agent reporting (set SWITCHBOARD_RESOURCES_DIR)')
  // Files of per-launch injections left by a board that crashed.
  sweepStaleLaunchDirs(dir)
  // First, before anything listens: a workspace another board holds ends this start (one board
  // per data dir); one that cannot be written (a read-only mount) leaves the board running unsaved, saying so.
  let workspace: WorkspaceStore | null = null
  let unsaved: { path: string; problem: string } | null = null
  if (options.persist !== false) {
    try {
      workspace = WorkspaceStore.open({ dir: dataDir(env), clock, log: options.log })
    } catch (err) {
      if (!(err instanceof WorkspaceUnavailable) || err.why === 'in-use') throw err
      options.log.error(err.message)
      unsaved = { path: err.path, problem: err.message }
    }
  }
  // Reports arrive only for registered panes, so only after the board below exists.
  const reports = await ReportServer.listen({ sink: (report) => board.deliverReport(report), clock, log: options.log })
  const agents = resourcesDir ? new AgentLaunches({ server: reports, runtimeDir: dir, resourcesDir, runtime: process.execPath }) : undefined
  const board = new Board({
    clock,
    log: options.log,
    baseEnv: env,
    socketPath,
    defaultCwd: options.defaultCwd,
    agentsDir: resourcesDir ? join(resourcesDir, 'agents') : null,
    agents,
    reportStats: (id) => {
      const pane = reports.paneStats(id)
      if (!pane) return null
      const all = reports.stats()
      return { ...pane, server: { preAuth: all.connections.preAuth, droppedPreAuth: all.connections.droppedPreAuth, unauthorized: all.rejected.unauthorized } }
    },
    history: workspace ? (id) => workspace.history(id) : undefined,
    notifySettings: () => (options.settings ?? sharedSettingsStore()).get().settings.notifications,
  })
  if (workspace) restoreWorkspace(board, workspace, options.log)
  const info = (): BoardInfo => ({
    version: APP_VERSION,
    mode: options.mode,
    socketPath,
    workspace: workspace ? { path: workspace.path, problem: workspace.problem } : unsaved,
    protocol: options.protocol ?? PROTOCOL_VERSION,
    daemon: options.daemon ?? null,
  })
  const settings = options.settings ?? sharedSettingsStore()
  const control = await ControlSocket.listen(socketPath, board, info, options.log, {
    paneControl: () => settings.get().settings.security.paneControl,
    paneForToken: (token) => board.paneForControlToken(token),
    panes: () => board.list().map((p) => ({ id: p.id, pid: p.pid })),
    socketPath,
  })
  let stopping: Promise<void> | undefined
  return {
    board,
    control,
    reports,
    info,
    shutdown: () =>
      (stopping ??= (async () => {
        // Saved before the panes are ended: the next start brings them back as interrupted.
        await workspace?.close()
        // Panes first: the hang-up goes out before anything else can fail or hang.
        const panes = board.shutdown()
        control.dispose()
        await panes
        await reports.close()
      })()),
  }
}
