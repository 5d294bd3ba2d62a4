import { Icon } from '../../components/Icon'
import { useBoardStore } from '../../store/boardStore'
import { useOverlayStore } from '../../store/overlayStore'
import { useSidebarStore } from '../../store/sidebarStore'
import { NewPaneForm } from '../newPane/NewPaneForm'
import { NeedsYouList } from '../needsYou/NeedsYouList'
import { AwaySummaryCard } from '../notify/AwaySummaryCard'
import { NotificationPrompt } from '../notify/NotificationPrompt'
import { PaneRail } from './PaneRail'
import { PaneSection } from './PaneSection'

/** The sidebar: what needs you, the panes (found, grouped), and a new pane; folded, a rail (PaneRail). */
export function Sidebar() {
  const board = useBoardStore((s) => s.board)
  const newPane = useOverlayStore((s) => s.newPane)
  const setNewPane = useOverlayStore((s) => s.setNewPane)
  const open = useOverlayStore((s) => s.open)
  const collapsed = useSidebarStore((s) => s.collapsed)
  const setCollapsed = useSidebarStore((s) => s.setCollapsed)
  if (collapsed && !newPane) return <PaneRail />

  return (
    <nav className="sidebar" aria-label="Panes" data-testid="sidebar">
      <header className="sidebar__header">
        <div className="brand">
          <span className="brand__mark" aria-hidden="true" />
          <span className="brand__name">Switchboard</span>
        </div>
        <button
          type="button"
          className="button button--primary button--small"
          data-testid="new-pane-button"
          aria-expanded={newPane !== null}
          aria-keyshortcuts="Alt+N"
          title="New pane (Alt+N)"
          onClick={() => setNewPane(newPane ? null : 'shell')}
        >
          <Icon name="plus" size={14} />
          New pane
        </button>
        <button
          type="button"
          className="icon-button"
          data-testid="sidebar-collapse"
          aria-label="Fold the sidebar (Alt+\)"
          title="Fold the sidebar (Alt+\)"
          aria-expanded
          onClick={() => setCollapsed(true)}
        >
          <Icon name="sidebar" size={16} />
        </button>
      </header>
      {newPane && <NewPaneForm key={newPane} initialKind={newPane} onDone={() => setNewPane(null)} />}
      <div className="sidebar__scroll">
        <NotificationPrompt />
        <AwaySummaryCard />
        <NeedsYouList />
        <PaneSection />
      </div>
      <footer className="sidebar__footer">
        <span className="sidebar__mode">{board ? `${board.mode === 'browser' ? 'Browser mode' : 'Desktop'} · v${board.version}` : 'Connecting…'}</span>
        <button
          type="button"
          className="icon-button"
          aria-label="Keyboard shortcuts (Alt+/)"
          title="Keyboard shortcuts (Alt+/)"
          data-testid="open-shortcuts"
          onClick={() => open({ kind: 'shortcuts' })}
        >
          <Icon name="keyboard" size={16} />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Settings (Alt+,)"
          title="Settings (Alt+,)"
          data-testid="open-settings"
          onClick={() => open({ kind: 'settings' })}
        >
          <Icon name="settings" size={16} />
        </button>
      </footer>
    </nav>
  )
}
