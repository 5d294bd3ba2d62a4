import { describe, expect, it } from 'vitest'
import { prng } from '../../core/testing/prng'
import type { WireState } from './mirrorProtocol'
import { applyState, diffState, screenOf, type SentState } from './wireStateDiff'

const meta = (over: Partial<WireState> = {}): WireState => ({
  text: '',
  cols: 10,
  rows: 4,
  cx: 0,
  cy: 0,
  alternate: false,
  title: '',
  synchronizing: false,
  bracketedPaste: false,
  ...over,
})

/** What the worker posts and the pane then holds, from `sent` to `lines`. */
function roundTrip(sent: SentState | null, lines: string[], m: WireState) {
  const posted = diffState(sent, lines, m)
  const held = posted ? applyState(sent ?? { lines: ['', '', '', ''], meta: meta() }, posted) : sent
  return { posted, held }
}

describe('a pane state crosses the thread as the rows that changed (issue 20)', () => {
  const start: SentState = { lines: ['$ ls', 'a b', '⠋ Thinking', '> '], meta: meta({ cx: 2, cy: 3 }) }

  it('a spinner tick is one row; the pane keeps the other rows as they were', () => {
    const lines = ['$ ls', 'a b', '⠙ Thinking', '> ']
    const { posted, held } = roundTrip(start, lines, meta({ cx: 2, cy: 3 }))
    expect(posted).toMatchObject({ from: 2, count: 1, text: '⠙ Thinking' })
    expect(held!.lines).toEqual(lines)
    expect(held!.lines[0]).toBe(start.lines[0])
    // The screen handed out before is not changed under its reader.
    expect(start.lines[2]).toBe('⠋ Thinking')
  })

  it('nothing when nothing the pane reads changed; the rest alone when only the cursor or a mode did', () => {
    expect(diffState(start, start.lines.slice(), meta({ cx: 2, cy: 3 }))).toBeNull()
    const { posted, held } = roundTrip(start, start.lines.slice(), meta({ cx: 3, cy: 3, bracketedPaste: true }))
    expect(posted).toMatchObject({ from: 0, count: 0, text: '', cx: 3, bracketedPaste: true })
    expect(held!.lines).toBe(start.lines)
    expect(screenOf(held!).cursor).toEqual({ x: 3, y: 3 })
  })

  it('the whole screen when there was none, when every row changed, or at another size', () => {
    expect(diffState(null, ['a', 'b', 'c', 'd'], meta())).not.toHaveProperty('from')
    expect(diffState(start, ['1', '2', '3', '4'], meta())).toEqual({ ...meta(), text: '1\n2\n3\n4' })
    const wider = diffState(start, ['$ ls', 'a b', '⠋ Thinking', '> ', ''], meta({ rows: 5 }))
    expect(wider).toEqual({ ...meta({ rows: 5 }), text: '$ ls\na b\n⠋ Thinking\n> \n' })
  })

  it('any sequence of screens, patched one after another, ends as the last one (random rows and sizes)', () => {
    const rand = prng(20)
    const words = ['', 'x', 'yy', '⠋ ü', '❯ 1. Yes', '  ']
    let sent: SentState | null = null
    let held: SentState = { lines: [''], meta: meta({ rows: 1 }) }
    let lines = ['']
    for (let step = 0; step < 500; step++) {
      const rows = rand() < 0.05 ? 1 + Math.floor(rand() * 6) : lines.length
      lines = Array.from({ length: rows }, (_, y) => (rand() < 0.3 ? words[Math.floor(rand() * words.length)]! : (lines[y] ?? '')))
      const m = meta({ rows, cx: Math.floor(rand() * 3) })
      const posted = diffState(sent, lines, m)
      if (posted) {
        held = applyState(held, posted)
        sent = { lines, meta: m }
      }
      expect(held.lines).toEqual(lines)
      expect(held.meta.cx).toBe(m.cx)
    }
  })
})
