import { useId } from 'react'
import type { Settings } from '../../../../shared/domain/settings'
import { useAttentionStore } from '../../store/attentionStore'
import { playTone } from '../notify/tones'
import { webNotifier } from '../notify/webNotifier'

type Notifications = Settings['notifications']
type Kind = 'blocked' | 'question' | 'input' | 'asked' | 'finished' | 'alert'

const KINDS: readonly { kind: Kind; label: string; help: string }[] = [
  { kind: 'blocked', label: 'Blocked', help: 'a permission dialog waits for you' },
  { kind: 'question', label: 'Question', help: 'the agent asks you to pick an option' },
  { kind: 'input', label: 'Waiting for input', help: 'a program waits for what you type ([y/N], a password)' },
  { kind: 'asked', label: 'Asked', help: 'a reply ended with a question' },
  { kind: 'finished', label: 'Finished', help: 'a turn ended while you were elsewhere' },
  { kind: 'alert', label: 'Program alerts', help: 'a program notified (OSC 9, 777, 99) or rang the bell' },
]
const LEVELS = [
  { value: 'alert', label: 'Notify with sound' },
  { value: 'quiet', label: 'Notify silently' },
  { value: 'off', label: 'Only in “Needs you”' },
] as const

function PermissionLine() {
  const permission = useAttentionStore((s) => s.permission)
  const setPermission = useAttentionStore((s) => s.setPermission)
  if (permission === 'granted') return <p className="settings__note">Desktop notifications are allowed.</p>
  if (permission === 'unsupported') return <p className="settings__note">This browser has no desktop notifications; the tab title still counts the panes that need you.</p>
  if (permission === 'denied') return <p className="settings__note settings__note--warn">Notifications are blocked for this page. Allow them in the browser’s site settings (the icon left of the address), then reload.</p>
  return (
    <p className="settings__note">
      Desktop notifications are not allowed yet.{' '}
      <button type="button" className="button button--small" onClick={() => void webNotifier.request().then(setPermission)}>
        Allow notifications
      </button>
    </p>
  )
}

/** Per kind of waiting: notify with sound, silently, or only list it; and the grace delay. */
export function NotificationSettings({ value, onChange }: { value: Notifications; onChange: (next: Notifications) => void }) {
  const graceId = useId()
  return (
    <fieldset className="settings__section">
      <legend>Notifications</legend>
      <PermissionLine />
      <table className="settings__levels">
        <thead>
          <tr>
            <th scope="col">When a pane…</th>
            {LEVELS.map((l) => (
              <th scope="col" key={l.value}>
                {l.label}
              </th>
            ))}
            <th scope="col">Board sound</th>
          </tr>
        </thead>
        <tbody>
          {KINDS.map(({ kind, label, help }) => (
            <tr key={kind}>
              <th scope="row">
                {label} <span className="settings__help">{help}</span>
              </th>
              {LEVELS.map((l) => (
                <td key={l.value}>
                  <input
                    type="radio"
                    name={`notify-${kind}`}
                    aria-label={`${label}: ${l.label}`}
                    checked={value[kind] === l.value}
                    data-testid={`notify-${kind}-${l.value}`}
                    onChange={() => onChange({ ...value, [kind]: l.value })}
                  />
                </td>
              ))}
              <td>
                <input
                  type="checkbox"
                  aria-label={`${label}: play the board's sound`}
                  checked={value.sounds[kind]}
                  data-testid={`sound-${kind}`}
                  onChange={(e) => {
                    onChange({ ...value, sounds: { ...value.sounds, [kind]: e.target.checked } })
                    if (e.target.checked) playTone(kind)
                  }}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="field field--inline">
        <label htmlFor={graceId}>Wait before notifying</label>
        <input
          id={graceId}
          className="input input--number"
          type="number"
          min={0}
          max={600}
          value={value.graceSeconds}
          data-testid="notify-grace"
          onChange={(e) => onChange({ ...value, graceSeconds: Math.max(0, Math.min(600, Number(e.target.value) || 0)) })}
        />
        <span className="settings__help">seconds; a pane answered or looked at meanwhile raises nothing. At most one notification per pane and state every 30 s.</span>
      </div>
    </fieldset>
  )
}
