import type { Clock } from '../../core/lifecycle/clock'
import { setUnexpectedErrorHandler } from '../../core/lifecycle/errors'
import type { BoardInfo } from '../../shared/ipc/contract'
import { join } from 'node:path'
import { PROTOCOL_VERSION } from '../../shared/ipc/protocol'
import { APP_VERSION } from '../appVersion'
import { AgentLaunches } from '../agents/agentLaunches'
import { sweepStaleLaunchDirs } from '../agents/launchDirs'
import { Board } from '../panes/board'
import { ReportServer, type ConnectionEnds } from '../reports/reportServer'
import { findResourcesDir } from '../util/resources'
import { realClock } from '../util/clock'
import type { Logger } from '../util/log'
import { sharedSettingsStore, type SettingsStore } from '../settings/settingsStore'
import { ControlSocket } from './controlSocket'
import { controlSocketPath, ensurePrivateDir, runtimeDir } from './runtimeDir'
import { dataDir } from '../workspace/dataDir'
import { WorkspaceStore } from '../workspace/workspaceStore'
import { WorkspaceUnavailable } from '../workspace/workspaceDb'
import { restoreWorkspace } from '../workspace/restoreWorkspace'
import { settingsEnv } from '../../core/launch/settingsEnv'
import type { PtyHostClient } from '../pty/ptyHostClient'
import { tcpPeerInPane } from './reportPeer'
import { RemotePanes } from '../remote/remotePanes'
import { findAppRoot } from '../remote/serverInstall'
import { sshCommand } from '../remote/sshCommand'

export interface BoardHost {
  readonly board: Board
  readonly control: ControlSocket
  /** Where agents' hooks and plugins report to. */
  readonly reports: ReportServer
  info(): BoardInfo
  /** Kills every pane's process tree (and the pty host), closes the socket; nothing keeps running. Resolves with how many panes ran. */
  shutdown(): Promise<number>
  /**
   * A restart (with a pty host only): stops reading output, saves every pane's screen with its log
   * offset, says goodbye to the host and closes everything of this process; every program runs on
   * in the host for the next board process to take over. Resolves with how many panes run on.
   */
  handOver(): Promise<number>
  /** The pty host died (its reaper ended the panes): the panes are saved as they were and this process lets go of everything. */
  abandon(): Promise<void>
}

/** The board's own state kept in the pty host across its restarts. */
interface BoardState {
  readonly reportPort: number
}

