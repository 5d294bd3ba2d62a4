/**
 * `switchboard remote-bridge`, run on the remote by the local board over ssh (serverInstall's
 * bridgeScript): starts the board there when none runs, then joins its stdin/stdout to that board's
 * control socket. The ssh connection is the transport — no port is opened on the remote — and the
 * board there outlives the bridge: when ssh is cut, the bridge ends and every pane runs on.
 */
import { connect } from 'node:net'
import { homedir, hostname } from 'node:os'
import { APP_VERSION } from '../board/appVersion'
import { PROTOCOL_VERSION } from '../shared/ipc/protocol'
import { ensureDaemon } from './startDaemon'
import { daemonPaths } from './daemonState'
import { jsonLine } from '../board/ipc/jsonLines'
import type { ControlHello } from '../board/host/controlAuth'
import { MARK } from '../board/remote/serverInstall'

export async function runRemoteBridge(daemonScript: string): Promise<number> {
  const fail = (what: string) => {
    process.stderr.write(`switchboard on ${hostname()}: ${what}\n`)
    return 1
  }
  let socketPath: string
  try {
    const { state } = await ensureDaemon(daemonPaths(process.env), { script: daemonScript, env: process.env, cwd: homedir() })
    socketPath = state.socketPath
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err))
  }
  const socket = connect(socketPath)
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve)
      socket.once('error', reject)
    })
  } catch (err) {
    return fail(`cannot reach the board at ${socketPath}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`)
  }
  // The bridge is the board's client there: its own process, outside every pane (the whole board).
  const hello: ControlHello = { t: 'hello', pid: process.pid }
  socket.write(jsonLine(hello))
  process.stdout.write(`${MARK} hello ${JSON.stringify({ version: APP_VERSION, protocol: PROTOCOL_VERSION, host: hostname() })}\n`)
  process.stdin.pipe(socket)
  socket.pipe(process.stdout)
  return new Promise((resolve) => {
    socket.on('error', () => socket.destroy())
    socket.on('close', () => resolve(0))
    // ssh went away: nothing is left to bridge; the board and its panes stay.
    process.stdin.on('end', () => socket.end())
    process.stdin.on('error', () => socket.destroy())
    process.stdout.on('error', () => socket.destroy())
  })
}
