import { useId, type ReactNode } from 'react'
import { SHELL_KIND } from '../../../../shared/domain/agents'
import { NOTIFY_MODES, type NotifyMode } from '../../../../shared/domain/attention'
import type { Settings } from '../../../../shared/domain/settings'
import { MODE_LABELS } from '../notify/modeLabels'
import { useAttentionStore } from '../../store/attentionStore'
import { useSettingsStore } from '../../store/settingsStore'
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
  if (permission === 'unsupported')
    return <p className="settings__note">This browser has no desktop notifications; the tab title still counts the panes that need you.</p>
  if (permission === 'denied')
    return (
      <p className="settings__note settings__note--warn">
        Notifications are blocked for this page. Allow them in the browser’s site settings (the icon left of the address), then reload.
      </p>
    )
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
/** Per agent (every agent folder the board knows, and `shell`: any other program): all, attention only, or none; a pane's own mode (its ⋯ menu) comes first. */
function AgentModes({ value, onChange }: { value: Notifications; onChange: (next: Notifications) => void }) {
  const agents = useSettingsStore((s) => s.agents)
  const kinds = [...agents.map((a) => ({ kind: a.id, label: a.name })), { kind: SHELL_KIND, label: 'Other programs' }]
  const setMode = (kind: string, mode: NotifyMode) => {
    const { [kind]: _old, ...rest } = value.agentModes
    onChange({ ...value, agentModes: mode === 'all' ? rest : { ...rest, [kind]: mode } })
  }
  return (
    <div className="settings__agent-modes" role="group" aria-label="Notifications per agent">
      <span className="field__label">Per agent</span>
      {kinds.map(({ kind, label }) => (
        <label key={kind} className="settings__agent-mode">
          <span>{label}</span>
          <select
            className="input"
            data-testid={`notify-agent-${kind}`}
            value={(Object.prototype.hasOwnProperty.call(value.agentModes, kind) ? value.agentModes[kind] : undefined) ?? 'all'}
            onChange={(e) => setMode(kind, e.target.value as NotifyMode)}
          >
            {NOTIFY_MODES.map((m) => (
              <option key={m} value={m}>
                {MODE_LABELS[m]}
              </option>
            ))}
          </select>
        </label>
      ))}
      <span className="settings__help">
        Attention only: dialogs, questions, input and replies that ask — not finished turns or programs’ own notifications. A pane’s own mode (its ⋯ menu) comes
        first.
      </span>
    </div>
  )
}

export function NotificationSettings({ value, onChange }: { value: Notifications; onChange: (next: Notifications) => void }) {
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
      <SecondsField
        label="Wait before notifying"
        max={600}
        seconds={value.graceSeconds}
        testId="notify-grace"
        onChange={(graceSeconds) => onChange({ ...value, graceSeconds })}
      >
        seconds; a pane answered or looked at meanwhile raises nothing.
      </SecondsField>
      <SecondsField
        label="Not again within"
        max={3600}
        seconds={value.cooldownSeconds}
        testId="notify-cooldown"
        onChange={(cooldownSeconds) => onChange({ ...value, cooldownSeconds })}
      >
        seconds: at most one notification per pane and state in this time; 0 notifies every time.
      </SecondsField>
      <AgentModes value={value} onChange={onChange} />
      <SecondsField
        label="“While you were away”"
        max={86400}
        seconds={value.awaySummarySeconds}
        testId="notify-away-seconds"
        onChange={(awaySummarySeconds) => onChange({ ...value, awaySummarySeconds })}
      >
        seconds at no window or tab before a summary of what waited, on return; 0: never.
      </SecondsField>
    </fieldset>
  )
}

/** A whole number of seconds from 0 to `max`, with its label and help. */
function SecondsField({
  label,
  max,
  seconds,
  testId,
  onChange,
  children,
}: {
  label: string
  max: number
  seconds: number
  testId: string
  onChange: (seconds: number) => void
  children: ReactNode
}) {
  const id = useId()
  return (
    <div className="field field--inline">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input input--number"
        type="number"
        min={0}
        max={max}
        value={seconds}
        data-testid={testId}
        onChange={(e) => onChange(Math.max(0, Math.min(max, Math.round(Number(e.target.value) || 0))))}
      />
      <span className="settings__help">{children}</span>
    </div>
  )
}
