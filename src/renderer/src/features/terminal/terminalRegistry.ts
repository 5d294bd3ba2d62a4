/**
 * The live xterms of the panes on screen, by pane. Only for the e2e test hook: the hook names the
 * selected pane's terminal (see env.d.ts), also in a grid where several are live.
 */
import type { Terminal } from '@xterm/xterm'
import type { PaneId } from '../../../../shared/domain/pane'
import { useBoardStore } from '../../store/boardStore'

const terminals = new Map<PaneId, Terminal>()

function updateHook(): void {
  const selected = useBoardStore.getState().selectedId
  window.__switchboardTerminal = selected !== null ? terminals.get(selected) : undefined
}

export function registerTerminal(paneId: PaneId, term: Terminal): () => void {
  terminals.set(paneId, term)
  updateHook()
  return () => {
    if (terminals.get(paneId) === term) terminals.delete(paneId)
    updateHook()
  }
}

/** Focuses the selected pane's terminal, if it is on screen. */
export function focusSelectedTerminal(): boolean {
  const selected = useBoardStore.getState().selectedId
  const term = selected !== null ? terminals.get(selected) : undefined
  term?.focus()
  return term !== undefined
}

let watching = false
/** Keeps the hook on the selected pane as the selection moves. */
export function watchSelectionForHook(): void {
  if (watching) return
  watching = true
  let selected = useBoardStore.getState().selectedId
  useBoardStore.subscribe((s) => {
    if (s.selectedId === selected) return
    selected = s.selectedId
    updateHook()
  })
}
