/**
 * A CLI call in flight when the board restarts (`daemon --restart`): the old daemon closes its
 * clients as it hands over, and a new one listens a few seconds later on the same socket. A call
 * that only reads is asked again of the new board; one that changes something is not repeated.
 * (The restart bench saw `ls` fail with "the board closed the connection" at load 17.)
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ControlSocket } from '../board/host/controlSocket'
import type { Board } from '../board/panes/board'
import { testBoard } from '../board/test/support'
import { silentLogger } from '../board/util/log'
import { runCli } from './run'
import { PROTOCOL_VERSION } from '../shared/ipc/protocol'

/** The old daemon in its handover: it accepts, then closes the connection once a call comes. */
function handingOver(socketPath: string): Promise<{ server: Server; closedOne: Promise<void> }> {
  let closed!: () => void
  const closedOne = new Promise<void>((resolve) => (closed = resolve))
  const server = createServer((socket) =>
    socket.once('data', () => {
      socket.destroy()
      closed()
    }),
  )
  return new Promise((resolve) => server.listen(socketPath, () => resolve({ server, closedOne })))
}

describe('a CLI call across a restart', () => {
  let dir = ''
  let board: Board
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sb-cli-restart-'))
    board = testBoard()
  })
  afterEach(async () => {
    await board.shutdown()
    rmSync(dir, { recursive: true, force: true })
  })

  async function acrossRestart(argv: string[]): Promise<{ code: number; out: string; err: string }> {
    const socketPath = join(dir, 'board.sock')
    // A pty host holds the panes and a restart is under way (both this process, alive).
    writeFileSync(join(dir, 'ptyhost.pid'), `${process.pid}\n`)
    writeFileSync(join(dir, 'restarting.pid'), `${process.pid}\n`)
    const old = await handingOver(socketPath)
    const out: string[] = []
    const err: string[] = []
    const call = runCli(argv, {
      out: (t) => out.push(t),
      err: (t) => err.push(t),
      env: { SWITCHBOARD_RUNTIME_DIR: dir },
      cwd: dir,
      interrupted: new Promise(() => {}),
    })
    await old.closedOne
    await new Promise<void>((resolve) => old.server.close(() => resolve()))
    // The new board, a moment later, on the same path.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const control = await ControlSocket.listen(
      socketPath,
      board,
      () => ({ version: 'test', mode: 'browser', socketPath, protocol: PROTOCOL_VERSION }),
      silentLogger,
      {
        paneControl: () => 'board',
        paneForToken: () => null,
        panes: () => [],
        socketPath,
      },
    )
    try {
      return { code: await call, out: out.join(''), err: err.join('') }
    } finally {
      control.dispose()
    }
  }

  it('asks a call that only reads again of the new board', async () => {
    const { id } = board.create({ command: ['sleep', '30'] })
    const r = await acrossRestart(['ls', '--json'])
    expect(r.err).toBe('')
    expect(r.code).toBe(0)
    expect((JSON.parse(r.out) as { id: string }[]).map((p) => p.id)).toEqual([id])
  }, 20_000)

  it('does not repeat a call that changes something: it says the board closed the connection', async () => {
    const { id } = board.create({ command: ['sleep', '30'] })
    const r = await acrossRestart(['kill', id])
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/the board closed the connection/)
    expect(board.get(id).info().exit).toBeFalsy()
  }, 20_000)
})
