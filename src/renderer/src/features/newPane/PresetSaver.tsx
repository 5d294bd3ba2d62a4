import { useState } from 'react'

/** "Save as preset": the form as a named launch, offered here and in `spawn --preset` (and chosen once saved). */
export function PresetSaver({ onSave }: { onSave: (name: string) => void }) {
  const [name, setName] = useState('')
  return (
    <div className="new-pane__preset">
      <input
        className="input input--small"
        aria-label="Preset name"
        data-testid="new-pane-preset-name"
        placeholder="preset name"
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <button
        type="button"
        className="button button--ghost button--small"
        data-testid="new-pane-save-preset"
        onClick={() => onSave(name)}
        disabled={!name.trim()}
      >
        Save as preset
      </button>
    </div>
  )
}
