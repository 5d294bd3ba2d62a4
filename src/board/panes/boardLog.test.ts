import { afterEach, describe, expect, it } from 'vitest'
import { createLogger } from '../util/log'
import { eventually, testBoard } from '../test/support'

/** Issue 12: the console had two lines per state change (one plain, one JSON). */
describe('the board’s console lines', () => {
  const lines: string[] = []
  let board = testBoard()
  afterEach(async () => {
    await board.shutdown()
    lines.length = 0
  })

  it('one concise line per state change at the default level; the evidence in full only with --verbose (debug)', async () => {
    board = testBoard({ log: createLogger('info', (line) => lines.push(line)) })
    const changes: string[] = []
    board.onEvent((e) => e.channel === 'pane:state' && changes.push(`${e.payload.previous}→${e.payload.info.verdict.state}`))
    const { id } = board.create({ command: ['bash', '-c', 'sleep 0.3'] })
    await eventually(() => board.get(id).exit, 'the exit')
    await eventually(() => changes.at(-1)?.endsWith('exited'), 'the exited state')
    const stateLines = lines.filter((l) => l.includes(' → '))
    expect(stateLines.length).toBe(changes.length)
    expect(lines.filter((l) => l.includes('pane state'))).toEqual([])
    for (const l of stateLines) expect(l).toMatch(/^\[switchboard info\] pane \d+: pane: \w+ → \w+( \(.{1,120}\))?$/)
  })

  it('--verbose adds the full line with every piece of evidence', async () => {
    board = testBoard({ log: createLogger('debug', (line) => lines.push(line)) })
    const { id } = board.create({ command: ['bash', '-c', 'sleep 0.2'] })
    await eventually(() => board.get(id).exit, 'the exit')
    await eventually(() => lines.some((l) => l.startsWith('[switchboard debug] pane state') && l.includes('"to":"exited"')), 'the debug line')
  })
})
