import { afterEach, describe, expect, it } from 'vitest'
import xtermHeadless from '@xterm/headless'
import { eventually, testBoard } from '../test/support'

const { Terminal } = xtermHeadless
let board = testBoard()
afterEach(async () => {
  await board.shutdown()
  board = testBoard()
})

// 400 coloured lines, 2 ms apart; `read -t` on an empty pipe sleeps without forking, so a loaded
// machine does not stretch it much.
const SLOW_LINES = 'exec {p}<> <(:); for i in $(seq 1 400); do printf "\\033[3%dmline %04d\\033[0m\\n" $((i % 7)) $i; read -t 0.002 -u $p; done; sleep 0.3'

function screenOf(term: InstanceType<typeof Terminal>): string[] {
  const b = term.buffer.active
  return Array.from({ length: term.rows }, (_, y) => b.getLine(b.baseY + y)?.translateToString(true) ?? '')
}

describe('attaching a client to a running pane', () => {
  it('snapshot plus the data that follows reproduce the mirror exactly, even mid-stream', async () => {
    const { id } = board.create({ command: ['bash', '-c', SLOW_LINES], cols: 60, rows: 10 })
    const pane = board.get(id)
    // Line 100 or later (not exactly 100: the screen shows 10 lines, ~20 ms of output, and a mirror
    // in the parser pool updates the pane's copy once per round, which may step over that window).
    await eventually(() => pane.screen().lines.some((l) => Number(/line (\d{4})/.exec(l)?.[1] ?? 0) >= 100), 'output to be under way')
    const client = board.connect((e) => chunks.push(e.data))
    const chunks: string[] = []
    const snapshot = await client.attach(id)
    await eventually(() => pane.exit, 'the program to finish', 30_000)
    const replica = new Terminal({ cols: snapshot.cols, rows: snapshot.rows, scrollback: 5000, allowProposedApi: true })
    await new Promise<void>((r) => replica.write(snapshot.serialized + chunks.join(''), r))
    expect(screenOf(replica)).toEqual(pane.screen().lines)
    expect(screenOf(replica).join('\n')).toContain('line 0400')
    // Scrollback came along too: the replica can scroll back to lines printed before it attached.
    const all = Array.from({ length: replica.buffer.active.length }, (_, y) => replica.buffer.active.getLine(y)?.translateToString(true))
    expect(all).toContain('line 0050')
    replica.dispose()
    client.dispose()
  })

  it('a client that stops acknowledging holds nothing back, and is resynchronised once it catches up', async () => {
    const { id } = board.create({ command: ['bash', '-c', 'yes "flow control keeps memory bounded"'], cols: 80, rows: 24 })
    const pane = board.get(id)
    let received = 0
    const resyncs: string[] = []
    const client = board.connect((e) => {
      received += e.data.length
      if (e.resync) resyncs.push(e.data)
    })
    await client.attach(id)
    // Without acks, delivery stops just past the limit instead of buffering the flood without bound…
    await eventually(async () => {
      const before = received
      await new Promise((r) => setTimeout(r, 300))
      return received > 0 && received === before
    }, 'delivery to stall without acks')
    expect(received).toBeGreaterThan(2_000_000)
    expect(received).toBeLessThan(2_000_000 + 1_000_000)
    // …while the program and the mirror (and so the pane's status) keep going.
    let parsed = 0
    const counting = pane.onDidParse((d) => (parsed += d.length))
    await eventually(() => parsed > 1_000_000, 'the mirror to keep parsing')
    counting.dispose()
    const stalledAt = received
    client.ack(id, received)
    await eventually(() => resyncs.length === 1 && received > stalledAt + 100_000, 'a resync snapshot, then live data again')
    expect(resyncs[0]).toContain('flow control keeps memory bounded')
    client.detach(id)
    client.dispose()
  })

  it('a detach that overtakes a pending attach leaves the client unregistered', async () => {
    const { id } = board.create({ command: ['bash', '-c', 'yes | head -c 2000000; sleep 5'] })
    const pane = board.get(id)
    const client = board.connect(() => undefined)
    const attaching = client.attach(id)
    client.detach(id)
    await attaching
    expect(pane.isAttached(client.id)).toBe(false)
    client.dispose()
  })
})
