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
  /**
   * A request for the answer box to take the focus (Alt+A, a notification click): for one pane's
   * box (null: whichever shows), made at `at`; a box that mounts later still honours a fresh one.
   */
  readonly answerFocus: AnswerFocusRequest
  open(overlay: Overlay): void
  close(): void
  setNewPane(kind: PaneKind | null): void
  focusAnswer(paneId?: PaneId | null): void
}

export interface AnswerFocusRequest {
  readonly seq: number
  readonly paneId: PaneId | null
  readonly at: number
}

export const useOverlayStore = create<OverlayStore>()((set) => ({
  overlay: null,
  newPane: null,
  answerFocus: { seq: 0, paneId: null, at: 0 },
  open: (overlay) => set({ overlay }),
  close: () => set({ overlay: null }),
  setNewPane: (newPane) => set({ newPane }),
  focusAnswer: (paneId = null) => set((s) => ({ answerFocus: { seq: s.answerFocus.seq + 1, paneId, at: Date.now() } })),
}))
