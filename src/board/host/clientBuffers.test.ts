/**
 * Bounded memory per client (issue 9, 6): a client that never reads cannot make the board buffer
 * without bound, and a burst of per-pane changes (titles) reaches clients coalesced.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { mkdtempSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eventually, testBoard } from '../test/support'
import { createLogger, silentLogger } from '../util/log'
import { waitForState } from '../test/support'
import { BOARD_SCOPE } from '../ipc/clientScope'
import { ControlSocket } from './controlSocket'
import type { Board } from '../panes/board'

const boards: Board[] = []
const sockets: ControlSocket[] = []
afterEach(async () => {
  for (const s of sockets.splice(0)) s.dispose()
  for (const b of boards.splice(0)) await b.shutdown()
})

const TITLE_FLOOD = `awk 'BEGIN { for (i = 1; i <= 100000; i++) printf "\\033]0;t%d\\007", i }'; sleep 30`

const FLOODS: Record<string, string> = {
  bells: `while :; do head -c 20000 /dev/zero | tr '\\0' '\\a'; done`,
  'OSC 777': `while :; do awk 'BEGIN { for (i = 0; i < 2000; i++) printf "\\033]777;notify;build;step %d\\007", i }'; done`,
}

describe('a pane flooding alerts (issue 24.1)', () => {
  for (const [kind, script] of Object.entries(FLOODS)) {
    it(`${kind}: coalesced to about one alert a second for clients and the log; a neighbour's every state change still reaches an events client`, async () => {
      const lines: string[] = []
      const board = testBoard({ log: createLogger('info', (l) => lines.push(l)) })
      boards.push(board)
      const path = join(mkdtempSync(join(tmpdir(), 'sb-ctl-')), 'c.sock')
      const control = await ControlSocket.listen(path, board, () => ({ version: 't', mode: 'browser', socketPath: path }), silentLogger, {
        paneControl: () => 'board',
        paneForToken: () => null,
        panes: () => [],
        socketPath: path,
      })
      sockets.push(control)
      const canary = board.get(board.create({ command: ['bash', '--norc', '--noprofile'], title: 'canary' }).id)
      await waitForState(canary, 'idle')
      // An events client, as `switchboard events --json`: it reads everything, attaches to nothing.
      const client = connect(path)
      client.on('error', () => undefined)
      await new Promise((r) => client.once('connect', r))
      client.write(JSON.stringify({ t: 'hello' }) + '\n')
      const got = { alerts: 0, canaryStates: [] as string[] }
      let buf = ''
      client.setEncoding('utf8').on('data', (chunk: string) => {
        buf += chunk
        let nl
        while ((nl = buf.indexOf('\n')) >= 0) {
          const msg = JSON.parse(buf.slice(0, nl)) as { t: string; channel?: string; payload?: { paneId?: string; info?: { verdict: { state: string } } } }
          buf = buf.slice(nl + 1)
          if (msg.channel === 'pane:alert') got.alerts++
          if (msg.channel === 'pane:state' && msg.payload?.paneId === canary.id) got.canaryStates.push(msg.payload.info!.verdict.state)
        }
      })
      const seen: string[] = []
      board.onEvent((e) => e.channel === 'pane:state' && e.payload.paneId === canary.id && seen.push(e.payload.info.verdict.state))
      const t0 = Date.now()
      board.create({ command: ['bash', '-c', script], title: 'flood' })
      await eventually(() => got.alerts > 0, 'the first alert')
      for (let i = 0; i < 4; i++) {
        canary.write('sleep 0.2\r')
        await waitForState(canary, 'working')
        await waitForState(canary, 'idle')
      }
      await eventually(() => got.canaryStates.length >= seen.length, 'the canary’s state events at the client')
      const seconds = (Date.now() - t0) / 1000
      expect(seen.filter((s) => s === 'working')).toHaveLength(4)
      expect(got.canaryStates).toEqual(seen)
      // One a second, and one at the end of each window: never the flood itself.
      expect(got.alerts).toBeLessThanOrEqual(Math.ceil(seconds) + 2)
      expect(lines.filter((l) => l.includes(' alert from ')).length).toBeLessThanOrEqual(Math.ceil(seconds) + 2)
      expect(lines.some((l) => /alert from (bell|OSC 777).*\(and \d+ more within a second\)/.test(l))).toBe(true)
      client.destroy()
    }, 60_000)
  }
})

describe('per-client buffers and coalesced events', () => {
  it('coalesces a flood of 100 000 title changes into a handful of pane:changed events, the last title kept', async () => {
    const board = testBoard()
    boards.push(board)
    let changed = 0
    let lastTitle = ''
    board.onEvent((e) => {
      if (e.channel === 'pane:changed') {
        changed++
        lastTitle = e.payload.title
      }
    })
    board.create({ command: ['sh', '-c', TITLE_FLOOD] })
    await eventually(() => lastTitle === 't100000', 'the last title', 20_000)
    expect(changed).toBeLessThan(500)
  }, 30_000)

  it('keeps a control client that never reads within its cap and drops it, not the board', async () => {
    const board = testBoard()
    boards.push(board)
    const path = join(mkdtempSync(join(tmpdir(), 'sb-ctl-')), 'c.sock')
    const control = await ControlSocket.listen(path, board, () => ({ version: 't', mode: 'browser', socketPath: path }), silentLogger, {
      paneControl: () => 'board',
      paneForToken: () => null,
      panes: () => [],
      socketPath: path,
    })
    sockets.push(control)
    // Connects, asks for the screen again and again, and never reads an answer.
    const client = connect(path)
    const closedByBoard = new Promise<boolean>((r) => client.once('close', () => r(true)))
    client.on('error', () => undefined)
    client.pause()
    await new Promise((r) => client.once('connect', r))
    const pane = board.create({ command: ['sh', '-c', 'yes "$(printf %0200d 0)" | head -c 40000; sleep 30'], cols: 200, rows: 50 })
    // The screen full of the output: every answer below is a full screen.
    await eventually(
      () =>
        board
          .get(pane.id)
          .screen()
          .lines.filter((l) => /^0{200}/.test(l)).length >= 40,
      'the output on screen',
    )
    const before = process.memoryUsage().rss
    const ask = JSON.stringify({ t: 'invoke', id: 1, channel: 'pane:screen', args: [pane.id] }) + '\n'
    for (let i = 0; i < 4000; i++) client.write(ask)
    // Until the board has cut the client off, the most it held for it at any look.
    let buffered = 0
    await eventually(
      () => {
        buffered = Math.max(buffered, control.bufferedBytes())
        return control.clientCount() === 0
      },
      'the board to cut off the client that never reads',
      20_000,
    )
    const grew = process.memoryUsage().rss - before
    // Before: 33 MB queued for this one client and the board's RSS up by ~1 GB (every answer in
    // memory at once). Now a few requests run at a time and the client is cut off at the cap.
    expect(buffered).toBeLessThanOrEqual(ControlSocket.maxBufferedBytes + 64 * 1024)
    expect(grew).toBeLessThan(150 * 1024 * 1024)
    client.resume()
    expect(await Promise.race([closedByBoard, new Promise((r) => setTimeout(() => r(false), 5000))])).toBe(true)
    expect(BOARD_SCOPE.kind).toBe('board')
  }, 30_000)
})
