import { afterEach, describe, expect, it } from 'vitest'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { PaneInfo, StateChange } from '../../shared/domain/pane'
import { eventually, testBoard, waitForState } from '../test/support'
import { fakeClaudeBin } from '../test/fakeClaude'
import type { Board } from './board'

// The stand-in `claude` of the answer tests: real Claude screens, a permission dialog on demand.
const bin = fakeClaudeBin('sb-state-event-')

/** Issue 13: one verdict change sent `pane:state` and then `pane:changed` (the dialog), patched in the renderer with a 60 ms timer. */
describe('one event per verdict change', () => {
  let board: Board
  afterEach(async () => board.shutdown())

  it('pane:state carries the pane as it is after the change (the dialog included); no pane:changed repeats it', async () => {
    board = testBoard()
    const input = join(bin, 'input.jsonl')
    const events: ({ channel: 'pane:state'; payload: StateChange } | { channel: 'pane:changed'; payload: PaneInfo })[] = []
    board.onEvent((e) => (e.channel === 'pane:state' || e.channel === 'pane:changed') && events.push(e))
    const { id } = board.create({ command: ['claude'], env: { PATH: `${bin}:${process.env.PATH}`, FAKE_INPUT_LOG: input }, cols: 80, rows: 24 })
    const pane = board.get(id)
    await waitForState(pane, 'idle')
    pane.write('[DIALOG] go')
    await eventually(() => existsSync(input) && readFileSync(input, 'utf8').includes('[DIALOG] go'), 'the program to read the line')
    pane.write('\r')
    await waitForState(pane, 'blocked')
    // Past the board's coalescing window: anything held back has gone out (or was dropped as older).
    await board.eventsDrained(id)
    const blocked = events.findIndex((e) => e.channel === 'pane:state' && e.payload.info.verdict.state === 'blocked')
    expect(blocked).toBeGreaterThan(-1)
    const change = events[blocked]!.payload as StateChange
    // One owner of the verdict: the pane's info; the event carries no second copy to drift from it.
    expect(Object.keys(change).sort()).toEqual(['info', 'paneId', 'previous'])
    expect(change.info.verdict.state).toBe('blocked')
    expect(change.info?.dialog?.title).toBe('Do you want to proceed?')
    // Nothing after it merely repeats it (a second event for the same change).
    const repeats = events.slice(blocked + 1).filter((e) => e.channel === 'pane:changed' && JSON.stringify(e.payload) === JSON.stringify(change.info))
    expect(repeats).toEqual([])
    // Every state change of the pane went out as pane:state with its info, in order.
    const states = events.filter((e): e is { channel: 'pane:state'; payload: StateChange } => e.channel === 'pane:state')
    for (const s of states) expect(s.payload.info?.id).toBe(id)
  })
})
