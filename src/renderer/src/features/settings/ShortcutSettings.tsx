import { useId, useState } from 'react'
import { SHORTCUT_PREFIXES, type Settings } from '../../../../shared/domain/settings'
import { capturable, codeLabel, codesOf, EDITABLE_SHORTCUTS, PROGRAM_ALT_KEYS, shortcutConflicts, withKey } from '../shortcuts/shortcutTable'

type Shortcuts = Settings['shortcuts']

/** A key two commands share: the settings cannot be saved until it is resolved. */
export const hasShortcutConflict = (value: Shortcuts): boolean => shortcutConflicts(value).size > 0

/**
 * The board's shortcuts: the prefix held with each key, and each command's key (press the
 * button, then the key; Escape cancels), with a warning where two commands share a key or the
 * key is one the programs in panes use, and resets.
 */
export function ShortcutSettings({ value, onChange }: { value: Shortcuts; onChange: (next: Shortcuts) => void }) {
  const id = useId()
  const [capturing, setCapturing] = useState<string | null>(null)
  const conflicts = shortcutConflicts(value)
  const own = Object.keys(value.keys).length > 0
  return (
    <fieldset className="settings__section" id="settings-shortcuts">
      <legend>Shortcuts</legend>
      <div className="field field--inline">
        <label htmlFor={id}>Prefix</label>
        <select id={id} className="input" value={value.prefix} data-testid="shortcut-prefix" onChange={(e) => onChange({ ...value, prefix: e.target.value as Shortcuts['prefix'] })}>
          {SHORTCUT_PREFIXES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
        <span className="settings__help">held with each board key below; every other key goes to the program in the pane.</span>
      </div>
      <table className="shortcut-keys" data-testid="shortcut-keys">
        <tbody>
          <tr>
            <td>Go to the 1st … 9th pane in the sidebar</td>
            <td>
              <span className="shortcut-keys__fixed">
                {value.prefix} 1 … 9
              </span>
            </td>
            <td />
          </tr>
          {EDITABLE_SHORTCUTS.map((s) => {
            const code = codesOf(s, value)[0]!
            const clash = conflicts.get(s.id)
            const programUse = value.prefix === 'Alt' || value.prefix === 'Alt+Shift' ? PROGRAM_ALT_KEYS[code] : undefined
            const listening = capturing === s.id
            const noteId = `${id}-${s.id}-note`
            return (
              <tr key={s.id} data-shortcut={s.id} className={clash ? 'is-conflict' : undefined}>
                <td>
                  {s.description}
                  {clash && (
                    <span className="shortcut-keys__note form-error" id={noteId} role="alert" data-testid="shortcut-conflict">
                      {codeLabel(code)} is also: {clash.map((o) => o.description).join('; ')}. Give one of them another key.
                    </span>
                  )}
                  {!clash && programUse && (
                    <span className="shortcut-keys__note settings__help" id={noteId} data-testid="shortcut-program-key">
                      {value.prefix} {codeLabel(code)} is {programUse} in bash and the agents&apos; prompts: the board takes it from them.
                    </span>
                  )}
                </td>
                <td>
                  <button
                    type="button"
                    className={`button button--small shortcut-keys__key${listening ? ' is-listening' : ''}`}
                    data-testid={`shortcut-key-${s.id}`}
                    aria-label={`${s.description}: ${value.prefix} ${codeLabel(code)}. Press to change`}
                    aria-describedby={clash || programUse ? noteId : undefined}
                    aria-pressed={listening}
                    onClick={() => setCapturing(listening ? null : s.id)}
                    onBlur={() => listening && setCapturing(null)}
                    onKeyDown={(e) => {
                      if (!listening) return
                      if (e.code === 'Tab') return setCapturing(null)
                      e.preventDefault()
                      e.stopPropagation()
                      if (e.code === 'Escape') return setCapturing(null)
                      if (!capturable(e.code)) return
                      onChange(withKey(value, s.id, e.code))
                      setCapturing(null)
                    }}
                  >
                    {listening ? 'Press a key…' : `${value.prefix.replace(/\+/g, ' ')} ${codeLabel(code)}`}
                  </button>
                </td>
                <td>
                  {value.keys[s.id] && (
                    <button type="button" className="button button--ghost button--small" data-testid={`shortcut-reset-${s.id}`} aria-label={`Reset ${s.description} to ${s.keys}`} onClick={() => onChange(withKey(value, s.id, null))}>
                      Reset
                    </button>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <div className="field field--inline">
        <button
          type="button"
          className="button button--small"
          data-testid="shortcut-reset-all"
          disabled={!own && value.prefix === 'Alt'}
          onClick={() => onChange({ prefix: 'Alt', keys: {} })}
        >
          Reset all shortcuts
        </button>
        {conflicts.size > 0 && <span className="form-error">Two commands share a key: saving waits until each has its own.</span>}
      </div>
    </fieldset>
  )
}
