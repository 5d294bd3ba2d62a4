import { afterEach, describe, expect, it } from 'vitest'
import type { AttentionSnapshot } from '../../shared/domain/attention'
import type { Board } from '../panes/board'
import { WorkspaceDb } from './workspaceDb'
import { NOTIFY_MODES_KEY } from './workspaceStore'
import { crashed, storeBoards } from './storeBoards'

const boards = storeBoards()
afterEach(() => boards.cleanup())

/** The snapshot the board's attention policy broadcasts next (setMode answers with one too). */
const ownModes = (board: Board): AttentionSnapshot['ownModes'] => board.attention.snapshot().ownModes

describe("a pane's own notification mode", () => {
  it('comes back after the board stopped (a muted pane stays muted); a pane closed takes its mode along', async () => {
    const dir = boards.tempDir()
    const first = boards.boardOn(dir)
    const muted = first.board.create({ command: ['bash', '--norc', '--noprofile'] })
    const loud = first.board.create({ command: ['bash', '--norc', '--noprofile'] })
    const closed = first.board.create({ command: ['bash', '--norc', '--noprofile'] })
    first.board.attention.setMode(muted.id, 'none')
    first.board.attention.setMode(loud.id, 'all')
    first.board.attention.setMode(closed.id, 'attention')
    first.board.attention.setMode(loud.id, null)
    await first.board.remove(closed.id)
    crashed(first)

    const second = boards.boardOn(dir)
    expect(ownModes(second.board)).toEqual({ [muted.id]: 'none' })
    expect(second.board.attention.snapshot().modes[muted.id]).toBe('none')
  })

  it('a damaged saved value loses only the modes: the panes come back as they were', async () => {
    const dir = boards.tempDir()
    const first = boards.boardOn(dir)
    const pane = first.board.create({ command: ['bash', '--norc', '--noprofile'] })
    first.board.attention.setMode(pane.id, 'none')
    crashed(first)
    const { db } = WorkspaceDb.open(dir)
    db.setValue(NOTIFY_MODES_KEY, '{"1": "loud", ')
    db.close()
    const second = boards.boardOn(dir)
    expect(second.board.list().map((p) => p.id)).toEqual([pane.id])
    expect(ownModes(second.board)).toEqual({})
  })
})
