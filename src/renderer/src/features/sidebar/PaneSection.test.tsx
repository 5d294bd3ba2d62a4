import { act, render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { useBoardStore } from '../../store/boardStore'
import { emptyPanes } from '../../store/panesReducer'
import { fakeApi, pane } from '../../test/fakeApi'
import { PaneSection } from './PaneSection'

beforeEach(() => useBoardStore.setState({ ...emptyPanes, loaded: false }))

describe('PaneSection', () => {
  // An empty list before the board's list arrives says nothing about the board; the list says it
  // is busy until then (e2e/support/boardUi.ts waits on it before it reads which panes exist).
  it('is busy until the board’s list arrives, then lists it', () => {
    render(<PaneSection />, { wrapper: fakeApi().wrap })
    const list = screen.getByTestId('pane-list')
    expect(list.getAttribute('aria-busy')).toBe('true')
    expect(screen.queryByTestId('pane-item')).toBeNull()
    act(() => {
      useBoardStore.getState().dispatch({ type: 'loaded', list: [pane({ id: '1' })] })
      useBoardStore.getState().setLoaded()
    })
    expect(list.getAttribute('aria-busy')).toBe('false')
    expect(screen.getAllByTestId('pane-item').map((e) => e.getAttribute('data-pane-id'))).toEqual(['1'])
  })

  it('an empty board, once loaded, is not busy and says so', () => {
    useBoardStore.setState({ loaded: true })
    render(<PaneSection />, { wrapper: fakeApi().wrap })
    expect(screen.getByTestId('pane-list').getAttribute('aria-busy')).toBe('false')
    expect(screen.getByText('No panes yet.')).toBeTruthy()
  })
})
