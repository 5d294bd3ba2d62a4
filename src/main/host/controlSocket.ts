import { chmodSync, unlinkSync } from 'node:fs'
import { createServer, type Server, type Socket } from 'node:net'
import type { IDisposable } from '../../core/lifecycle/disposable'
import type { BoardInfo } from '../../shared/ipc/contract'
import { MAX_CLIENT_MESSAGE_BYTES, type ServerMessage } from '../../shared/ipc/wire'
import { openConnection } from '../ipc/connection'
import type { Board } from '../panes/board'
import type { Logger } from '../util/log'

/**
 * The control CLI's endpoint: a Unix socket (mode 0600 in a 0700 folder) speaking the contract as
 * newline-delimited JSON, the way `kitty @` or `wezterm cli` reach their terminal.
 */
export class ControlSocket implements IDisposable {
  private readonly sockets = new Set<Socket>()

  private constructor(
    private readonly server: Server,
    readonly path: string,
  ) {}

  static async listen(path: string, board: Board, info: () => BoardInfo, log: Logger): Promise<ControlSocket> {
    try {
      unlinkSync(path) // a stale socket from a board that died with our pid
    } catch {
      // Swallow: usually there is none.
    }
    const server = createServer()
    const control = new ControlSocket(server, path)
    server.on('connection', (socket) => control.accept(socket, board, info, log))
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      // Created 0600 from the start: no window in which another user could connect.
      const oldMask = process.umask(0o177)
      server.listen(path, () => {
        process.umask(oldMask)
        server.off('error', reject)
        resolve()
      })
    })
    chmodSync(path, 0o600)
    server.on('error', (err) => log.error('control socket failed', { err: String(err) }))
    return control
  }

  private accept(socket: Socket, board: Board, info: () => BoardInfo, log: Logger): void {
    this.sockets.add(socket)
    socket.setEncoding('utf8')
    const transmit = (msg: ServerMessage) => {
      if (!socket.destroyed) socket.write(JSON.stringify(msg) + '\n')
    }
    const connection = openConnection(board, info, transmit, log)
    let buffered = ''
    socket.on('data', (chunk: string) => {
      buffered += chunk
      let nl: number
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl)
        buffered = buffered.slice(nl + 1)
        if (line.trim()) connection.receive(line)
      }
      if (buffered.length > MAX_CLIENT_MESSAGE_BYTES) {
        log.warn('control client sent an oversized message; closing it')
        socket.destroy()
      }
    })
    const close = () => {
      this.sockets.delete(socket)
      connection.dispose()
    }
    socket.on('close', close)
    socket.on('error', () => socket.destroy())
  }

  dispose(): void {
    for (const socket of this.sockets) socket.destroy()
    this.server.close()
    try {
      unlinkSync(this.path)
    } catch {
      // Swallow: already removed.
    }
  }
}
