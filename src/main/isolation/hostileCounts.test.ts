import { afterEach, describe, expect, it } from 'vitest'
import { monitorEventLoopDelay } from 'node:perf_hooks'
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
