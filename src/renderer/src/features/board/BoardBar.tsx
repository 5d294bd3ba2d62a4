import { Icon } from '../../components/Icon'
import { useBoardStore } from '../../store/boardStore'
import { useLayoutStore } from '../../store/layoutStore'
import { GRID_SIZES } from '../../store/layoutReducer'
import { useNeedsYou } from '../needsYou/needsYouItems'
import { jumpToNextNeedingYou } from '../shortcuts/boardCommands'
import { useSidebarStore } from '../../store/sidebarStore'

/** Above the panes: how many are shown (one, or a grid of 2–4), and the jump to the next waiting pane. */
export function BoardBar() {
  const mode = useLayoutStore((s) => s.mode)
  const size = useLayoutStore((s) => s.size)
  const dispatch = useLayoutStore((s) => s.dispatch)
  const order = useBoardStore((s) => s.order)
  const selectedId = useBoardStore((s) => s.selectedId)
  const waiting = useNeedsYou().length
  const jumping = useSidebarStore((s) => s.jumping)
  const choices = [
    { key: 'single', label: 'One pane', icon: 'single' as const },
    ...GRID_SIZES.map((n) => ({ key: String(n), label: `${n} side by side`, icon: 'grid' as const })),
  ]
  const current = mode === 'single' ? 'single' : String(size)
  return (
    <div className="board-bar" data-testid="board-bar">
      <div className="segmented segmented--bar" role="radiogroup" aria-label="Layout (Alt+G switches)">
        {choices.map((c) => (
          <label key={c.key} className={`segmented__option${current === c.key ? ' is-active' : ''}`} title={c.label}>
            <input
              type="radio"
              name="layout"
              value={c.key}
              checked={current === c.key}
              data-testid={`layout-${c.key}`}
              onChange={() =>
                c.key === 'single'
                  ? dispatch({ type: 'mode', mode: 'single', order, selected: selectedId })
                  : dispatch({ type: 'size', size: Number(c.key) as 2 | 3 | 4, order, selected: selectedId })
              }
            />
            <Icon name={c.icon} size={13} />
            <span>{c.key === 'single' ? 'Single' : c.key}</span>
          </label>
        ))}
      </div>
      <span className="board-bar__spacer" />
      {jumping && (
        <span className="board-bar__jumping" role="status" data-testid="jumping">
          Go to pane: press its key · Esc cancels
        </span>
      )}
      <button
        type="button"
        className={`button button--small${waiting ? ' button--attention' : ' button--ghost'}`}
        disabled={waiting === 0}
        onClick={jumpToNextNeedingYou}
        aria-keyshortcuts="Alt+J"
        title="Go to the next pane that needs you (Alt+J)"
        data-testid="jump-next"
      >
        <Icon name="jump" size={14} />
        {waiting ? `${waiting} need${waiting === 1 ? 's' : ''} you` : 'Nothing waits'}
        <kbd>Alt J</kbd>
      </button>
    </div>
  )
}
