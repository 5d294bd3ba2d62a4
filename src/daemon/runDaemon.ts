import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { APP_VERSION } from '../board/appVersion'
import { BrowserServer } from '../board/host/browserServer'
import { startBoardHost } from '../board/host/boardHost'
import { ensurePrivateDir } from '../board/host/runtimeDir'
import { isLoopback } from '../board/host/serveArgs'
import { installStopSignals } from '../board/host/stopSignals'
import { createLogger, rotatingFileSink, stdoutLines } from '../board/util/log'
import { openForAppend } from '../board/util/safeFiles'
import { MAX_LOG_BYTES } from '../client/startDaemon'
import { PROTOCOL_VERSION } from '../shared/ipc/protocol'
import { acquireDaemonLock } from '../client/daemonLock'
import { startDetachedDaemon } from '../client/detachedDaemon'
import { dirname } from 'node:path'
import { closeInheritedDescriptors } from '../board/pty/fdHygiene'
import type { PtyHostClient } from '../board/pty/ptyHostClient'
import { connectPtyHost, ptyHostScript } from './startPtyHost'
import { ptyHostPaths } from '../board/ptyHostProtocol/paths'
import { BOARD_PROCESS_FLAGS } from '../board/util/heapLimits'
import type { DaemonCommand } from '../board/ptyHostProtocol/protocol'
import type { Logger } from '../board/util/log'
import { readDaemonState, runningDaemon, writeDaemonState, type DaemonPaths } from '../client/daemonState'
import { LoginCodes } from '../client/loginCode'
import { loginUrl } from '../client/loginUrl'

export interface DaemonOptions {
  readonly host: string
  readonly port: number
  readonly cwd: string
  readonly verbose?: boolean
  /** Started detached by a client: stdout is the log file, so no secret is printed there. */
  readonly background?: boolean
  /** The built renderer (out/renderer). */
  readonly rendererDir: string
  /** This daemon's own script (out/main/daemon.js): the pty host starts another like it if this one dies. */
  readonly script: string
}

/** The variables that made a process a pane's (or a daemon a test's stand-in): not the pty host's. */
const PANE_IDENTITY = ['SWITCHBOARD_PANE_TOKEN', 'SWITCHBOARD_PANE_ID', 'SWITCHBOARD_SOCKET']

function definedEnv(env: NodeJS.ProcessEnv, drop: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(env)) if (v !== undefined && !drop.includes(k)) out[k] = v
  return out
}

/** How to start another daemon like this one, in the background (the pty host does when this one dies). */
function launcherOf(paths: DaemonPaths, options: DaemonOptions): DaemonCommand {
  const args = [
    ...BOARD_PROCESS_FLAGS,
    options.script,
    '--cwd',
    options.cwd,
    '--host',
    options.host,
    ...(options.port ? ['--port', String(options.port)] : []),
    ...(options.verbose ? ['--verbose'] : []),
    '--background',
  ]
  return { execPath: process.execPath, args, cwd: options.cwd, env: definedEnv(process.env, PANE_IDENTITY), logFile: paths.logFile }
}

/** Connects to the pty host (starting it when none runs), saying how to start another daemon like this one. */
async function ptyHostFor(paths: DaemonPaths, options: DaemonOptions, launcher: DaemonCommand, log: Logger): Promise<PtyHostClient> {
  const { client, started } = await connectPtyHost(
    ptyHostPaths(paths.dir),
    { script: ptyHostScript(dirname(options.script)), execPath: process.execPath, env: { ...launcher.env, SWITCHBOARD_RUNTIME_DIR: paths.dir } },
    { version: APP_VERSION, launcher },
  )
  log.info(started ? 'started the pty host' : 'connected to the pty host', {
    pid: client.welcome.pid,
    version: client.welcome.version,
    panes: client.welcome.ptys.length,
    // Where every pane's bytes are read: here (native/fdpass), or in the host and forwarded.
    readsTerminals: client.readsTerminals,
  })
  return client
}

/** What the board's panes inherit: not what made this process a daemon, nor another pane's identity. */
function paneBaseEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...env }
  for (const name of ['ELECTRON_RUN_AS_NODE', 'SWITCHBOARD_PANE_TOKEN', 'SWITCHBOARD_PANE_ID', 'SWITCHBOARD_SOCKET', 'SWITCHBOARD_DAEMON_PROTOCOL'])
    delete out[name]
  return out
}

/**
 * The daemon: the board, its workspace store, control socket and browser-mode server in one
 * process that outlives its clients. One per user (the lock in the runtime dir): when one runs
 * already, this start attaches to it — it prints where that one is and returns 0.
 * Resolves with an exit code only in that case; a running daemon ends by its stop signals.
 */
