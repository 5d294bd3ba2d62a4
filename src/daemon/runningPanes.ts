import { connect } from 'node:net'
import { jsonLine, rpcOverSocket } from '../board/ipc/jsonLines'

/**
 * The pids of the panes whose programs run, asked of the board at `socketPath` (the user's own
 * terminal has the whole board); null when it does not answer within `timeoutMs`. What `daemon
 * --stop` says it ended and `daemon --restart` says it kept.
 */
export function runningPanes(socketPath: string, timeoutMs = 5_000): Promise<number[] | null> {
  return new Promise((resolve) => {
    const socket = connect(socketPath)
    const done = (pids: number[] | null) => {
      clearTimeout(timer)
      socket.destroy()
      resolve(pids)
    }
    const timer = setTimeout(() => done(null), timeoutMs)
    socket.once('error', () => done(null))
    socket.once('connect', () => {
      socket.write(jsonLine({ t: 'hello', pid: process.pid }))
      rpcOverSocket(socket)
        .invoke('pane:list')
        .then(
          (panes) => done(panes.filter((p) => p.pid > 0 && !p.exit && !p.interrupted).map((p) => p.pid)),
          () => done(null),
        )
    })
  })
}
