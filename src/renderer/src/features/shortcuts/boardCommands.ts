/** What the keyboard shortcuts and a few buttons do, outside React (they read and act on the stores). */
import { nextNeedingYou } from '../../../../core/notify/needsYou'
import type { BoardApi } from '../../../../shared/ipc/contract'
import { useBoardStore } from '../../store/boardStore'
import { useLayoutStore } from '../../store/layoutStore'
import { useOverlayStore } from '../../store/overlayStore'
import { currentNeedsYou } from '../needsYou/needsYouItems'
import { requestClose } from '../panes/paneActions'
import { focusSelectedTerminal } from '../terminal/terminalRegistry'
import { useSidebarStore } from '../../store/sidebarStore'
import { useTerminalSearchStore } from '../terminal/terminalSearchStore'
import { paneForJumpKey } from '../sidebar/jumpKeys'

/** Selects a pane and puts the keyboard in its terminal once it is on screen. */
export function showPane(paneId: string): void {
  useBoardStore.getState().select(paneId)
  requestAnimationFrame(() => focusSelectedTerminal())
}

/**
 * A notification clicked: its pane, and where it waits for an answer (a dialog), the answer box's
 * first option takes the keyboard; otherwise the terminal does.
 */
export function openFromNotification(paneId: string): void {
  const pane = useBoardStore.getState().panes[paneId]
  if (!pane) return
  const state = pane.verdict.state
  if (state === 'blocked' || state === 'question') {
    useBoardStore.getState().select(paneId)
    useOverlayStore.getState().focusAnswer(paneId)
  } else showPane(paneId)
}

export function jumpToNextNeedingYou(): void {
  const next = nextNeedingYou(currentNeedsYou(), useBoardStore.getState().selectedId)
  if (next !== null) showPane(next)
}

export function selectByNumber(n: number): void {
  const id = useBoardStore.getState().order[n - 1]
  if (id !== undefined) showPane(id)
}

export function selectRelative(step: 1 | -1): void {
  const { order, selectedId } = useBoardStore.getState()
  if (order.length === 0) return
  const at = selectedId === null ? -1 : order.indexOf(selectedId)
  const id = order[(at + step + order.length) % order.length]
  if (id !== undefined) showPane(id)
}

export function toggleGrid(): void {
  const { order, selectedId } = useBoardStore.getState()
  const layout = useLayoutStore.getState()
  layout.dispatch({ type: 'mode', mode: layout.mode === 'grid' ? 'single' : 'grid', order, selected: selectedId })
}

export function closeSelected(api: BoardApi): void {
  const pane = useBoardStore.getState().panes[useBoardStore.getState().selectedId ?? '']
  if (pane) requestClose(api, pane)
}

export function newPane(): void {
  useOverlayStore.getState().setNewPane('shell')
}

export function focusAnswer(): void {
  useOverlayStore.getState().focusAnswer()
}

/** Alt+0: every pane shows its key (1 … 9, a … z) until the next keystroke, which takes one. */
export function startJump(): void {
  if (useBoardStore.getState().order.length > 0) useSidebarStore.getState().setJumping(true)
}

/**
 * The keystroke after Alt+0: a pane's key goes there; any other key (Esc included) ends the
 * mode and does nothing else. Returns whether the key was the mode's (so no program gets it).
 */
export function takeJumpKey(event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey'>): boolean {
  const sidebar = useSidebarStore.getState()
  if (!sidebar.jumping) return false
  if (/^(Alt|Control|Shift|Meta|OS)$/.test(event.key)) return true
  sidebar.setJumping(false)
  const id = event.ctrlKey || event.metaKey ? null : paneForJumpKey(useBoardStore.getState().order, event.key)
  if (id !== null) showPane(id)
  return true
}

export function focusPaneSearch(): void {
  useSidebarStore.getState().focusSearch()
}

export function toggleSidebar(): void {
  const sidebar = useSidebarStore.getState()
  sidebar.setCollapsed(!sidebar.collapsed)
}

/** Alt+H: find in the selected pane's scrollback (again: closes it). */
export function toggleScrollbackSearch(): void {
  const selected = useBoardStore.getState().selectedId
  const search = useTerminalSearchStore.getState()
  search.open(search.openFor === selected ? null : selected)
}
