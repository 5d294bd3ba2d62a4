import { Icon } from '../../components/Icon'
import { useBoardStore } from '../../store/boardStore'

/** A banner across the window while the board cannot be reached; nothing shown while connected. */
export function ConnectionBanner() {
  const connection = useBoardStore((s) => s.connection)
  if (connection.kind !== 'closed') return null
  return (
    <div className="banner banner--error" role="alert" data-testid="connection-banner">
      <Icon name="warning" size={16} />
      <span className="banner__text">
        <strong>Disconnected from the board.</strong> {connection.reason}
      </span>
      <button type="button" className="button button--small" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  )
}
