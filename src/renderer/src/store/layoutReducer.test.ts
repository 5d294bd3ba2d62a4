import { describe, expect, it } from 'vitest'
import { initialLayout, reduceLayout, visiblePanes, type LayoutAction, type LayoutState } from './layoutReducer'

const run = (...actions: LayoutAction[]): LayoutState => actions.reduce(reduceLayout, initialLayout)
const order = ['1', '2', '3', '4', '5']

describe('layout', () => {
  it('shows only the selected pane in single mode', () => {
    expect(visiblePanes(initialLayout, '3')).toEqual(['3'])
    expect(visiblePanes(initialLayout, null)).toEqual([])
  })

  it('fills a grid with the selected pane and the others in order, each placed in the sidebar’s order', () => {
    const s = run({ type: 'mode', mode: 'grid', order, selected: '3' })
    expect(s.slots).toEqual(['1', '3'])
    expect(visiblePanes(s, '3')).toEqual(['1', '3'])
    const four = reduceLayout(s, { type: 'size', size: 4, order, selected: '3' })
    expect(four.slots).toEqual(['1', '2', '3', '4'])
    const three = reduceLayout(four, { type: 'size', size: 3, order, selected: '3' })
    expect(three.slots).toEqual(['1', '2', '3'])
  })

  it('reads like the sidebar: 1, 2 / 3, 4, not 1, 2 / 4, 3 (issue 12)', () => {
    // Two panes shown, then 3 and 4 arrive with 4 selected: 4 took the first empty cell, 3 the next.
    let s = run({ type: 'size', size: 4, order: ['1', '2'], selected: '2' })
    s = reduceLayout(s, { type: 'panes', order: ['1', '2', '3', '4'], selected: '4' })
    expect(s.slots).toEqual(['1', '2', '3', '4'])
    // A new sidebar order (panes dragged) reorders the grid too.
    expect(reduceLayout(s, { type: 'panes', order: ['4', '3', '2', '1'], selected: '4' }).slots).toEqual(['4', '3', '2', '1'])
  })

  it('leaves empty cells when there are fewer panes than cells', () => {
    expect(run({ type: 'size', size: 4, order: ['1', '2'], selected: '1' }).slots).toEqual(['1', '2', null, null])
  })

  it('puts a newly selected pane in the cell of the previously selected one; a shown pane stays put', () => {
    let s = run({ type: 'size', size: 2, order, selected: '1' })
    expect(s.slots).toEqual(['1', '2'])
    s = reduceLayout(s, { type: 'select', selected: '2', previous: '1' })
    expect(s.slots).toEqual(['1', '2'])
    s = reduceLayout(s, { type: 'select', selected: '5', previous: '2', order })
    expect(s.slots).toEqual(['1', '5'])
    s = reduceLayout(s, { type: 'select', selected: '3', previous: '1', order })
    expect(s.slots).toEqual(['3', '5'])
  })

  it('does not touch the grid on selection in single mode, and remembers it for the way back', () => {
    let s = run({ type: 'size', size: 2, order, selected: '1' }, { type: 'mode', mode: 'single', order, selected: '1' })
    s = reduceLayout(s, { type: 'select', selected: '4', previous: '1' })
    expect(s.slots).toEqual(['1', '2'])
    s = reduceLayout(s, { type: 'mode', mode: 'grid', order, selected: '4' })
    expect(s.slots).toEqual(['1', '4'])
  })

  it('fills the cell of a removed pane with one not shown yet, and keeps each pane once', () => {
    let s = run({ type: 'size', size: 3, order, selected: '1' })
    expect(s.slots).toEqual(['1', '2', '3'])
    s = reduceLayout(s, { type: 'panes', order: ['1', '3', '4', '5'], selected: '1' })
    expect(s.slots).toEqual(['1', '3', '4'])
    const same = reduceLayout(s, { type: 'panes', order: ['1', '3', '4', '5'], selected: '1' })
    expect(same).toBe(s)
  })

  it('clamps the splits', () => {
    const s = run({ type: 'split', colSplit: 0.05 }, { type: 'split', rowSplit: 0.95 })
    expect([s.colSplit, s.rowSplit]).toEqual([0.2, 0.8])
  })
})
