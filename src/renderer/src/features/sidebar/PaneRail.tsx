import { useShallow } from 'zustand/react/shallow'
import { Icon } from '../../components/Icon'
import { StateIcon } from '../../components/StateIcon'
import { INTERRUPTED_LOOK, STATE_LOOK } from '../../components/paneStates'
import { cleanTitle } from '../../lib/format'
import { paneSelectors, useBoardStore } from '../../store/boardStore'
import { useOverlayStore } from '../../store/overlayStore'
import { useSidebarStore } from '../../store/sidebarStore'
import { useNeedsYou } from '../needsYou/needsYouItems'
import { showPane } from '../shortcuts/boardCommands'
import { jumpKey } from './jumpKeys'

/**
 * The sidebar folded to a rail (a small window, or by choice: Alt+\): each pane as its id (the
 * one number everywhere) and its state's icon and colour, the count of panes that need you, and
 * the way back.
 */
export function PaneRail() {
  const panes = useBoardStore(useShallow(paneSelectors.ordered))
  const selectedId = useBoardStore((s) => s.selectedId)
  const jumping = useSidebarStore((s) => s.jumping)
  const setCollapsed = useSidebarStore((s) => s.setCollapsed)
  const setNewPane = useOverlayStore((s) => s.setNewPane)
  const open = useOverlayStore((s) => s.open)
  const waiting = useNeedsYou().length
  return (
    <nav className="sidebar sidebar--rail" aria-label="Panes" data-testid="sidebar-rail">
      <button
        type="button"
        className="icon-button rail__button"
        data-testid="sidebar-expand"
        aria-label="Show the sidebar (Alt+\)"
        title="Show the sidebar (Alt+\)"
        aria-expanded={false}
        onClick={() => setCollapsed(false)}
      >
        <Icon name="sidebar" size={16} />
      </button>
      <button
        type="button"
        className="icon-button rail__button rail__new"
        aria-label="New pane (Alt+N)"
        title="New pane (Alt+N)"
        onClick={() => {
          setCollapsed(false)
          setNewPane('shell')
        }}
      >
        <Icon name="plus" size={16} />
      </button>
      {waiting > 0 && (
        <span className="rail__waiting" data-testid="rail-waiting" title={`${waiting} need${waiting === 1 ? 's' : ''} you (Alt+J)`}>
          {waiting}
        </span>
      )}
      <ul className="rail__panes">
        {panes.map((pane, i) => {
          const look = pane.interrupted ? INTERRUPTED_LOOK : STATE_LOOK[pane.verdict.state]
          const key = jumping ? jumpKey(i) : null
          return (
            <li key={pane.id}>
              <button
                type="button"
                className={`rail__pane tone-${look.tone}${pane.id === selectedId ? ' is-selected' : ''}`}
                data-testid="rail-pane"
                data-pane-id={pane.id}
                data-state={pane.verdict.state}
                aria-current={pane.id === selectedId ? 'true' : undefined}
                aria-label={`Pane ${pane.id}: ${cleanTitle(pane.title)}, ${look.label}${key ? `, key ${key}` : ''}`}
                title={`#${pane.id} · ${cleanTitle(pane.title)} · ${look.label}${i < 9 ? ` · Alt+${i + 1}` : ''}`}
                onClick={() => showPane(pane.id)}
              >
                {key ? (
                  <kbd className="jump-hint" data-testid="jump-hint">
                    {key}
                  </kbd>
                ) : (
                  <span className="rail__num">#{pane.id}</span>
                )}
                <StateIcon state={pane.verdict.state} />
              </button>
            </li>
          )
        })}
      </ul>
      <footer className="rail__footer">
        <button
          type="button"
          className="icon-button"
          aria-label="Keyboard shortcuts (Alt+/)"
          title="Keyboard shortcuts (Alt+/)"
          onClick={() => open({ kind: 'shortcuts' })}
        >
          <Icon name="keyboard" size={16} />
        </button>
        <button type="button" className="icon-button" aria-label="Settings (Alt+,)" title="Settings (Alt+,)" onClick={() => open({ kind: 'settings' })}>
          <Icon name="settings" size={16} />
        </button>
      </footer>
    </nav>
  )
}
