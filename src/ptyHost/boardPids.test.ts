import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { realClock } from '../board/util/clock'
import { silentLogger } from '../board/util/log'
import { eventually, processAlive } from '../board/test/support'
import { jsonFrame } from '../board/ptyHostProtocol/frames'
import { PTY_HOST_PROTOCOL } from '../board/ptyHostProtocol/protocol'
import { DaemonKeeper } from './daemonKeeper'
import { PtyHost } from './ptyHost'

// The boards a quit and the reaper spare are the pids that said hello: once such a process ended,
// its pid may go to a pane's program, which must not be spared for it.
describe.runIf(process.platform === 'linux')('PtyHost.boardPids', () => {
  it('names a board that said hello while it runs, and no longer once it ended', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-boardpids-'))
    const host = await PtyHost.listen({
      socketPath: join(dir, 'host.sock'),
      clock: realClock,
      log: silentLogger,
      version: 'test',
      reaper: null,
      keeper: new DaemonKeeper(
        realClock,
        () => undefined,
        () => undefined,
      ),
      onDone: () => undefined,
    })
    const board = spawn('sleep', ['30'])
    const socket = connect(join(dir, 'host.sock'))
    try {
      await new Promise<void>((resolve) => socket.once('connect', resolve))
      const welcomed = new Promise<void>((resolve) => socket.once('data', () => resolve()))
      socket.write(jsonFrame({ t: 'hello', protocol: PTY_HOST_PROTOCOL, version: 'test', pid: board.pid, launcher: null }))
      await welcomed
      expect(host.boardPids()).toEqual([board.pid])
      board.kill('SIGKILL')
      await eventually(() => (!processAlive(board.pid!) ? true : undefined), 'the board to end')
      expect(host.boardPids()).toEqual([])
    } finally {
      socket.destroy()
      board.kill('SIGKILL')
      await host.shutdown()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
