import { afterEach, describe, expect, it } from 'vitest'
import { testBoard, waitForState } from '../test/support'
import { fakeClaudeBin } from '../test/fakeClaude'
import type { Board } from './board'

const bin = fakeClaudeBin('sb-caughtup-bin-')

let board: Board
afterEach(async () => {
  await board?.shutdown()
})

describe('Pane.caughtUp: what a board taking panes over waits for before it answers its clients', () => {
  // keepRunning.test, the suite beside two CPU hogs: `ls` right after a kill -9 of the daemon read
  // a pane showing Claude's permission dialog as starting. The new board answered once the replay
  // was parsed, but the status reads a parsed screen on its evaluation grid, 8–16 ms later.
  it('resolves once the status has read the parsed screen, not only once the mirror has parsed it', async () => {
    board = testBoard()
    const pane = board.get(board.create({ command: ['claude'], env: { PATH: `${bin}:${process.env.PATH}` }, cols: 80, rows: 24 }).id)
    await waitForState(pane, 'idle')
    const drawn = new Promise<void>((done) => {
      void pane.attach('test', (data) => {
        if (data.includes('Do you want to proceed?')) done()
      })
    })
    pane.write('[DIALOG] go')
    await new Promise((r) => setTimeout(r, 100))
    pane.write('\r')
    // Read from the PTY, not parsed yet: the takeover's wait starts here.
    await drawn
    await pane.caughtUp(0, 3000)
    expect(pane.verdict.state).toBe('blocked')
  })
})
