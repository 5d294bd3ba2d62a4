import { create } from 'zustand'
import type { PaneId } from '../../../shared/domain/pane'

/** Web Notification permission as the page sees it; 'unsupported' where the API is missing. */
export type NotifyPermission = 'default' | 'granted' | 'denied' | 'unsupported'

/** What the notification controller knows and the UI shows: unseen finished turns, the permission. */
export interface AttentionStore {
  /** Panes whose turn finished while nobody looked, and since when. */
  readonly unseen: Readonly<Record<PaneId, number>>
  readonly permission: NotifyPermission
  setUnseen(unseen: Readonly<Record<PaneId, number>>): void
  setPermission(permission: NotifyPermission): void
}

export const useAttentionStore = create<AttentionStore>()((set) => ({
  unseen: {},
  permission: 'unsupported',
  setUnseen: (unseen) => set({ unseen }),
  setPermission: (permission) => set({ permission }),
}))
