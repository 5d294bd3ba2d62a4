import { afterEach, describe, expect, it } from 'vitest'
import { VirtualClock } from '../../core/lifecycle/clock'
import { eventually, screenText, testBoard } from '../test/support'
import { silentLogger } from '../util/log'
import { storeBoards } from './storeBoards'
import { WorkspaceConstants, WorkspaceStore } from './workspaceStore'

const boards = storeBoards()
afterEach(() => boards.cleanup())

/** A store on a virtual clock (its debounce moves only when told) beside a board of real PTYs. */
function storeOnVirtualTime() {
  const clock = new VirtualClock(10_000)
  const store = WorkspaceStore.open({ dir: boards.tempDir(), clock, log: silentLogger })
  const board = testBoard({ history: (id) => store.history(id) })
  store.attach(board)
  boards.onCleanup(async () => {
    store.dispose()
    await board.shutdown()
  })
  return { clock, store, board }
}

describe('screensSavedThrough: up to when every screen is on disk (what a crash keeps)', () => {
  it('is now while no screen waits; stays put while one waits for its debounce or is being written; is the save’s start once written', async () => {
    const { clock, store, board } = storeOnVirtualTime()
    expect(store.screensSavedThrough()).toBe(10_000)

    const pane = board.get(board.create({ command: ['bash', '--norc', '--noprofile'] }).id)
    pane.write('echo first-line\r')
    await eventually(async () => (await screenText(pane)).includes('first-line\n'), 'the first echo')
    clock.advance(500)
    // Parsed, not saved: a crash now would lose it, so the time has not moved.
    expect(store.screensSavedThrough()).toBe(0)

    const savedAt = clock.now()
    const saving = store.saveScreens()
    // The save runs (it serializes asynchronously): still nothing to count on.
    expect(store.screensSavedThrough()).toBe(0)
    await saving

    pane.write('echo second-line\r')
    await eventually(async () => (await screenText(pane)).includes('second-line\n'), 'the second echo')
    clock.advance(500)
    // New output waits again: saved is what had been parsed when that save began, not now.
    expect(store.screensSavedThrough()).toBe(savedAt)

    // The debounce's own save (the timer the output set): once it is written and nothing waits, it
    // is now again. A prompt parsed after a save began waits for the next one, hence the loop.
    await eventually(async () => {
      clock.advance(WorkspaceConstants.ScreenSaveDelayMs)
      await store.saveScreens()
      return store.screensSavedThrough() === clock.now()
    }, 'every screen saved')
  })
})

describe('a pane removed while its screen is being saved', () => {
  it('ends that save without its screen, and the saves after it still run (CI: screensSaved never came after a resume)', async () => {
    const { clock, store, board } = storeOnVirtualTime()
    const gone = board.get(board.create({ command: ['bash', '--norc', '--noprofile'] }).id)
    const stays = board.get(board.create({ command: ['bash', '--norc', '--noprofile'] }).id)
    gone.write('echo going-away; exit\r')
    await eventually(() => gone.info().exit !== null, 'the first shell to exit')
    // The pane goes (a resume retires it the same way) after the save asked for its screen, before the answer.
    const ask = gone.snapshotForSave.bind(gone)
    gone.snapshotForSave = (scrollback) => {
      const shot = ask(scrollback)
      void board.remove(gone.id)
      return shot
    }
    const saved = await Promise.race([
      store.saveScreens().then(() => 'saved'),
      new Promise((resolve) => setTimeout(() => resolve('still saving after 5 s'), 5_000)),
    ])
    expect(saved).toBe('saved')
    expect(store.savedScreen(gone.id)).toBeNull()

    stays.write('echo still-here\r')
    await eventually(async () => (await screenText(stays)).includes('still-here\n'), 'the echo')
    await eventually(async () => {
      clock.advance(WorkspaceConstants.ScreenSaveDelayMs)
      await store.saveScreens()
      return store.screensSavedThrough() === clock.now()
    }, 'every screen saved')
    expect(store.savedScreen(stays.id)?.serialized).toContain('still-here')
  })
})
