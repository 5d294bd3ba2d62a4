import { afterEach, describe, expect, it } from 'vitest'
import { testBoard } from '../test/support'

describe('the board owns the panes’ order (sidebar and grid)', () => {
  let board = testBoard()
  afterEach(async () => {
    await board.shutdown()
    board = testBoard()
  })

  it('reorders, tells every client once, and lists in that order; unknown ids are ignored, unnamed panes follow', () => {
    const ids = [1, 2, 3].map(() => board.create({ command: ['sleep', '5'] }).id)
    const events: unknown[] = []
    board.onEvent((e) => e.channel === 'board:order' && events.push(e.payload.order))
    expect(board.reorder([ids[2]!, '99', ids[0]!])).toEqual([ids[2], ids[0], ids[1]])
    expect(board.list().map((p) => p.id)).toEqual([ids[2], ids[0], ids[1]])
    // The same order again changes nothing and says nothing.
    board.reorder([ids[2]!, ids[0]!, ids[1]!])
    expect(events).toEqual([[ids[2], ids[0], ids[1]]])
    // A new pane goes last.
    const fourth = board.create({ command: ['sleep', '5'] }).id
    expect(board.list().map((p) => p.id)).toEqual([ids[2], ids[0], ids[1], fourth])
  })
})
