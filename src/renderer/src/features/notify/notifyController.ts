/**
 * This page's part in the board's notifications, which the daemon decides for every client
 * (src/board/notify): it reports what it shows and whether it may notify (`client:view`), shows
 * the notifications the daemon sends it (`notify:show`: to one client only), and keeps the shared
 * snapshot (unseen turns, pending alerts, modes) and its own "While you were away" summary.
 */
import type { ClientView, NotificationIntent } from '../../../../shared/domain/attention'
import type { PaneId } from '../../../../shared/domain/pane'
import type { BoardApi } from '../../../../shared/ipc/contract'
import { useAttentionStore } from '../../store/attentionStore'
import { useBoardStore } from '../../store/boardStore'
import { currentVisiblePanes, useLayoutStore } from '../../store/layoutStore'
import { useOverlayStore } from '../../store/overlayStore'
import { useSettingsStore } from '../../store/settingsStore'
import { notificationText, programAlertText } from './notificationText'
import { playTone } from './tones'
import type { Notifier } from './webNotifier'

function currentView(permission: string): ClientView {
  const focused = document.visibilityState === 'visible' && document.hasFocus()
  // A modal over the board (settings) hides the terminals behind it.
  const covered = useOverlayStore.getState().overlay?.kind === 'settings'
  return { focused, visible: covered ? [] : currentVisiblePanes(), canNotify: permission === 'granted' }
}

/** What a notification says and where it goes when clicked; null for a pane this page does not know. */
export function notificationFor(intent: NotificationIntent): { title: string; body: string; tag: string; silent: boolean } | null {
  const pane = useBoardStore.getState().panes[intent.paneId]
  if (!pane) return null
  const { title, body } = intent.alert ? programAlertText(pane, intent.alert) : notificationText(pane, intent.kind)
  const tag = intent.alert ? `switchboard-alert-${intent.paneId}` : `switchboard-pane-${intent.paneId}`
  return { title, body, tag, silent: intent.level === 'quiet' }
}

export function startNotifications(api: BoardApi, notifier: Notifier, onOpenPane: (paneId: PaneId) => void): () => void {
  const attention = useAttentionStore.getState()
  const shown = new Set<number>()
  const show = (intent: NotificationIntent) => {
    // The daemon sends each once; a repeat (a replayed event) is not a second notification.
    if (shown.has(intent.id)) return
    shown.add(intent.id)
    const note = notificationFor(intent)
    if (!note) return
    notifier.show({ ...note, onClick: () => onOpenPane(intent.paneId) })
    if (useSettingsStore.getState().settings.notifications.sounds[intent.kind]) playTone(intent.kind)
  }

  let last = ''
  const report = () => {
    const view = currentView(useAttentionStore.getState().permission)
    const key = JSON.stringify(view)
    if (key === last) return
    last = key
    api.send('client:view', { ...view, visible: [...view.visible] })
  }
  const refreshPermission = () => attention.setPermission(notifier.permission())

  const unsubscribe = [
    api.on('attention:changed', (snapshot) => useAttentionStore.getState().setSnapshot(snapshot)),
    api.on('notify:show', show),
    api.on('notify:away', (summary) => useAttentionStore.getState().setAway(summary)),
    useBoardStore.subscribe(report),
    useLayoutStore.subscribe(report),
    useOverlayStore.subscribe(report),
    // The permission granted from a click: this page may now be the one that notifies.
    useAttentionStore.subscribe((s, prev) => s.permission !== prev.permission && report()),
  ]
  api.invoke('attention:get').then(
    (snapshot) => useAttentionStore.getState().setSnapshot(snapshot),
    // Swallow: a failed call means the connection is gone, and the banner says so.
    () => undefined,
  )
  refreshPermission()
  report()
  const onFocus = () => {
    refreshPermission()
    report()
  }
  window.addEventListener('focus', onFocus)
  window.addEventListener('blur', report)
  document.addEventListener('visibilitychange', report)
  return () => {
    unsubscribe.forEach((u) => u())
    window.removeEventListener('focus', onFocus)
    window.removeEventListener('blur', report)
    document.removeEventListener('visibilitychange', report)
  }
}
