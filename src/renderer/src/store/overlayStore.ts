import { create } from 'zustand'
import type { PaneId } from '../../../shared/domain/pane'
import type { PaneKind } from '../features/newPane/launchRequest'

/** The one modal surface open over the board, if any. */
export type Overlay =
  | { readonly kind: 'settings'; readonly section?: 'agents' | 'presets' }
  | { readonly kind: 'shortcuts' }
  | { readonly kind: 'close'; readonly paneId: PaneId }
  | { readonly kind: 'changes'; readonly paneId: PaneId }
  | { readonly kind: 'close-worktree'; readonly paneId: PaneId }
  | null

export interface OverlayStore {
  readonly overlay: Overlay
  /** The new-pane form in the sidebar is open, and for what. */
  readonly newPane: PaneKind | null
  /** Bumped to ask the answer box to take the focus (Alt+A, a notification click). */
  readonly answerFocus: number
  open(overlay: Overlay): void
  close(): void
  setNewPane(kind: PaneKind | null): void
  focusAnswer(): void
}

export const useOverlayStore = create<OverlayStore>()((set) => ({
  overlay: null,
  newPane: null,
  answerFocus: 0,
  open: (overlay) => set({ overlay }),
  close: () => set({ overlay: null }),
  setNewPane: (newPane) => set({ newPane }),
  focusAnswer: () => set((s) => ({ answerFocus: s.answerFocus + 1 })),
}))
