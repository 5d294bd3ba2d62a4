import { afterEach, describe, expect, it } from 'vitest'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { eventually, screenText, testBoard, waitForState } from '../test/support'

let board = testBoard()
afterEach(async () => {
  await board.shutdown()
  board = testBoard()
})

/** Escape sequences whose cost in xterm grows with their count (issue 9: `CSI 9999999 S` froze the board ~42 s). */
const HOSTILE = ['S', 'T', 'L', 'M', '@', 'P', 'X', 'b', 'E', 'F', 'I', 'Z', ' @', ' A', "'}", "'~"].map((f) => `\\033[9999999${f}`).join('')

describe('a hostile pane cannot freeze the board', () => {
  it('huge counts in escape sequences are clamped: the event loop never stalls and another pane keeps working', async () => {
    const canary = board.get(board.create({ command: ['bash', '--norc', '--noprofile', '-i'], env: { PS1: '$ ' } }).id)
    await waitForState(canary, 'idle')
    const eld = monitorEventLoopDelay({ resolution: 10 })
    eld.enable()
    const hostile = board.get(board.create({ command: ['bash', '-c', `printf 'x\\n${HOSTILE}'; printf 'after\\n'`] }).id)
    await eventually(() => hostile.exit, 'the hostile pane to exit', 15_000)
    board.write(canary.id, 'echo canary-$((6*7))\r')
    await eventually(async () => (await screenText(canary)).includes('canary-42'), 'the canary pane to answer')
    eld.disable()
    // Unclamped, one `CSI 9999999 S` took tens of seconds of the main thread.
    expect(eld.max / 1e6).toBeLessThan(1000)
    expect(await screenText(hostile)).toContain('after')
  }, 60_000)
})

describe('soak: a hostile pane beside a canary (bounded: 4 s, 6 probes)', () => {
  it('hostile sequences and random bytes in one pane; the canary’s state changes still reach a client within 100 ms', async () => {
    const canary = board.get(board.create({ command: ['bash', '--norc', '--noprofile', '-i'], env: { PS1: '$ ' } }).id)
    await waitForState(canary, 'idle')
    const loop = `end=$((SECONDS + 4)); while [ $SECONDS -lt $end ]; do printf '${HOSTILE}'; head -c 65536 /dev/urandom; done; printf '\\033c'; echo SOAK-DONE`
    const hostile = board.get(board.create({ command: ['bash', '-c', loop] }).id)
    const client = board.connect(() => undefined)
    await client.attach(hostile.id)
    const seen: { state: string; at: number }[] = []
    const sub = board.onEvent((e) => {
      if (e.channel === 'pane:state' && e.payload.paneId === canary.id) seen.push({ state: e.payload.info.verdict.state, at: performance.now() })
    })
    const latencies: number[] = []
    try {
      for (let i = 0; i < 6; i++) {
        seen.length = 0
        const sent = performance.now()
        board.write(canary.id, 'sleep 0.2\r')
        const working = await eventually(() => seen.find((s) => s.state === 'working'), `probe ${i}: the canary to be working`, 5_000)
        latencies.push(working.at - sent)
        await waitForState(canary, 'idle', 5_000)
      }
      await eventually(() => hostile.exit, 'the hostile pane to finish', 20_000)
    } finally {
      sub.dispose()
      client.dispose()
    }
    latencies.sort((a, b) => a - b)
    // The median, so one hiccup of this shared machine does not decide; the bench has the percentiles.
    expect(latencies[Math.floor(latencies.length / 2)]).toBeLessThan(100)
    expect(await screenText(hostile)).toContain('SOAK-DONE')
  }, 60_000)
})
