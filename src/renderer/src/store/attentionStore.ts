import { create } from 'zustand'
import type { PendingAlert } from '../../../core/notify/notifyPolicy'
import type { PaneId } from '../../../shared/domain/pane'

/** Web Notification permission as the page sees it; 'unsupported' where the API is missing. */
export type NotifyPermission = 'default' | 'granted' | 'denied' | 'unsupported'

/** What the notification controller knows and the UI shows: unseen finished turns, the permission. */
export interface AttentionStore {
  /** Panes whose turn finished while nobody looked, and since when. */
  readonly unseen: Readonly<Record<PaneId, number>>
  readonly permission: NotifyPermission
  /** Programs' own notifications nobody has looked at yet (OSC 9/777/99, the bell). */
  readonly alerts: Readonly<Record<PaneId, PendingAlert>>
  setUnseen(unseen: Readonly<Record<PaneId, number>>): void
  setAlerts(alerts: Readonly<Record<PaneId, PendingAlert>>): void
  setPermission(permission: NotifyPermission): void
}

export const useAttentionStore = create<AttentionStore>()((set) => ({
  unseen: {},
  permission: 'unsupported',
  alerts: {},
  setUnseen: (unseen) => set({ unseen }),
  setAlerts: (alerts) => set({ alerts }),
  setPermission: (permission) => set({ permission }),
}))
