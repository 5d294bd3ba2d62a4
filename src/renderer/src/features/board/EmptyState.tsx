import { useState } from 'react'
import { Icon } from '../../components/Icon'
import { useBoardApi } from '../../ipc/BoardApiContext'
import { createPane } from '../panes/paneActions'
import { useOverlayStore } from '../../store/overlayStore'

/** The main area when there is no pane: what the board does, and the two ways to start. */
export function EmptyState() {
  const api = useBoardApi()
  const onNewPane = useOverlayStore((s) => s.setNewPane)
  const [error, setError] = useState<string | null>(null)
  const startShell = () => {
    setError(null)
    createPane(api, {}).catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)))
  }
  return (
    <section className="empty-state" data-testid="empty-state" aria-labelledby="empty-state-title">
      <div className="empty-state__icon" aria-hidden="true">
        <Icon name="terminal" size={32} />
      </div>
      <h2 id="empty-state-title">No panes yet</h2>
      <p>Run a shell, an agent or any program. Switchboard keeps each pane&rsquo;s screen and tells you when one needs you.</p>
      <p className="empty-state__keys">
        <kbd>Alt</kbd>+<kbd>N</kbd> new pane · <kbd>Alt</kbd>+<kbd>/</kbd> all shortcuts
      </p>
      <div className="empty-state__actions">
        <button type="button" className="button button--primary" onClick={startShell} data-testid="empty-start-shell">
          Start a shell
        </button>
        <button type="button" className="button" onClick={() => onNewPane('agent')}>
          Start an agent…
        </button>
        <button type="button" className="button" onClick={() => onNewPane('command')}>
          Run a command…
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}
