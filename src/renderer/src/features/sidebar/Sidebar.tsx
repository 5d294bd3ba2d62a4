import { useShallow } from 'zustand/react/shallow'
import { Icon } from '../../components/Icon'
import { useAttentionStore } from '../../store/attentionStore'
import { paneSelectors, useBoardStore } from '../../store/boardStore'
import { useLayoutStore } from '../../store/layoutStore'
import { visiblePanes } from '../../store/layoutReducer'
import { useOverlayStore } from '../../store/overlayStore'
import { NewPaneForm } from '../newPane/NewPaneForm'
import { NeedsYouList } from '../needsYou/NeedsYouList'
import { NotificationPrompt } from '../notify/NotificationPrompt'
import { PaneListItem } from './PaneListItem'
import { movePane, nudgePane } from './reorder'
import { useBoardApi } from '../../ipc/BoardApiContext'
import { useCallback } from 'react'

export function Sidebar() {
  const panes = useBoardStore(useShallow(paneSelectors.ordered))
  const selectedId = useBoardStore((s) => s.selectedId)
  const select = useBoardStore((s) => s.select)
  const loaded = useBoardStore((s) => s.loaded)
  const board = useBoardStore((s) => s.board)
  const unseen = useAttentionStore((s) => s.unseen)
  const visible = useLayoutStore(useShallow((s) => visiblePanes(s, selectedId)))
  const newPane = useOverlayStore((s) => s.newPane)
  const setNewPane = useOverlayStore((s) => s.setNewPane)
  const open = useOverlayStore((s) => s.open)
  const api = useBoardApi()
  // The order lives in main (board:reorder), so every client agrees; the event updates this one too.
  const reorder = useCallback((order: string[]) => void api.invoke('board:reorder', order).catch(() => undefined), [api])
  const onMove = useCallback((moved: string, target: string) => reorder(movePane(useBoardStore.getState().order, moved, target)), [reorder])
  const onNudge = useCallback((id: string, by: -1 | 1) => reorder(nudgePane(useBoardStore.getState().order, id, by)), [reorder])

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
      </header>
      {newPane && <NewPaneForm key={newPane} initialKind={newPane} onDone={() => setNewPane(null)} />}
      <div className="sidebar__scroll">
        <NotificationPrompt />
        <NeedsYouList />
        <section aria-labelledby="panes-title">
          <h2 id="panes-title" className="sidebar__section-title">
            <span>Panes</span>
            <span className="sidebar__count">{panes.length}</span>
          </h2>
          <ul className="pane-list" data-testid="pane-list">
            {panes.map((pane, i) => (
              <PaneListItem
                key={pane.id}
                pane={pane}
                position={i + 1}
                selected={pane.id === selectedId}
                visible={visible.includes(pane.id)}
                unseen={unseen[pane.id] !== undefined}
                onSelect={select}
                onMove={onMove}
                onNudge={onNudge}
              />
            ))}
            {loaded && panes.length === 0 && <li className="sidebar__empty">No panes yet.</li>}
          </ul>
        </section>
      </div>
      <footer className="sidebar__footer">
        <span className="sidebar__mode">{board ? `${board.mode === 'browser' ? 'Browser mode' : 'Desktop'} · v${board.version}` : 'Connecting…'}</span>
        <button type="button" className="icon-button" aria-label="Keyboard shortcuts (Alt+/)" title="Keyboard shortcuts (Alt+/)" data-testid="open-shortcuts" onClick={() => open({ kind: 'shortcuts' })}>
          <Icon name="keyboard" size={16} />
        </button>
        <button type="button" className="icon-button" aria-label="Settings (Alt+,)" title="Settings (Alt+,)" data-testid="open-settings" onClick={() => open({ kind: 'settings' })}>
          <Icon name="settings" size={16} />
        </button>
      </footer>
    </nav>
  )
}
