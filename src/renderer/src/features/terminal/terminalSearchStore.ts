import { create } from 'zustand'
import type { PaneId } from '../../../../shared/domain/pane'

/** Which pane's scrollback search is open (Alt+H), if any. */
export const useTerminalSearchStore = create<{ readonly openFor: PaneId | null; open(paneId: PaneId | null): void }>()((set) => ({
  openFor: null,
  open: (openFor) => set({ openFor }),
}))
