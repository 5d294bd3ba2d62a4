import type { BoardApi, SavedLayout } from '../../../../shared/ipc/contract'
import { useBoardStore } from '../../store/boardStore'
import { useLayoutStore } from '../../store/layoutStore'

/** Layout changes are saved this long after the last one (a dragged splitter sends many). */
const SAVE_DELAY_MS = 500

/**
 * The layout and selection live in the renderer; main keeps them with the workspace. On start
 * this puts back the saved ones (the selection once its pane is listed), then saves each change,
 * debounced. Returns a disposer.
 */
export function persistLayout(api: BoardApi): () => void {
  let restored = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const current = (): SavedLayout => {
    const l = useLayoutStore.getState()
    return { mode: l.mode, size: l.size, slots: l.slots.slice(0, 4), colSplit: l.colSplit, rowSplit: l.rowSplit, selected: useBoardStore.getState().selectedId }
  }
  const save = () => {
    if (!restored) return
    clearTimeout(timer)
    timer = setTimeout(() => void api.invoke('workspace:save-layout', current()).catch(() => undefined), SAVE_DELAY_MS)
  }
  const disposers: (() => void)[] = [
    useLayoutStore.subscribe(save),
    useBoardStore.subscribe((s, prev) => {
      if (s.selectedId !== prev.selectedId) save()
    }),
  ]
  api.invoke('workspace:layout').then(
    (saved) => {
      if (saved) {
        useLayoutStore.setState({ mode: saved.mode, size: saved.size, slots: saved.slots, colSplit: saved.colSplit, rowSplit: saved.rowSplit })
        // The saved cells, checked against the panes listed now and put in the board's order.
        const board = useBoardStore.getState()
        useLayoutStore.getState().dispatch({ type: 'panes', order: board.order, selected: board.selectedId })
        if (saved.selected !== null) selectWhenListed(saved.selected, disposers)
      }
      restored = true
    },
    () => (restored = true),
  )
  return () => {
    clearTimeout(timer)
    disposers.forEach((d) => d())
  }
}

function selectWhenListed(id: string, disposers: (() => void)[]): void {
  const board = useBoardStore.getState()
  if (board.panes[id]) return board.select(id)
  const stop = useBoardStore.subscribe((s) => {
    if (!s.panes[id]) return
    stop()
    s.select(id)
  })
  disposers.push(stop)
}
