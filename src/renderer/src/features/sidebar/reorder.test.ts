import { describe, expect, it } from 'vitest'
import { movePane, nudgePane } from './reorder'

describe('reordering panes in the sidebar', () => {
  const order = ['1', '2', '3', '4']
  it('drops a pane where the target is', () => {
    expect(movePane(order, '4', '1')).toEqual(['4', '1', '2', '3'])
    expect(movePane(order, '1', '3')).toEqual(['2', '3', '1', '4'])
    expect(movePane(order, '2', '2')).toEqual(order)
    expect(movePane(order, '9', '2')).toEqual(order)
  })
  it('moves one place by keyboard, and not past the ends', () => {
    expect(nudgePane(order, '3', -1)).toEqual(['1', '3', '2', '4'])
    expect(nudgePane(order, '3', 1)).toEqual(['1', '2', '4', '3'])
    expect(nudgePane(order, '1', -1)).toEqual(order)
    expect(nudgePane(order, '4', 1)).toEqual(order)
  })
})
