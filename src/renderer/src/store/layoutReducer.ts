/**
 * Which panes are on screen: one focused pane, or a grid of 2–4 side by side. Pure transitions,
 * so the rules (where a newly selected pane goes, what fills a gap) are tested without React.
 * Only panes on screen keep a live xterm; the rest are restored from the board's mirror when shown.
 */
import type { PaneId } from '../../../shared/domain/pane'

export type GridSize = 2 | 3 | 4
export const GRID_SIZES: readonly GridSize[] = [2, 3, 4]

export interface LayoutState {
  readonly mode: 'single' | 'grid'
  readonly size: GridSize
  /** The grid's cells, in reading order; null is an empty cell. Kept while in single mode. */
  readonly slots: readonly (PaneId | null)[]
  /** Share of the width for the left column (0.2–0.8). */
  readonly colSplit: number
  /** Share of the height for the top row (0.2–0.8). */
  readonly rowSplit: number
}

export const initialLayout: LayoutState = { mode: 'single', size: 2, slots: [], colSplit: 0.5, rowSplit: 0.5 }

export type LayoutAction =
  | { readonly type: 'mode'; readonly mode: LayoutState['mode']; readonly order: readonly PaneId[]; readonly selected: PaneId | null }
  | { readonly type: 'size'; readonly size: GridSize; readonly order: readonly PaneId[]; readonly selected: PaneId | null }
  /** The selection moved from `previous` to `selected`: in the grid, it replaces the previous pane if it is not shown. */
  | { readonly type: 'select'; readonly selected: PaneId; readonly previous: PaneId | null; readonly order?: readonly PaneId[] }
  /** The pane list changed: removed panes leave their cells, and empty cells take panes not shown. */
  | { readonly type: 'panes'; readonly order: readonly PaneId[]; readonly selected: PaneId | null }
  | { readonly type: 'split'; readonly colSplit?: number; readonly rowSplit?: number }

const clampSplit = (n: number) => Math.min(0.8, Math.max(0.2, n))

/**
 * The grid reads like the sidebar (issue 12: it showed 1, 2 / 4, 3): which panes are shown is
 * decided by the rules below, where each one sits by its place in the sidebar's order.
 */
function inSidebarOrder(cells: readonly (PaneId | null)[], order: readonly PaneId[]): (PaneId | null)[] {
  const rank = (id: PaneId) => {
    const i = order.indexOf(id)
    return i < 0 ? Number.MAX_SAFE_INTEGER : i
  }
  const shown = cells.filter((id): id is PaneId => id !== null).sort((a, b) => rank(a) - rank(b))
  return [...shown, ...cells.filter((id) => id === null)]
}

/** Cells sized to the grid, the selected pane in one of them, the rest filled from the pane order. */
function fill(slots: readonly (PaneId | null)[], size: number, order: readonly PaneId[], selected: PaneId | null): (PaneId | null)[] {
  const known = new Set(order)
  const cells: (PaneId | null)[] = Array.from({ length: size }, (_, i) => {
    const id = slots[i] ?? null
    return id !== null && known.has(id) ? id : null
  })
  // Each pane once.
  cells.forEach((id, i) => {
    if (id !== null && cells.indexOf(id) !== i) cells[i] = null
  })
  if (selected !== null && known.has(selected) && !cells.includes(selected)) {
    const empty = cells.indexOf(null)
    cells[empty >= 0 ? empty : size - 1] = selected
  }
  const spare = order.filter((id) => !cells.includes(id))
  return inSidebarOrder(
    cells.map((id) => id ?? spare.shift() ?? null),
    order,
  )
}

export function reduceLayout(state: LayoutState, action: LayoutAction): LayoutState {
  switch (action.type) {
    case 'mode':
      if (action.mode === 'single') return state.mode === 'single' ? state : { ...state, mode: 'single' }
      return { ...state, mode: 'grid', slots: fill(state.slots, state.size, action.order, action.selected) }
    case 'size':
      return { ...state, mode: 'grid', size: action.size, slots: fill(state.slots, action.size, action.order, action.selected) }
    case 'select': {
      if (state.mode !== 'grid' || state.slots.includes(action.selected)) return state
      const slots = [...state.slots]
      const at = action.previous !== null ? slots.indexOf(action.previous) : -1
      const empty = slots.indexOf(null)
      slots[at >= 0 ? at : empty >= 0 ? empty : 0] = action.selected
      return { ...state, slots: action.order ? inSidebarOrder(slots, action.order) : slots }
    }
    case 'panes': {
      const slots = fill(state.slots, state.size, action.order, state.mode === 'grid' ? action.selected : null)
      return slots.every((id, i) => id === state.slots[i]) && slots.length === state.slots.length ? state : { ...state, slots }
    }
    case 'split':
      return {
        ...state,
        colSplit: action.colSplit === undefined ? state.colSplit : clampSplit(action.colSplit),
        rowSplit: action.rowSplit === undefined ? state.rowSplit : clampSplit(action.rowSplit),
      }
  }
}

/** The panes whose terminals are on screen. */
export function visiblePanes(state: LayoutState, selected: PaneId | null): PaneId[] {
  if (state.mode === 'single') return selected === null ? [] : [selected]
  return state.slots.filter((id): id is PaneId => id !== null)
}
