/**
 * The window's one store: the pane list (no terminal bytes, ever: those go straight from the
 * connection to the pane's xterm), the selection, and the connection status. Transient UI state
 * (an open form, a pending click) stays in component state.
 */
import { create } from 'zustand'
import type { PaneId, PaneInfo } from '../../../shared/domain/pane'
import type { BoardInfo } from '../../../shared/ipc/contract'
import type { ConnectionStatus } from '../ipc/api'
import { emptyPanes, reducePanes, type PanesAction, type PanesState } from './panesReducer'

export interface BoardStore extends PanesState {
  readonly connection: ConnectionStatus
  readonly board: BoardInfo | null
  /** True once the first pane list arrived (before that, "no panes" would be a lie). */
  readonly loaded: boolean
  /** The size the terminal area fits, so new panes start at the size they will be shown at. */
  readonly viewSize: { readonly cols: number; readonly rows: number } | null
  dispatch(action: PanesAction): void
  select(paneId: PaneId | null): void
  setConnection(status: ConnectionStatus): void
  setBoard(info: BoardInfo): void
  setLoaded(): void
  setViewSize(cols: number, rows: number): void
}

export const useBoardStore = create<BoardStore>()((set) => ({
  ...emptyPanes,
  connection: { kind: 'connecting' },
  board: null,
  loaded: false,
  viewSize: null,
  dispatch: (action) => set((s) => reducePanes(s, action)),
  select: (paneId) => set((s) => reducePanes(s, { type: 'select', paneId })),
  setConnection: (connection) => set({ connection }),
  setBoard: (board) => set({ board }),
  setLoaded: () => set({ loaded: true }),
  setViewSize: (cols, rows) => set((s) => (s.viewSize?.cols === cols && s.viewSize.rows === rows ? s : { viewSize: { cols, rows } })),
}))

export const paneSelectors = {
  ordered: (s: BoardStore): PaneInfo[] => s.order.map((id) => s.panes[id]).filter((p): p is PaneInfo => p !== undefined),
  selected: (s: BoardStore): PaneInfo | null => (s.selectedId !== null ? (s.panes[s.selectedId] ?? null) : null),
  byId:
    (id: PaneId) =>
    (s: BoardStore): PaneInfo | undefined =>
      s.panes[id],
}