export async function runDaemon(paths: DaemonPaths, options: DaemonOptions): Promise<number | undefined> {
  const out = stdoutLines()
  ensurePrivateDir(paths.dir)
  const lock = await acquireDaemonLock(paths)
  if (lock.kind === 'held') {
    const state = await runningDaemon(paths)
    out(`a board is already running (pid ${lock.pid}); attached to it instead of starting another`)
    if (state) {
      out(`Switchboard (browser mode): ${loginUrl(state, Date.now())}`)
      out(`Control socket: ${state.socketPath}`)
    }
    return 0
  }
  process.on('exit', () => lock.release())
  // What whoever started this daemon left open (an fd 251 reached every pane, issue 24).
  closeInheritedDescriptors()
  // Detached, the log is daemon.log itself, bounded (rotated to daemon.log.1 past MAX_LOG_BYTES); in a terminal, stderr.
  const log = createLogger(
    options.verbose ? 'debug' : undefined,
    options.background ? rotatingFileSink(paths.logFile, MAX_LOG_BYTES, (p) => openForAppend(p)) : undefined,
  )
  // A crashed pane or a bad client must never take the board down; log and keep going.
  process.on('uncaughtException', (err) => log.error('uncaught exception', { err: err.stack ?? String(err) }))
  process.on('unhandledRejection', (err) => log.error('unhandled rejection', { err: String(err) }))
  const startedAt = Date.now()
  const testProtocol = Number(process.env.SWITCHBOARD_DAEMON_PROTOCOL)
  const protocol = Number.isSafeInteger(testProtocol) && testProtocol > 0 ? testProtocol : PROTOCOL_VERSION
  const launcher = launcherOf(paths, options)
  let ptyHost: PtyHostClient
  try {
    ptyHost = await ptyHostFor(paths, options, launcher, log)
  } catch (err) {
    out(`switchboard daemon: ${err instanceof Error ? err.message : String(err)}`)
    log.error('could not reach the pty host; the board cannot start', { err: String(err) })
    return 1
  }
  const host = await startBoardHost({
    mode: 'browser',
    log,
    env: paneBaseEnv(process.env),
    defaultCwd: options.cwd,
    daemon: { pid: process.pid, startedAt },
    protocol,
    ptyHost,
  })
  // The last daemon's port and token again (a killed one's included): an open tab and its cookie
  // keep working. Only when no port was asked for, and only if that port is still free.
  const previous = readDaemonState(paths)
  const reuse = options.port === 0 && previous?.host === options.host ? previous : null
  const token = reuse?.token ?? randomBytes(24).toString('base64url')
  const codes = new LoginCodes(token, Date.now)
  const listen = (port: number) =>
    BrowserServer.listen({
      board: host.board,
      info: host.info,
      log,
      rendererDir: options.rendererDir,
      host: options.host,
      port,
      token,
      redeemCode: (code) => codes.redeem(code),
    })
  let server: BrowserServer
  try {
    server = await listen(reuse?.port ?? options.port)
  } catch (err) {
    if (!reuse || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err
    log.info("the last board's port is taken; listening on a new one", { port: reuse.port })
    server = await listen(0)
  }
  writeDaemonState(paths, {
    pid: process.pid,
    protocol,
    version: APP_VERSION,
    socketPath: host.control.path,
    host: options.host,
    port: server.port,
    token,
    startedAt,
    log: options.background ? paths.logFile : null,
  })
  if (!isLoopback(options.host)) log.warn(`listening on ${options.host}: anyone who can reach it and has the token controls your panes`)
  // A detached daemon's stdout is its log file: the token stays out of it.
  out(`Switchboard (browser mode): ${options.background ? `${server.url.replace(/\?token=.*$/, '')} (\`switchboard open\` logs a browser in)` : server.url}`)
  out(`Control socket: ${host.control.path}`)
  out(`Daemon: pid ${process.pid}, protocol ${protocol}; \`switchboard daemon --stop\` ends it`)
  // A quit: panes first (they are what must not outlive the board), then the servers, each bounded.
  // A restart (SIGUSR2, `daemon --restart`): every pane handed over to the next daemon, running on.
  installStopSignals(log, [() => host.shutdown(), () => server.close(), async () => lock.release()], undefined, [
    async () => log.info('handed over to the next board process', { panes: await host.handOver() }),
    () => server.close(),
    async () => lock.release(),
  ])
  // The pty host went (killed, crashed): its reaper ended every pane. This board saves them as they
  // were (they come back interrupted) and starts a new one with a new pty host.
  ptyHost.onDidClose(({ why, expected }) => {
    if (expected) return
    log.error(`${why}: every pane it held has ended; restarting the board (they come back interrupted, ready to resume)`)
    void (async () => {
      await host.abandon().catch(() => undefined)
      await server.close().catch(() => undefined)
      lock.release()
      // Not in a loop: a board whose pty host dies right away waits for the next client instead.
      if (Date.now() - startedAt > SELF_RESTART_AFTER_MS) startDetachedDaemon(launcher)
      process.exit(1)
    })()
  })
  return undefined
}

/** A daemon younger than this whose pty host died starts no successor (it would likely die too). */
const SELF_RESTART_AFTER_MS = 10_000

export const rendererDirBeside = (mainDir: string) => join(mainDir, '../renderer')
