import { describe, expect, it } from 'vitest'
import { VirtualClock } from '../../core/lifecycle/clock'
import { Emitter } from '../../core/lifecycle/emitter'
import type { PaneId } from '../../shared/domain/pane'
import type { Pane, SavedScreenShot } from '../panes/pane'
import { silentLogger, type Logger } from '../util/log'
import { ScreenSaveConstants, ScreenSaves } from './screenSaves'
import type { SavedScreen } from './workspaceDb'
import { WriteQueue } from './writeQueue'

const { ScreenSaveDelayMs, ScrollbackLines, MaxSerializedChars } = ScreenSaveConstants

/** A pane as the saves see it: it parses output when told, and keeps the checkpoints it is given. */
function fakePane(id: PaneId) {
  const parsed = new Emitter<string>()
  const fake = {
    id,
    offset: 0,
    screenFor: (_scrollback: number): string => `screen of ${id}`,
    /** Runs while its screen is being taken, before it is handed back (where a pane is removed or fails). */
    whileTaken: (): void => undefined,
    asked: [] as number[],
    checkpoints: [] as SavedScreenShot[],
    parse: () => parsed.fire('output'),
  }
  const pane = {
    id,
    onDidParse: parsed.event,
    snapshotForSave: async (scrollback: number): Promise<SavedScreenShot> => {
      fake.asked.push(scrollback)
      fake.whileTaken()
      return { serialized: fake.screenFor(scrollback), cols: 80, rows: 24, offset: fake.offset, ptyKey: `pty-${id}` }
    },
    checkpointed: (shot: SavedScreenShot) => fake.checkpoints.push(shot),
  } as unknown as Pane
  return Object.assign(fake, { pane })
}

/** Saves on a virtual clock into a database that keeps what it is given, or refuses it as a full disk does. */
function saving() {
  const clock = new VirtualClock(10_000)
  const db = {
    full: false,
    written: [] as (SavedScreen & { readonly paneId: PaneId })[][],
    saveScreens(screens: readonly (SavedScreen & { readonly paneId: PaneId })[]): void {
      if (db.full) throw new Error('SQLITE_FULL: database or disk is full')
      db.written.push([...screens])
    },
  }
  const writes = new WriteQueue(silentLogger, '/nowhere/workspace.db')
  const warnings: string[] = []
  const log: Logger = { ...silentLogger, warn: (msg) => void warnings.push(msg) }
  const taken: PaneId[] = []
  const saves = new ScreenSaves(db, writes, clock, log, (id) => void taken.push(id))
  const panes = (...ids: PaneId[]) =>
    ids.map((id) => {
      const p = fakePane(id)
      saves.track(id, p.pane)
      return p
    })
  return { clock, db, writes, warnings, taken, saves, panes }
}

const paneIds = (written: readonly (readonly { paneId: PaneId }[])[]) => written.map((batch) => batch.map((s) => s.paneId))

describe('the saved screens', () => {
  it('are written together, every pane with new output in one write, a delay after the first output: never per chunk', async () => {
    const { clock, db, saves, taken, panes } = saving()
    const [a, b] = panes('1', '2', '3')
    a!.parse()
    a!.parse()
    clock.advance(ScreenSaveDelayMs - 1)
    b!.parse()
    expect(db.written).toEqual([])
    clock.advance(1)
    // Chained after the debounce's own save: once it resolves, that one is done.
    await saves.save()
    expect(paneIds(db.written)).toEqual([['1', '2']])
    expect(db.written[0]![0]).toEqual({ paneId: '1', serialized: 'screen of 1', cols: 80, rows: 24, offset: 0, ptyKey: 'pty-1', savedAt: clock.now() })
    expect(a!.asked).toEqual([ScrollbackLines])
    expect(taken).toEqual(['1', '2'])
  })

  it('keep a screen too long to save whole without its scrollback', async () => {
    const { db, saves, panes } = saving()
    const [a] = panes('1')
    a!.screenFor = (scrollback) => (scrollback ? 'x'.repeat(MaxSerializedChars + 1) : 'the screen alone')
    saves.markDirty('1', a!.pane)
    await saves.save()
    expect(a!.asked).toEqual([ScrollbackLines, 0])
    expect(db.written[0]![0]!.serialized).toBe('the screen alone')
  })

  it('let the pty host forget output only once a screen covering it is written; a refused write waits with the newest screen of each pane', async () => {
    const { clock, db, writes, saves, panes } = saving()
    const [a] = panes('1')
    db.full = true
    a!.offset = 100
    a!.parse()
    await saves.save()
    expect(a!.checkpoints).toEqual([])
    expect(saves.savedThrough()).toBe(0)

    clock.advance(500)
    const newer = clock.now()
    a!.offset = 250
    a!.screenFor = () => 'newer'
    a!.parse()
    await saves.save()
    // Space returns later than that save began.
    clock.advance(500)
    db.full = false
    expect(writes.flush()).toBe(true)
    expect(db.written).toEqual([[expect.objectContaining({ paneId: '1', serialized: 'newer', offset: 250 })]])
    expect(a!.checkpoints.map((s) => s.offset)).toEqual([250])
    expect(saves.savedThrough()).toBe(clock.now())
    // New output waits again: on disk is what had been parsed when the save that got through began.
    clock.advance(500)
    a!.parse()
    expect(saves.savedThrough()).toBe(newer)
  })

  it('leave out a pane removed or replaced while its screen was taken, and save the others', async () => {
    const { db, saves, taken, panes } = saving()
    const [removed, replaced, stays] = panes('1', '2', '3')
    const replacement = fakePane('2')
    removed!.whileTaken = () => saves.forget('1')
    replaced!.whileTaken = () => saves.track('2', replacement.pane)
    for (const p of [removed!, replaced!, stays!]) p.parse()
    await saves.save()
    expect(paneIds(db.written)).toEqual([['3']])
    expect(taken).toEqual(['3'])
    expect(replacement.asked).toEqual([])
  })

  it('log a screen that cannot be serialized and do not wait for it', async () => {
    const { db, warnings, saves, panes, clock } = saving()
    const [broken, fine] = panes('1', '2')
    broken!.whileTaken = () => {
      throw new Error('the mirror is gone')
    }
    broken!.parse()
    fine!.parse()
    await saves.save()
    expect(warnings).toEqual(['could not serialize a pane screen to save it'])
    expect(paneIds(db.written)).toEqual([['2']])
    expect(saves.savedThrough()).toBe(clock.now())
  })

  it('of every live pane are saved by a checkpoint of all, with new output or not', async () => {
    const { db, saves, panes } = saving()
    panes('1', '2', '3')
    saves.forget('3')
    await saves.checkpointAll()
    expect(paneIds(db.written)).toEqual([['1', '2']])
  })

  it('are no longer saved once disposed, not even by a save under way', async () => {
    const { clock, db, saves, panes } = saving()
    const [a] = panes('1')
    a!.whileTaken = () => saves.dispose()
    a!.parse()
    await saves.save()
    expect(db.written).toEqual([])
    expect(clock.pendingTimers).toBe(0)
    a!.parse()
    expect(clock.pendingTimers).toBe(0)
  })
})
