import { create } from 'zustand'
import type { PaneId } from '../../../../shared/domain/pane'

/** Keystrokes the type-ahead guard holds, per pane, with why; shown over the pane's terminal. */
export interface HeldKeysStore {
  readonly held: Readonly<Record<PaneId, { readonly keys: string; readonly reason: string }>>
  set(paneId: PaneId, keys: string, reason: string): void
}

export const useHeldKeysStore = create<HeldKeysStore>()((set) => ({
  held: {},
  set: (paneId, keys, reason) =>
    set((s) => {
      const held = { ...s.held }
      if (keys) held[paneId] = { keys, reason }
      else delete held[paneId]
      return { held }
    }),
}))
