import { create } from 'zustand'
import type { AttentionSnapshot, AwaySummary, NotifyMode, PendingAlert } from '../../../shared/domain/attention'
import type { PaneId } from '../../../shared/domain/pane'

/** Web Notification permission as the page sees it; 'unsupported' where the API is missing. */
export type NotifyPermission = 'default' | 'granted' | 'denied' | 'unsupported'

/**
 * What the board's notification policy (in the daemon) says every client shows alike, and what
 * only this page knows: its notification permission and a "While you were away" summary for it.
 */
export interface AttentionStore {
  /** Panes whose turn finished while nobody looked, and since when. */
  readonly unseen: Readonly<Record<PaneId, number>>
  /** Programs' own notifications nobody has looked at yet (OSC 9/777/99, the bell). */
  readonly alerts: Readonly<Record<PaneId, PendingAlert>>
  /** Each pane's notification mode in effect, and the panes with one of their own. */
  readonly modes: Readonly<Record<PaneId, NotifyMode>>
  readonly ownModes: Readonly<Record<PaneId, NotifyMode>>
  readonly permission: NotifyPermission
  readonly away: AwaySummary | null
  setSnapshot(snapshot: AttentionSnapshot): void
  setPermission(permission: NotifyPermission): void
  setAway(away: AwaySummary | null): void
}

export const useAttentionStore = create<AttentionStore>()((set) => ({
  unseen: {},
  alerts: {},
  modes: {},
  ownModes: {},
  permission: 'unsupported',
  away: null,
  setSnapshot: ({ unseen, alerts, modes, ownModes }) => set({ unseen, alerts, modes, ownModes }),
  setPermission: (permission) => set({ permission }),
  setAway: (away) => set({ away }),
}))
