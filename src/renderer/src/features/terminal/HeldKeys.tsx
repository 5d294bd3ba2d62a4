import { describeKeys } from '../../../../core/answer/typeAhead'
import type { PaneId } from '../../../../shared/domain/pane'
import { Icon } from '../../components/Icon'
import { useHeldKeysStore } from './heldKeysStore'

/**
 * Keys the type-ahead guard held for this pane: what they are, why they were held, and the two
 * ways out. Nothing reaches the dialog until the user picks "Send".
 */
export function HeldKeys({ paneId, onSend, onDiscard }: { paneId: PaneId; onSend: () => void; onDiscard: () => void }) {
  const held = useHeldKeysStore((s) => s.held[paneId])
  if (!held) return null
  const keys = describeKeys(held.keys)
  return (
    <div className="held-keys" role="alert" data-testid="held-keys">
      <Icon name="warning" size={16} />
      <div className="held-keys__text">
        <strong>
          Held {keys.length} {keys.length === 1 ? 'key' : 'keys'}:
        </strong>{' '}
        <span className="held-keys__keys" data-testid="held-keys-list">
          {keys.slice(0, 24).map((k, i) => (
            <kbd key={i}>{k}</kbd>
          ))}
          {keys.length > 24 && '…'}
        </span>
        <div className="held-keys__why">{held.reason} Nothing was sent.</div>
      </div>
      <button type="button" className="button button--small" onClick={onDiscard} data-testid="held-keys-discard">
        Discard
      </button>
      <button type="button" className="button button--small button--warning" onClick={onSend} data-testid="held-keys-send">
        Send to the dialog
      </button>
    </div>
  )
}
