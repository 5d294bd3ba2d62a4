import { chmodSync, unlinkSync } from 'node:fs'
import { createServer, type Server, type Socket } from 'node:net'
import type { IDisposable } from '../../core/lifecycle/disposable'
import type { BoardInfo } from '../../shared/ipc/contract'
import { MAX_CLIENT_MESSAGE_BYTES } from '../../shared/ipc/wire'
import { openConnection, type Connection } from '../ipc/connection'
import { readLines } from '../ipc/jsonLines'
import { OutboxLimits, type ClientTransport } from '../ipc/clientOutbox'
import { decideScope, parseHello, type ControlHello, type ScopeSources } from './controlAuth'
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

  static async listen(path: string, board: Board, info: () => BoardInfo, log: Logger, scopes: ScopeSources): Promise<ControlSocket> {
    try {
      unlinkSync(path) // a stale socket from a board that died with our pid
    } catch {
      // Swallow: usually there is none.
    }
    const server = createServer()
    const control = new ControlSocket(server, path)
    server.on('connection', (socket) => control.accept(socket, board, info, log, scopes))
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

  private accept(socket: Socket, board: Board, info: () => BoardInfo, log: Logger, scopes: ScopeSources): void {
    this.sockets.add(socket)
    socket.setEncoding('utf8')
    const transport: ClientTransport = {
      // `text` is one message already serialised by the connection: framed as jsonLine frames it.
      write: (text) => void (!socket.destroyed && socket.write(text + '\n')),
      buffered: () => socket.writableLength,
      close: () => socket.destroy(),
      pause: () => socket.pause(),
      resume: () => socket.resume(),
    }
    let connection: Connection | undefined
    // Lines that arrive while the scope is being decided wait, in order.
    const waiting: string[] = []
    let waitingBytes = 0
    let first = true
    const open = (hello: ControlHello | null) =>
      decideScope(socket, hello, scopes).then(
        (scope) => {
          if (socket.destroyed) return
          if (scope.kind === 'pane') log.info('control client limited to its own pane', { pane: scope.paneId, why: scope.why })
          connection = openConnection(board, info, transport, log, scope)
          for (const line of waiting.splice(0)) connection.receive(line)
        },
        (err: unknown) => {
          log.error('could not decide what a control client may do; closing it', { err: String(err) })
          socket.destroy()
        },
      )
    const onOversized = () => {
      log.warn('control client sent an oversized message; closing it')
      socket.destroy()
    }
    readLines(
      socket,
      (line) => {
        if (first) {
          first = false
          const hello = parseHello(line)
          void open(hello)
          if (hello) return
        }
        if (connection) connection.receive(line)
        else if ((waitingBytes += line.length) <= MAX_CLIENT_MESSAGE_BYTES) waiting.push(line)
        else socket.destroy()
      },
      { maxLine: MAX_CLIENT_MESSAGE_BYTES, onOversized },
    )
    const close = () => {
      this.sockets.delete(socket)
      connection?.dispose()
    }
    socket.on('close', close)
    socket.on('error', () => socket.destroy())
  }

  static readonly maxBufferedBytes = OutboxLimits.HardBytes

  /** Clients connected now (a test waits on a client being cut off by it). */
  clientCount(): number {
    return this.sockets.size
  }

  /** Bytes written to clients and not yet taken by them, all clients together. */
  bufferedBytes(): number {
    let n = 0
    for (const socket of this.sockets) n += socket.writableLength
    return n
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
