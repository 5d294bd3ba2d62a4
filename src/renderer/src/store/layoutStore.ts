import { create } from 'zustand'
import { initialLayout, reduceLayout, visiblePanes, type LayoutAction, type LayoutState } from './layoutReducer'
import { useBoardStore } from './boardStore'

export interface LayoutStore extends LayoutState {
  dispatch(action: LayoutAction): void
}

export const useLayoutStore = create<LayoutStore>()((set) => ({
  ...initialLayout,
  dispatch: (action) => set((s) => reduceLayout(s, action)),
}))

/** The panes on screen now (single: the selected one; grid: the filled cells). */
export function currentVisiblePanes(): string[] {
  return visiblePanes(useLayoutStore.getState(), useBoardStore.getState().selectedId)
}

/**
 * Keeps the grid in step with the pane list and the selection, outside React: a removed pane
 * leaves its cell, a pane selected from the sidebar or a notification takes a cell. Returns a disposer.
 */
export function syncLayoutWithBoard(): () => void {
  let order = useBoardStore.getState().order
  let selected = useBoardStore.getState().selectedId
  return useBoardStore.subscribe((s) => {
    const layout = useLayoutStore.getState()
    if (s.selectedId !== selected && s.selectedId !== null) layout.dispatch({ type: 'select', selected: s.selectedId, previous: selected, order: s.order })
    if (s.order !== order) layout.dispatch({ type: 'panes', order: s.order, selected: s.selectedId })
    order = s.order
    selected = s.selectedId
  })
}
