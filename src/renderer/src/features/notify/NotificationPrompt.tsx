import { useState } from 'react'
import { Icon } from '../../components/Icon'
import { useAttentionStore } from '../../store/attentionStore'
import { webNotifier } from './webNotifier'

const DISMISSED_KEY = 'switchboard.notifications.prompt-dismissed'

/**
 * Asks for the notification permission the way browsers allow it: from a click, and only after
 * saying what it is for. Dismissing it is remembered in this browser; the settings page can
 * still turn notifications on.
 */
export function NotificationPrompt() {
  const permission = useAttentionStore((s) => s.permission)
  const setPermission = useAttentionStore((s) => s.setPermission)
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED_KEY) === '1')
  if (permission !== 'default' || dismissed) return null
  return (
    <div className="notify-prompt" role="region" aria-label="Desktop notifications" data-testid="notify-prompt">
      <Icon name="bell" size={16} />
      <p>Get a desktop notification when a pane you are not looking at is blocked or asks a question.</p>
      <div className="notify-prompt__actions">
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => {
            localStorage.setItem(DISMISSED_KEY, '1')
            setDismissed(true)
          }}
        >
          Not now
        </button>
        <button
          type="button"
          className="button button--primary button--small"
          data-testid="notify-enable"
          onClick={() => void webNotifier.request().then(setPermission)}
        >
          Turn on
        </button>
      </div>
    </div>
  )
}
