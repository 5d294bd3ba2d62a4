import { useShallow } from 'zustand/react/shallow'
import { Icon } from '../../components/Icon'
import { paneSelectors, useBoardStore } from '../../store/boardStore'
import { NewPaneForm, type PaneKind } from '../newPane/NewPaneForm'
import { PaneListItem } from './PaneListItem'

interface SidebarProps {
  readonly newPane: PaneKind | null
  readonly onNewPane: (kind: PaneKind | null) => void
}

export function Sidebar({ newPane, onNewPane }: SidebarProps) {
  const panes = useBoardStore(useShallow(paneSelectors.ordered))
  const selectedId = useBoardStore((s) => s.selectedId)
  const select = useBoardStore((s) => s.select)
  const loaded = useBoardStore((s) => s.loaded)
  const board = useBoardStore((s) => s.board)
  const attention = panes.filter((p) => ['blocked', 'question', 'asked'].includes(p.verdict.state)).length

  return (
    <nav className="sidebar" aria-label="Panes" data-testid="sidebar">
      <header className="sidebar__header">
        <div className="brand">
          <span className="brand__mark" aria-hidden="true" />
          <span className="brand__name">Switchboard</span>
        </div>
        <button type="button" className="button button--primary button--small" data-testid="new-pane-button" aria-expanded={newPane !== null} onClick={() => onNewPane(newPane ? null : 'shell')}>
          <Icon name="plus" size={14} />
          New pane
        </button>
      </header>
      {newPane && <NewPaneForm key={newPane} initialKind={newPane} onDone={() => onNewPane(null)} />}
      <div className="sidebar__section-title">
        <span>Panes</span>
        <span className="sidebar__count" aria-label={`${panes.length} panes, ${attention} need you`}>
          {attention > 0 && <span className="count-attention">{attention} need you</span>}
          {panes.length}
        </span>
      </div>
      <ul className="pane-list" data-testid="pane-list">
        {panes.map((pane) => (
          <PaneListItem key={pane.id} pane={pane} selected={pane.id === selectedId} onSelect={select} />
        ))}
        {loaded && panes.length === 0 && <li className="sidebar__empty">No panes yet.</li>}
      </ul>
      <footer className="sidebar__footer">
        {board ? `${board.mode === 'browser' ? 'Browser mode' : 'Desktop'} · v${board.version}` : 'Connecting…'}
      </footer>
    </nav>
  )
}
