import { useState } from 'react'
import { paneSelectors, useBoardStore } from '../../store/boardStore'
import type { PaneKind } from '../newPane/NewPaneForm'
import { Sidebar } from '../sidebar/Sidebar'
import { TerminalView } from '../terminal/TerminalView'
import { ConnectionBanner } from './ConnectionBanner'
import { EmptyState } from './EmptyState'
import { PaneHeader } from './PaneHeader'

export function App() {
  const selected = useBoardStore(paneSelectors.selected)
  const loaded = useBoardStore((s) => s.loaded)
  const stale = useBoardStore((s) => s.connection.kind === 'closed')
  const [newPane, setNewPane] = useState<PaneKind | null>(null)

  return (
    <div className="app" data-testid="app">
      <ConnectionBanner />
      <div className={`app__body${stale ? ' is-stale' : ''}`} aria-hidden={stale || undefined}>
        <Sidebar newPane={newPane} onNewPane={setNewPane} />
        <main className="main" aria-label="Selected pane">
          {selected ? (
            <>
              <PaneHeader pane={selected} />
              <TerminalView key={selected.id} paneId={selected.id} exited={selected.exit !== null} />
            </>
          ) : loaded ? (
            <EmptyState onNewPane={setNewPane} />
          ) : (
            <div className="loading" aria-live="polite">
              Connecting to the board…
            </div>
          )}
        </main>
      </div>
    </div>
  )
}
