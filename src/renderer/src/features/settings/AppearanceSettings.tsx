import { useId } from 'react'
import type { Settings } from '../../../../shared/domain/settings'

type Appearance = Settings['appearance']
const THEMES = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
] as const

/** Theme of the board around the terminals, and the terminals' font size. */
export function AppearanceSettings({ value, onChange }: { value: Appearance; onChange: (next: Appearance) => void }) {
  const ids = { theme: useId(), size: useId() }
  return (
    <fieldset className="settings__section">
      <legend>Appearance</legend>
      <div className="field field--inline">
        <span id={ids.theme} className="field__label">
          Theme
        </span>
        <div className="segmented" role="radiogroup" aria-labelledby={ids.theme}>
          {THEMES.map((t) => (
            <label key={t.value} className={`segmented__option${value.theme === t.value ? ' is-active' : ''}`}>
              <input
                type="radio"
                name="theme"
                value={t.value}
                checked={value.theme === t.value}
                data-testid={`theme-${t.value}`}
                onChange={() => onChange({ ...value, theme: t.value })}
              />
              {t.label}
            </label>
          ))}
        </div>
      </div>
      <div className="field field--inline">
        <label htmlFor={ids.size}>Terminal font size</label>
        <input
          id={ids.size}
          className="input input--number"
          type="number"
          min={9}
          max={28}
          value={value.fontSize}
          data-testid="font-size"
          onChange={(e) => onChange({ ...value, fontSize: Math.max(9, Math.min(28, Math.round(Number(e.target.value)) || 13)) })}
        />
        <span className="settings__help">px. The terminals keep the dark palette the programs were told about in both themes.</span>
      </div>
    </fieldset>
  )
}
