/**
 * The client library: how a client finds the board's control socket (waiting through a restart) and
 * talks to it. The CLI and the Electron host both connect through this folder, and only through it.
 */
import { connect as netConnect, type Socket } from 'node:net'
import { unlinkSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type { RpcClient } from '../shared/ipc/rpcClient'
import { jsonLine, rpcOverSocket } from '../board/ipc/jsonLines'
import type { ControlHello } from '../board/host/controlAuth'
import { controlSocketPath, listSockets, runtimeDir } from '../board/host/runtimeDir'
import { pidAlive, readPidFile, restartMarker } from './daemonState'
import { ptyHostPaths } from '../board/ptyHostProtocol/paths'

/** How long a command waits for the board while it restarts (its pty host keeps the panes meanwhile). */
export const RESTART_WAIT_MS = 15_000
/** With no daemon process at all and no restart under way (restartMarker), how long one may take to appear (the pty host starting one). */
const NO_DAEMON_WAIT_MS = 3_000

/** Reaching the board failed: the message says why and what to do (the CLI prints it, the host shows it). */
export class ClientError extends Error {}

/** What a call in flight fails with when the board closes the connection (a quit, a restart's handover). */
export const CLOSED_BY_BOARD = 'the board closed the connection'

export interface BoardConnection {
  readonly client: RpcClient
  readonly path: string
  /** Resolves when the board closes the connection. */
  readonly closed: Promise<void>
  close(): void
}

function open(path: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = netConnect(path)
    socket.once('connect', () => {
      socket.off('error', reject)
      resolve(socket)
    })
    socket.once('error', reject)
  })
}

/** The pty host's pid while it runs: the panes live on, and a board is (or soon will be) serving them. */
function ptyHostPid(dir: string): number | null {
  const lock = readPidFile({ pidFile: ptyHostPaths(dir).pidFile })
  return lock?.pid && pidAlive(lock.pid) ? lock.pid : null
}

/**
 * The control socket at `path`; while the board restarts (no one listens, but the pty host holding
 * the panes runs) it is tried again until RESTART_WAIT_MS. Null when no board runs there.
 */
async function openWaiting(path: string, env: NodeJS.ProcessEnv): Promise<Socket | null> {
  const waitMs = Number(env.SWITCHBOARD_RESTART_WAIT_MS) || RESTART_WAIT_MS
  const deadline = Date.now() + waitMs
  for (;;) {
    try {
      return await open(path)
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      if (code !== 'ECONNREFUSED' && code !== 'ENOENT') throw err
      const host = ptyHostPid(dirname(path))
      if (!host) return null
      const running = (pidFile: string) => {
        const lock = readPidFile({ pidFile })
        return Boolean(lock?.pid && pidAlive(lock.pid))
      }
      // No daemon process, and no restart says one is coming: none will be, soon.
      const coming = running(join(dirname(path), 'daemon.pid')) || running(restartMarker(dirname(path)))
      if (!coming && Date.now() > deadline - waitMs + NO_DAEMON_WAIT_MS) return null
      if (Date.now() > deadline)
        throw new ClientError(
          `the board is restarting and did not answer within ${Math.round(waitMs / 1000)} s; its panes keep running in the pty host (pid ${host}); see daemon.log in ${dirname(path)}`,
        )
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}

/**
 * Finds the board the way `kitty @` does: an explicit path, else $SWITCHBOARD_SOCKET (set inside
 * panes), else the live socket in the runtime dir. While the board restarts, waits for it.
 * Stale sockets of older boards (`board-<pid>.sock`) are removed on the way.
 */
async function locate(explicit: string | undefined, env: NodeJS.ProcessEnv): Promise<{ path: string; socket: Socket }> {
  const given = explicit ?? env.SWITCHBOARD_SOCKET
  if (given) {
    try {
      const socket = await openWaiting(given, env)
      if (socket) return { path: given, socket }
      throw Object.assign(new Error('no board listens there'), { code: 'ECONNREFUSED' })
    } catch (err) {
      if (err instanceof ClientError) throw err
      throw new ClientError(`cannot reach the board at ${given} (${(err as NodeJS.ErrnoException).code ?? String(err)}); is it still running?`)
    }
  }
  const dir = runtimeDir(env)
  const live: { path: string; socket: Socket }[] = []
  for (const path of listSockets(dir)) {
    try {
      if (path === controlSocketPath(dir)) {
        const socket = await openWaiting(path, env)
        if (socket) live.push({ path, socket })
        continue
      }
      live.push({ path, socket: await open(path) })
    } catch (err) {
      if (err instanceof ClientError) throw err
      // The daemon's own socket is never removed here: it may be restarting right now.
      if ((err as NodeJS.ErrnoException).code === 'ECONNREFUSED' && basename(path) !== 'board.sock') {
        try {
          unlinkSync(path)
        } catch {
          // Swallow: another CLI removed it first.
        }
      }
    }
  }
  if (live.length === 1) return live[0]!
  if (live.length === 0 && ptyHostPid(dir)) {
    // The daemon's socket is not there yet (a restart between its two daemons): wait for it.
    const socket = await openWaiting(controlSocketPath(dir), env)
    if (socket) return { path: controlSocketPath(dir), socket }
  }
  // Several boards (an older one beside the daemon): the daemon is the one meant.
  const ofDaemon = live.find((l) => l.path === controlSocketPath(dir))
  if (ofDaemon) {
    for (const { socket } of live) if (socket !== ofDaemon.socket) socket.destroy()
    return ofDaemon
  }
  for (const { socket } of live) socket.destroy()
  const host = live.length === 0 ? ptyHostPid(dir) : null
  if (host)
    throw new ClientError(
      `no board is running, but its pty host (pid ${host}) keeps its panes running; \`switchboard daemon --detach\` brings the board back to them`,
    )
  if (live.length === 0)
    throw new ClientError(
      'no board is running; `switchboard daemon --detach` starts one in the background (so do `npm start`, `npm run serve`, `switchboard spawn` and `switchboard open`)',
    )
  throw new ClientError(`${live.length} boards are running; pick one with --socket PATH: ${live.map((l) => l.path).join(', ')}`)
}

export async function connectToBoard(explicit: string | undefined, env: NodeJS.ProcessEnv = process.env): Promise<BoardConnection> {
  const { path, socket } = await locate(explicit, env)
  // Inside a pane, say which: the board then answers about this pane only (see controlAuth.ts).
  const hello: ControlHello = { t: 'hello', paneToken: env.SWITCHBOARD_PANE_TOKEN || undefined, pid: process.pid }
  socket.write(jsonLine(hello))
  const client = rpcOverSocket(socket)
  const closed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      client.close(CLOSED_BY_BOARD)
      resolve()
    }),
  )
  socket.on('error', () => socket.destroy())
  return { client, path, closed, close: () => socket.end() }
}
