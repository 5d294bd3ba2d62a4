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
import { silentLogger } from '../util/log'
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
    await new Promise((r) => setTimeout(r, 300))
    const before = process.memoryUsage().rss
    const ask = JSON.stringify({ t: 'invoke', id: 1, channel: 'pane:screen', args: [pane.id] }) + '\n'
    for (let i = 0; i < 4000; i++) client.write(ask)
    await new Promise((r) => setTimeout(r, 2000))
    const buffered = control.bufferedBytes()
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