function parseBoardState(text: string | null): BoardState | null {
  try {
    const v = JSON.parse(text ?? 'null') as { reportPort?: unknown } | null
    return v && Number.isInteger(v.reportPort) && (v.reportPort as number) > 0 && (v.reportPort as number) < 65536
      ? { reportPort: v.reportPort as number }
      : null
  } catch {
    return null
  }
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
  /** Hold the terminals in the pty host (the daemon): panes outlive this process and are taken over by the next. */
  ptyHost?: PtyHostClient
  /** Take a report only from a process of its pane (default true; the report bench posts from outside any pane). */
  verifyReportPeers?: boolean
}): Promise<BoardHost> {
  const env = options.env ?? process.env
  // A listener's or disposer's error is logged where it happened and the board goes on.
  setUnexpectedErrorHandler((err) => options.log.error('unexpected error', { err: err instanceof Error ? (err.stack ?? err.message) : String(err) }))
  const dir = runtimeDir(env)
  ensurePrivateDir(dir)
  const socketPath = controlSocketPath(dir)
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
  const ptyHost = options.ptyHost
  // The port the running agents' hooks were configured with, when the pty host kept it.
  const keptPort = parseBoardState(ptyHost?.welcome.board ?? null)?.reportPort
  // Reports arrive only for registered panes, so only after the board below exists.
  // A pane's token counts only from a process of that pane (kernel facts: the connection's owner, below the pane's root).
  const peerInPane =
    options.verifyReportPeers === false
      ? undefined
      : (ends: ConnectionEnds, paneId: string) => tcpPeerInPane(ends, board.pidOf(paneId), ptyHost?.welcome.pid) !== 'elsewhere'
  const listenReports = (port?: number) => ReportServer.listen({ sink: (report) => board.deliverReport(report), clock, log: options.log, port, peerInPane })
  let reports: ReportServer
  try {
    reports = await listenReports(keptPort)
  } catch (err) {
    if (!keptPort) throw err
    options.log.error('the report port of the running agents is taken; their reports cannot reach this board (new panes report to a new port)', {
      port: keptPort,
      err: String(err),
    })
    reports = await listenReports()
  }
  ptyHost?.setBoardState(JSON.stringify({ reportPort: reports.port } satisfies BoardState))
  // Launch directories are named after the process holding the terminals: they outlive this one.
  const agents = resourcesDir
    ? new AgentLaunches({ server: reports, runtimeDir: dir, resourcesDir, runtime: process.execPath, ownerPid: ptyHost?.welcome.pid })
    : undefined
  const settings = options.settings ?? sharedSettingsStore()
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
    settingsEnv: (origin) => settingsEnv(settings.get().settings, origin),
    ptys: ptyHost,
    reaperTag: ptyHost?.welcome.reaperTag,
    notifySettings: () => settings.get().settings.notifications,
  })
  // Panes on other machines (`spawn --host`): reached over the user's ssh, shown beside these.
  const remotes = new RemotePanes({
    allocateId: () => board.allocateId(),
    publish: (event) => board.publish(event),
    ssh: () => sshCommand(env, settings.get().settings.remote.sshCommand),
    appRoot: findAppRoot(__dirname),
    env,
    log: options.log,
    now: () => clock.now(),
    save: workspace ? (panes) => workspace.saveRemotePanes(panes) : undefined,
    reserveId: (id) => board.reserveId(id),
  })
  board.remotes = remotes
  // Those this board showed when it stopped: reattached, reconnecting until their host answers.
  if (workspace) remotes.restore(workspace.remotePanes())
  const held = ptyHost ? { ptys: ptyHost.welcome.ptys, attach: ptyHost.attach.bind(ptyHost), discard: ptyHost.discard.bind(ptyHost) } : null
  // Clients are answered once every pane taken over shows its screen and badge as they are.
  if (workspace) await restoreWorkspace(board, workspace, options.log, undefined, held)
  else if (held?.ptys.length)
    options.log.error('the pty host holds panes, but this board keeps no workspace to take them over with; they run on unseen', { panes: held.ptys.length })
  const info = (): BoardInfo => ({
    version: APP_VERSION,
    mode: options.mode,
    socketPath,
    workspace: workspace ? { path: workspace.path, problem: workspace.problem, screensSavedThrough: workspace.screensSavedThrough() } : unsaved,
    protocol: options.protocol ?? PROTOCOL_VERSION,
    daemon: options.daemon ?? null,
  })
  const control = await ControlSocket.listen(socketPath, board, info, options.log, {
    paneControl: () => settings.get().settings.security.paneControl,
    paneForToken: (token) => board.paneForControlToken(token),
    panes: () => board.list().map((p) => ({ id: p.id, pid: p.pid })),
    socketPath,
    ptyHostPid: ptyHost?.welcome.pid,
  })
  let stopping: Promise<number> | undefined
  const running = () => board.list().filter((p) => !p.exit && !p.interrupted).length
  return {
    board,
    control,
    reports,
    info,
    shutdown: () =>
      (stopping ??= (async () => {
        const panes = running()
        // Saved before the panes are ended: the next start brings them back as interrupted.
        await workspace?.close()
        // Panes first: the hang-up goes out before anything else can fail or hang.
        const ended = ptyHost ? ptyHost.shutdown() : board.shutdown()
        control.dispose()
        await ended
        board.dispose()
        await reports.close()
        return panes
      })()),
    handOver: () =>
      (stopping ??= (async () => {
        if (!ptyHost) throw new Error('only a board with a pty host can hand its panes over')
        const panes = running()
        // No new output after this: every mirror then parses what came, and each screen saved covers all of it.
        control.dispose()
        await ptyHost.stopOutput()
        await Promise.all(board.list().map((p) => (p.exit || p.interrupted ? undefined : board.get(p.id).settled())))
        await workspace?.checkpointAll()
        await workspace?.close()
        ptyHost.bye()
        board.dispose()
        await reports.close()
        return panes
      })()),
    abandon: async () => {
      // Saved as running: the next start brings them back interrupted.
      await workspace?.close()
      control.dispose()
      board.dispose()
      await reports.close()
    },
  }
}
