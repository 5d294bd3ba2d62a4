import { describe, expect, it } from 'vitest'
import type { PaneInfo, Verdict } from '../../../shared/domain/pane'
import { emptyPanes, reducePanes, type PanesAction, type PanesState } from './panesReducer'

const verdict = (state: Verdict['state'], since = 0): Verdict => ({ state, since, evidence: [] })
const pane = (id: string, state: Verdict['state'] = 'idle'): PaneInfo => ({
  id,
  title: `p${id}`,
  command: ['bash'],
  cwd: '/tmp',
  pid: 100 + Number(id),
  cols: 80,
  rows: 24,
  createdAt: 0,
  foreground: null,
  verdict: verdict(state),
  exit: null,
  agent: null,
  sessionId: null,
  dialog: null,
  drift: null,
  agentVersion: null,
  lastReport: null,
  worktree: null,
  changes: null,
})
const run = (...actions: PanesAction[]): PanesState => actions.reduce(reducePanes, emptyPanes)

describe('reducePanes', () => {
  it('loads a list in the board’s order (main owns it) and selects the first pane', () => {
    const s = run({ type: 'loaded', list: [pane('10'), pane('2'), pane('3')] })
    expect(s.order).toEqual(['10', '2', '3'])
    expect(s.selectedId).toBe('10')
  })

  it('takes a new order from the board; panes it does not name keep theirs after', () => {
    let s = run({ type: 'loaded', list: [pane('1'), pane('2'), pane('3')] })
    s = reducePanes(s, { type: 'order', order: ['3', '9', '1'] })
    expect(s.order).toEqual(['3', '1', '2'])
    expect(reducePanes(s, { type: 'order', order: ['3', '1', '2'] })).toBe(s)
    // A pane created afterwards goes last, as the board puts it.
    expect(reducePanes(s, { type: 'changed', info: pane('4') }).order).toEqual(['3', '1', '2', '4'])
  })

  it('adds a new pane on change and selects it only when nothing is selected', () => {
    let s = run({ type: 'changed', info: pane('1') })
    expect(s.selectedId).toBe('1')
    s = reducePanes(s, { type: 'changed', info: pane('2') })
    expect(s.order).toEqual(['1', '2'])
    expect(s.selectedId).toBe('1')
  })

  it('a state change brings the pane’s info after it (verdict, dialog, title) in one event', () => {
    const after = { ...pane('1'), title: 'p1 now', verdict: verdict('working', 5) }
    const s = run({ type: 'loaded', list: [pane('1')] }, { type: 'state', change: { paneId: '1', previous: 'idle', info: after } })
    expect(s.panes['1']?.verdict).toEqual(verdict('working', 5))
    expect(s.panes['1']?.title).toBe('p1 now')
  })

  it('ignores events for unknown panes', () => {
    const s = run({ type: 'loaded', list: [pane('1')] })
    expect(reducePanes(s, { type: 'state', change: { paneId: '9', previous: 'idle', info: { ...pane('9'), verdict: verdict('working') } } })).toBe(s)
    expect(reducePanes(s, { type: 'removed', paneId: '9' })).toBe(s)
    expect(reducePanes(s, { type: 'select', paneId: '9' })).toBe(s)
  })

  it('selects the neighbour when the selected pane is removed', () => {
    let s = run({ type: 'loaded', list: [pane('1'), pane('2'), pane('3')] }, { type: 'select', paneId: '2' })
    s = reducePanes(s, { type: 'removed', paneId: '2' })
    expect(s.selectedId).toBe('3')
    s = reducePanes(s, { type: 'removed', paneId: '3' })
    expect(s.selectedId).toBe('1')
    s = reducePanes(s, { type: 'removed', paneId: '1' })
    expect(s).toEqual(emptyPanes)
  })

  it('keeps the selection across a reload when the pane still exists', () => {
    const s = run({ type: 'loaded', list: [pane('1'), pane('2')] }, { type: 'select', paneId: '2' }, { type: 'loaded', list: [pane('1'), pane('2')] })
    expect(s.selectedId).toBe('2')
  })
})
