/**
 * Desktop notifications through the Web Notifications API: a browser's own in browser mode, and
 * native ones in Electron (which implements the same API in the renderer; its permission
 * handler grants `notifications`). The only file that touches `Notification`.
 */
import type { NotifyPermission } from '../../store/attentionStore'

export interface ShownNotification {
  readonly title: string
  readonly body: string
  /** One notification per tag: a newer one for the same pane replaces the older. */
  readonly tag: string
  /** Quiet: shown without sound. */
  readonly silent: boolean
  readonly onClick: () => void
}

export interface Notifier {
  permission(): NotifyPermission
  /** Asks the user (must run in a click handler: browsers ignore requests without a gesture). */
  request(): Promise<NotifyPermission>
  show(notification: ShownNotification): void
}

const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect x='1' y='1' width='14' height='14' rx='4' fill='%233b82f6'/%3E%3C/svg%3E"

function api(): typeof Notification | null {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification : null
}

export const webNotifier: Notifier = {
  permission: () => api()?.permission ?? 'unsupported',
  request: async () => {
    const N = api()
    if (!N) return 'unsupported'
    return await N.requestPermission()
  },
  show: ({ title, body, tag, silent, onClick }) => {
    const N = api()
    if (!N || N.permission !== 'granted') return
    const note = new N(title, { body, tag, silent, icon: ICON })
    note.onclick = () => {
      window.focus()
      onClick()
      note.close()
    }
  },
}
