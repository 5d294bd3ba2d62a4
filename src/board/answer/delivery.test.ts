import { afterEach, describe, expect, it } from 'vitest'
import { DeliveryConstants } from '../../core/answer/delivery'
import type { Board } from '../panes/board'
import type { Pane } from '../panes/pane'
import { eventually, testBoard } from '../test/support'
import { realClock } from '../util/clock'
import { answerPane } from './answerPane'
import { deliveryOutcome } from './deliveryWatch'

/**
 * A program that is not reading its input yet, as an agent TUI at its start: it takes the
 * terminal (raw, no echo, bracketed paste) and draws, ignores what is typed for `DEAF` seconds,
 * then either drops it (FLUSH, as the input Claude Code 2.1.197 lost at load 3.5) or reads it
 * late, and from then on echoes what it reads and says what it got.
 */
const PROGRAM = `
import os, sys, termios, time, tty
tty.setraw(0)
sys.stdout.write('\\x1b[?2004hloading...\\r\\n'); sys.stdout.flush()
time.sleep(float(os.environ['DEAF']))
if os.environ.get('FLUSH') == '1': termios.tcflush(0, termios.TCIFLUSH)
sys.stdout.write('ready> '); sys.stdout.flush()
line = b''
while not line.endswith(b'\\r'):
    c = os.read(0, 1)
    line += c
    os.write(1, c)
sys.stdout.write('\\r\\ngot: ' + line.decode().strip() + '\\r\\n'); sys.stdout.flush()
time.sleep(30)
`

let board: Board
afterEach(async () => {
  await board?.shutdown()
})

/** The program, once it has taken the terminal and drawn (what the board sees of an agent that started). */
async function start(env: Record<string, string>): Promise<Pane> {
  board = testBoard()
  const info = board.create({ command: ['python3', '-c', PROGRAM], env, cols: 80, rows: 24 })
  const pane = board.get(info.id)
  await eventually(() => pane.screen().lines.join('\n').includes('loading...'), 'the program to take the terminal')
  return pane
}

const send = (pane: Pane, text: string, again?: number) =>
  answerPane(pane, { kind: 'text', text, seen: pane.verdict.state, sendAnyway: true, ...(again ? { again } : {}) }, realClock)

describe('the answer box says whether the program took the line', () => {
  it('not taken by a program that ignores input for 3 s and drops it; sent again once it reads, taken (its echo)', async () => {
    const pane = await start({ DEAF: '3', FLUSH: '1' })
    const first = await send(pane, 'hello deaf')
    expect(first).toMatchObject({ ok: true })
    const id = (first as { delivery?: number }).delivery!
    expect(id).toBeGreaterThan(0)
    const outcome = await deliveryOutcome(pane, id)
    expect(outcome).toMatchObject({ taken: false })
    expect(outcome && !outcome.taken && outcome.message).toMatch(/^Not taken — the agent was not reading input yet/)
    expect(outcome && !outcome.taken && outcome.waitedMs).toBeGreaterThanOrEqual(DeliveryConstants.WaitMs - 50)

    await eventually(() => pane.screen().lines.join('\n').includes('ready>'), 'the program to read its input')
    const again = await send(pane, 'hello deaf', id)
    expect(again).toMatchObject({ ok: true })
    expect(await deliveryOutcome(pane, (again as { delivery?: number }).delivery!)).toMatchObject({ taken: true, by: 'echo' })
    await eventually(() => pane.screen().lines.join('\n').includes('got: hello deaf'), 'the program to get the line once')
  }, 30_000)

  it('taken at once by a program that reads it (its echo within a frame)', async () => {
    const pane = await start({ DEAF: '0' })
    await eventually(() => pane.screen().lines.join('\n').includes('ready>'), 'the program to read its input')
    const sent = await send(pane, 'quick one')
    const started = Date.now()
    expect(await deliveryOutcome(pane, (sent as { delivery?: number }).delivery!)).toMatchObject({ taken: true, by: 'echo' })
    expect(Date.now() - started).toBeLessThan(DeliveryConstants.WaitMs)
  }, 20_000)

  it('does not type a line twice: "Send again" for one the program read late after all is refused', async () => {
    // Deaf longer than the board waits: reported not taken, then read (and echoed) late.
    const pane = await start({ DEAF: String(DeliveryConstants.WaitMs / 1000 + 1.5) })
    const first = await send(pane, 'late line')
    const id = (first as { delivery?: number }).delivery!
    expect(await deliveryOutcome(pane, id)).toMatchObject({ taken: false })
    await eventually(() => pane.screen().lines.join('\n').includes('got: late line'), 'the program to read the line late', 15_000)
    expect(await send(pane, 'late line', id)).toMatchObject({ ok: false, reason: 'taken-late' })
    expect(
      pane
        .screen()
        .lines.join('\n')
        .match(/late line/g)?.length,
    ).toBe(2) // its echo and "got:", once each
  }, 30_000)

  it('knows no delivery of another pane or one never made', async () => {
    const pane = await start({ DEAF: '0' })
    expect(await deliveryOutcome(pane, 987654)).toBeNull()
  })
})
