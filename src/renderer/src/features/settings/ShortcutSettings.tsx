import { useId } from 'react'
import { SHORTCUT_PREFIXES, type Settings } from '../../../../shared/domain/settings'

type Shortcuts = Settings['shortcuts']

/** The modifiers of every board shortcut (keys of one's own per command live in the settings file). */
export function ShortcutSettings({ value, onChange }: { value: Shortcuts; onChange: (next: Shortcuts) => void }) {
  const id = useId()
  return (
    <fieldset className="settings__section">
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
        <span className="settings__help">held with each board key (J, 1…9, A, N…); every other key goes to the program in the pane.</span>
      </div>
      {Object.keys(value.keys).length > 0 && (
        <p className="settings__note" data-testid="shortcut-keys">
          Keys of your own: {Object.entries(value.keys).map(([cmd, code]) => `${cmd} → ${code}`).join(', ')}
        </p>
      )}
    </fieldset>
  )
}
