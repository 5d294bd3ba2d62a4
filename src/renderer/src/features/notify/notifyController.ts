/**
 * Runs the notification policy (core/notify) in the window, on the wall clock: pane states from
 * the board store, what the user looks at from the layout, focus and visibility, preferences
 * from the settings. The window is where "the app is focused and that pane is visible" is known.
 */
import { initialNotifyState, nextDue, reduceNotify, unseenFinished, type NotifyEvent, type NotifyIntent, type NotifyPrefs, type NotifyState, type ViewContext } from '../../../../core/notify/notifyPolicy'
import type { PaneAlert, PaneId, PaneState } from '../../../../shared/domain/pane'
import type { Settings } from '../../../../shared/domain/settings'
import { useAttentionStore } from '../../store/attentionStore'
import { useBoardStore } from '../../store/boardStore'
import { currentVisiblePanes, useLayoutStore } from '../../store/layoutStore'
import { useOverlayStore } from '../../store/overlayStore'
import { useSettingsStore } from '../../store/settingsStore'
import { notificationText, programAlertText } from './notificationText'
import { playTone } from './tones'
import type { Notifier } from './webNotifier'

export function prefsFrom(settings: Settings): NotifyPrefs {
  const { blocked, question, input, asked, finished, alert, graceSeconds } = settings.notifications
  return { levels: { blocked, question, input, asked, finished, alert }, graceMs: graceSeconds * 1000 }
}

function currentView(): ViewContext {
  const focused = document.visibilityState === 'visible' && document.hasFocus()
  // A modal over the board (settings) hides the terminals behind it.
  const covered = useOverlayStore.getState().overlay?.kind === 'settings'
  return { focused, visible: covered ? [] : currentVisiblePanes() }
}

export function startNotifications(notifier: Notifier, onOpenPane: (paneId: PaneId) => void, onAlert?: (listener: (alert: PaneAlert) => void) => () => void): () => void {
  let state: NotifyState = initialNotifyState
  let fed: Record<PaneId, PaneState> = {}
  let timer: ReturnType<typeof setTimeout> | null = null

  // The state event carried the pane's info after the change (pane:state), so its dialog is in the store already.
  const show = (intent: NotifyIntent) => {
    const pane = useBoardStore.getState().panes[intent.paneId]
    if (!pane) return
    const { title, body } = intent.alert ? programAlertText(pane, intent.alert) : notificationText(pane, intent.kind)
    const tag = intent.alert ? `switchboard-alert-${intent.paneId}` : `switchboard-pane-${intent.paneId}`
    notifier.show({ title, body, tag, silent: intent.level === 'quiet', onClick: () => onOpenPane(intent.paneId) })
    if (useSettingsStore.getState().settings.notifications.sounds[intent.kind]) playTone(intent.kind)
  }

  const apply = (event: NotifyEvent) => {
    const result = reduceNotify(state, event, prefsFrom(useSettingsStore.getState().settings))
    const unseenBefore = unseenFinished(state)
    state = result.state
    result.raise.forEach(show)
    const unseen = unseenFinished(state)
    if (JSON.stringify(unseen) !== JSON.stringify(unseenBefore)) useAttentionStore.getState().setUnseen(unseen)
    // Only settled alerts are entries: one that came with a dialog is dropped before it shows.
    const settled = Object.fromEntries(Object.entries(state.alerts).filter(([, a]) => a.dueAt === undefined))
    if (JSON.stringify(settled) !== JSON.stringify(useAttentionStore.getState().alerts)) useAttentionStore.getState().setAlerts(settled)
    schedule()
  }

  const schedule = () => {
    if (timer) clearTimeout(timer)
    timer = null
    const due = nextDue(state)
    if (due !== null) timer = setTimeout(() => apply({ type: 'tick', at: Date.now() }), Math.max(0, due - Date.now()))
  }

  const syncPanes = () => {
    const { panes } = useBoardStore.getState()
    const next: Record<PaneId, PaneState> = {}
    for (const [id, pane] of Object.entries(panes)) {
      next[id] = pane.verdict.state
      if (fed[id] !== pane.verdict.state) apply({ type: 'state', paneId: id, state: pane.verdict.state, at: Date.now() })
    }
    for (const id of Object.keys(fed)) if (!(id in next)) apply({ type: 'removed', paneId: id })
    fed = next
  }

  let lastView = ''
  const syncView = () => {
    const view = currentView()
    const key = JSON.stringify(view)
    if (key === lastView) return
    lastView = key
    apply({ type: 'view', view, at: Date.now() })
  }

  const refreshPermission = () => useAttentionStore.getState().setPermission(notifier.permission())
  refreshPermission()
  syncView()
  syncPanes()
  const unsubscribe = [
    // The view first: a pane selected in the same update counts as looked at before its state is judged.
    useBoardStore.subscribe(() => {
      syncView()
      syncPanes()
    }),
    useLayoutStore.subscribe(syncView),
    useOverlayStore.subscribe(syncView),
    // The view first here too: an alert from the pane the user looks at raises nothing.
    onAlert?.((alert) => {
      syncView()
      apply({ type: 'alert', paneId: alert.paneId, alert: { at: Date.now(), source: alert.source, title: alert.title, body: alert.body } })
    }) ?? (() => undefined),
  ]
  const onFocus = () => {
    syncView()
    refreshPermission()
  }
  window.addEventListener('focus', onFocus)
  window.addEventListener('blur', syncView)
  document.addEventListener('visibilitychange', syncView)
  return () => {
    unsubscribe.forEach((u) => u())
    window.removeEventListener('focus', onFocus)
    window.removeEventListener('blur', syncView)
    document.removeEventListener('visibilitychange', syncView)
    if (timer) clearTimeout(timer)
  }
}
