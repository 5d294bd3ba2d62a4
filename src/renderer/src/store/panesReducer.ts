/**
 * The pane list as the renderer knows it, and the pure transitions the board's events cause.
 * Components never call these; the store's actions do (and the tests).
 */
import type { PaneId, PaneInfo, StateChange } from '../../../shared/domain/pane'

export interface PanesState {
  readonly panes: Readonly<Record<PaneId, PaneInfo>>
  /** Display order: creation order (pane ids are increasing numbers). */
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

const byId = (a: PaneId, b: PaneId) => Number(a) - Number(b) || a.localeCompare(b)

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
      const order = Object.keys(panes).sort(byId)
      const selectedId = state.selectedId !== null && panes[state.selectedId] ? state.selectedId : (order[0] ?? null)
      return { panes, order, selectedId }
    }
    case 'changed': {
      const known = action.info.id in state.panes
      return {
        panes: { ...state.panes, [action.info.id]: action.info },
        order: known ? state.order : [...state.order, action.info.id].sort(byId),
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
      const pane = state.panes[action.change.paneId]
      if (!pane || pane.verdict === action.change.verdict) return state
      return { ...state, panes: { ...state.panes, [pane.id]: { ...pane, verdict: action.change.verdict } } }
    }
    case 'select':
      if (action.paneId !== null && !(action.paneId in state.panes)) return state
      return state.selectedId === action.paneId ? state : { ...state, selectedId: action.paneId }
  }
}
