import { closeSync, openSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { StateChange } from '../../shared/domain/pane'
import { waitForState } from '../test/support'
import { canMount, mountTmpfs } from '../test/mounts'
import { crashed, storeBoards } from './storeBoards'

const boards = storeBoards()
const { tempDir, boardOn } = boards
afterEach(() => boards.cleanup())

/** Fills the file system under `dir` to the last byte with one file; returns its path. */
function fillDisk(dir: string): string {
  const path = join(dir, 'filler')
  const fd = openSync(path, 'w')
  try {
    for (const size of [65536, 4096, 512, 1]) {
      const chunk = Buffer.alloc(size, 1)
      for (;;) {
        try {
          writeSync(fd, chunk)
        } catch {
          break
        }
      }
    }
  } finally {
    closeSync(fd)
  }
  return path
}

// The queue's reason to be (issue 24.12), end to end: a board whose disk fills up and has space again.
describe.runIf(canMount)('a full disk (a 2 MiB tmpfs)', () => {
  it('a pane created while it is full is saved, with its states, once space returns (issue 24.12)', async () => {
    const dir = tempDir()
    boards.onCleanup(mountTmpfs(dir, 2048))
    const first = boardOn(dir)
    const before = first.board.create({ command: ['bash', '--norc', '--noprofile'] })
    await waitForState(first.board.get(before.id), 'idle')
    const filler = fillDisk(dir)
    const live: StateChange[] = []
    first.board.onEvent((e) => e.channel === 'pane:state' && live.push(e.payload))
    // Created while nothing can be written: its row and its first states are refused.
    const info = first.board.create({ command: ['bash', '--norc', '--noprofile'], title: 'made-while-full' })
    await waitForState(first.board.get(info.id), 'idle')
    first.board.get(info.id).write('sleep 0.3\r')
    await waitForState(first.board.get(info.id), 'working')
    await waitForState(first.board.get(info.id), 'idle')
    rmSync(filler)
    // Space is back: the next write (here a state change) takes what waited along, in order.
    first.board.get(info.id).write('sleep 0.3\r')
    await waitForState(first.board.get(info.id), 'working')
    await waitForState(first.board.get(info.id), 'idle')
    crashed(first)
    const second = boardOn(dir)
    const restored = second.board.list().find((p) => p.id === info.id)
    expect(restored).toMatchObject({ id: info.id, title: 'made-while-full' })
    // Every state it went through, while the disk was full and after, in order, with its evidence.
    const seen = live
      .filter((c) => c.paneId === info.id)
      .map((c) => ({ paneId: c.paneId, state: c.info.verdict.state, previous: c.previous, since: c.info.verdict.since, evidence: c.info.verdict.evidence }))
    expect(seen.filter((c) => c.state === 'working')).toHaveLength(2)
    // Then the board's stop under it (it still ran at the crash).
    expect(second.board.history(info.id).filter((e) => !e.mark)).toEqual(seen)
    expect(second.board.history(info.id).at(-1)).toMatchObject({ mark: 'interrupted', state: 'exited' })
  })
})
