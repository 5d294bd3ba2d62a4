import { connect as netConnect, type Socket } from 'node:net'
import { unlinkSync } from 'node:fs'
import type { RpcClient } from '../../shared/ipc/rpcClient'
import { jsonLine, rpcOverSocket } from '../ipc/jsonLines'
import type { ControlHello } from '../host/controlAuth'
import { listSockets, runtimeDir, socketPathFor } from '../host/runtimeDir'
import { daemonPaths, readPidFile } from '../daemon/daemonState'

export class CliError extends Error {}

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

/**
 * Finds the board the way `kitty @` does: an explicit path, else $SWITCHBOARD_SOCKET (set inside
 * panes), else the only live socket in the runtime dir. Stale sockets of boards that died are
 * removed on the way.
 */
async function locate(explicit: string | undefined, env: NodeJS.ProcessEnv): Promise<{ path: string; socket: Socket }> {
  const given = explicit ?? env.SWITCHBOARD_SOCKET
  if (given) {
    try {
      return { path: given, socket: await open(given) }
    } catch (err) {
      throw new CliError(`cannot reach the board at ${given} (${(err as NodeJS.ErrnoException).code ?? String(err)}); is it still running?`)
    }
  }
  const live: { path: string; socket: Socket }[] = []
  for (const path of listSockets(runtimeDir(env))) {
    try {
      live.push({ path, socket: await open(path) })
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ECONNREFUSED') {
        try {
          unlinkSync(path)
        } catch {
          // Swallow: another CLI removed it first.
        }
      }
    }
  }
  if (live.length === 1) return live[0]!
  // Several boards (an old foreground one beside the daemon): the daemon is the one meant.
  const daemon = readPidFile(daemonPaths(env))
  const ofDaemon = daemon && live.find((l) => l.path === socketPathFor(runtimeDir(env), daemon.pid))
  if (ofDaemon) {
    for (const { socket } of live) if (socket !== ofDaemon.socket) socket.destroy()
    return ofDaemon
  }
  for (const { socket } of live) socket.destroy()
  if (live.length === 0) throw new CliError('no board is running; `switchboard daemon --detach` starts one in the background (so do `npm start`, `npm run serve`, `switchboard spawn` and `switchboard open`)')
  throw new CliError(`${live.length} boards are running; pick one with --socket PATH: ${live.map((l) => l.path).join(', ')}`)
}

export async function connectToBoard(explicit: string | undefined, env: NodeJS.ProcessEnv = process.env): Promise<BoardConnection> {
  const { path, socket } = await locate(explicit, env)
  // Inside a pane, say which: the board then answers about this pane only (see controlAuth.ts).
  const hello: ControlHello = { t: 'hello', paneToken: env.SWITCHBOARD_PANE_TOKEN || undefined, pid: process.pid }
  socket.write(jsonLine(hello))
  const client = rpcOverSocket(socket)
  const closed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      client.close('the board closed the connection')
      resolve()
    }),
  )
  socket.on('error', () => socket.destroy())
  return { client, path, closed, close: () => socket.end() }
}
