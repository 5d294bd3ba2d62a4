import { useId, useState } from 'react'
import { SHORTCUT_PREFIXES, type Settings } from '../../../../shared/domain/settings'
import { EDITABLE_SHORTCUTS, shortcutConflicts, withKey } from '../shortcuts/shortcutTable'
import { ShortcutKeyRow } from './ShortcutKeyRow'

type Shortcuts = Settings['shortcuts']

/** A key two commands share: the settings cannot be saved until it is resolved. */
export const hasShortcutConflict = (value: Shortcuts): boolean => shortcutConflicts(value).size > 0

/**
 * The board's shortcuts: the prefix held with each key, and each command's key (ShortcutKeyRow),
 * with a warning where two commands share a key or the key is one the programs in panes use, and resets.
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
        <select
          id={id}
          className="input"
          value={value.prefix}
          data-testid="shortcut-prefix"
          onChange={(e) => onChange({ ...value, prefix: e.target.value as Shortcuts['prefix'] })}
        >
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
              <span className="shortcut-keys__fixed">{value.prefix} 1 … 9</span>
            </td>
            <td />
          </tr>
          {EDITABLE_SHORTCUTS.map((s) => (
            <ShortcutKeyRow
              key={s.id}
              shortcut={s}
              config={value}
              clash={conflicts.get(s.id)}
              listening={capturing === s.id}
              onListen={(on) => setCapturing(on ? s.id : null)}
              onKey={(code) => onChange(withKey(value, s.id, code))}
              onReset={() => onChange(withKey(value, s.id, null))}
              noteId={`${id}-${s.id}-note`}
            />
          ))}
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
