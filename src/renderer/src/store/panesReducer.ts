/**
 * The pane list as the renderer knows it, and the pure transitions the board's events cause.
 * Components never call these; the store's actions do (and the tests).
 */
import type { PaneId, PaneInfo, StateChange } from '../../../shared/domain/pane'

export interface PanesState {
  readonly panes: Readonly<Record<PaneId, PaneInfo>>
  /** Display order: the board's (main keeps it; creation order until a pane is dragged). */
  readonly order: readonly PaneId[]
  readonly selectedId: PaneId | null
}

export const emptyPanes: PanesState = { panes: {}, order: [], selectedId: null }

export type PanesAction =
  | { readonly type: 'loaded'; readonly list: readonly PaneInfo[] }
  | { readonly type: 'changed'; readonly info: PaneInfo }
  | { readonly type: 'removed'; readonly paneId: PaneId }
  | { readonly type: 'state'; readonly change: StateChange }
  | { readonly type: 'select'; readonly paneId: PaneId | null }
  | { readonly type: 'order'; readonly order: readonly PaneId[] }

/** After a removal, select the neighbour below (or above) the removed pane. */
function neighbour(order: readonly PaneId[], removed: PaneId): PaneId | null {
  const i = order.indexOf(removed)
  const rest = order.filter((id) => id !== removed)
  if (rest.length === 0) return null
  return rest[Math.min(Math.max(i, 0), rest.length - 1)] ?? null
}

export function reducePanes(state: PanesState, action: PanesAction): PanesState {
  switch (action.type) {
    case 'loaded': {
      const panes: Record<PaneId, PaneInfo> = {}
      for (const info of action.list) panes[info.id] = info
      // The list comes in the board's order.
      const order = action.list.map((p) => p.id).filter((id, i, all) => all.indexOf(id) === i)
      const selectedId = state.selectedId !== null && panes[state.selectedId] ? state.selectedId : (order[0] ?? null)
      return { panes, order, selectedId }
    }
    case 'changed': {
      const known = action.info.id in state.panes
      return {
        panes: { ...state.panes, [action.info.id]: action.info },
        // A new pane goes last, as the board puts it.
        order: known ? state.order : [...state.order, action.info.id],
        selectedId: state.selectedId ?? action.info.id,
      }
    }
    case 'removed': {
      if (!(action.paneId in state.panes)) return state
      const panes = { ...state.panes }
      delete panes[action.paneId]
      return {
        panes,
        order: state.order.filter((id) => id !== action.paneId),
        selectedId: state.selectedId === action.paneId ? neighbour(state.order, action.paneId) : state.selectedId,
      }
    }
    case 'state': {
      // The change carries the pane's whole info after it (its dialog too): one event, nothing to wait for.
      const pane = state.panes[action.change.paneId]
      if (!pane) return state
      return { ...state, panes: { ...state.panes, [pane.id]: action.change.info } }
    }
    case 'select':
      if (action.paneId !== null && !(action.paneId in state.panes)) return state
      return state.selectedId === action.paneId ? state : { ...state, selectedId: action.paneId }
    case 'order': {
      const named = action.order.filter((id) => id in state.panes)
      const order = [...named, ...state.order.filter((id) => !named.includes(id))]
      return order.every((id, i) => id === state.order[i]) ? state : { ...state, order }
    }
  }
}
