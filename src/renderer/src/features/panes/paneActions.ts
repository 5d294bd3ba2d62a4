import type { PaneInfo } from '../../../../shared/domain/pane'
import type { BoardApi, CreatePaneRequest } from '../../../../shared/ipc/contract'
import { useBoardStore } from '../../store/boardStore'
import { useOverlayStore } from '../../store/overlayStore'
import { cleanTitle } from '../../lib/format'

/** The close button's action: a running pane is killed (it stays listed, exited); an exited one is removed. */
export async function closePane(api: BoardApi, pane: PaneInfo): Promise<void> {
  // Forgetting a pane with its own worktree asks first: keep the worktree or remove it. An
  // interrupted pane (restored, nothing running) is closed like an exited one.
  if ((pane.exit || pane.interrupted) && pane.worktree) useOverlayStore.getState().open({ kind: 'close-worktree', paneId: pane.id })
  else if (pane.exit || pane.interrupted) await api.invoke('pane:remove', pane.id)
  else await api.invoke('pane:kill', pane.id)
}

/**
 * Close from the sidebar or the keyboard: an exited pane is removed at once; a running one is
 * killed only after the user confirms (a stray Alt+W must not end an agent's work).
 */
export function requestClose(api: BoardApi, pane: PaneInfo): void {
  if (pane.exit || pane.interrupted) void closePane(api, pane).catch(() => undefined)
  else useOverlayStore.getState().open({ kind: 'close', paneId: pane.id })
}

export function closeLabel(pane: PaneInfo): string {
  return pane.exit || pane.interrupted ? `Remove pane ${pane.id} (${cleanTitle(pane.title)})` : `Kill pane ${pane.id} (${cleanTitle(pane.title)})`
}

/** Creates a pane at the size the terminal area shows, and selects it. Throws the board's error. */
export async function createPane(api: BoardApi, request: Omit<CreatePaneRequest, 'cols' | 'rows'>): Promise<PaneInfo> {
  const { viewSize } = useBoardStore.getState()
  const info = await api.invoke('pane:create', { ...request, ...(viewSize ?? {}) })
  const store = useBoardStore.getState()
  store.dispatch({ type: 'changed', info })
  store.select(info.id)
  return info
}
