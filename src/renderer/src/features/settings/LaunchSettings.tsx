import type { Settings } from '../../../../shared/domain/settings'
import { formatArgv } from '../../lib/format'

/** Launch presets (made with "Save as preset" in the new-pane form) and where worktrees go. */
export function LaunchSettings({
  value,
  onChange,
}: {
  value: Pick<Settings, 'presets' | 'worktrees'>
  onChange: (next: Pick<Settings, 'presets' | 'worktrees'>) => void
}) {
  return (
    <fieldset className="settings__section" id="settings-presets" data-testid="settings-presets">
      <legend>Launch presets and worktrees</legend>
      {value.presets.length === 0 ? (
        <p className="settings__help">No presets yet: pick an agent in the new-pane form and use “Save as preset”.</p>
      ) : (
        <ul className="settings__presets">
          {value.presets.map((p) => (
            <li key={p.name} data-testid="settings-preset">
              <strong>{p.name}</strong> <code>{formatArgv([p.agent, ...p.args])}</code>
              {Object.keys(p.env).length > 0 && <code> {Object.keys(p.env).join(' ')}</code>}
              {p.cwd && <span> in {p.cwd}</span>}
              {p.worktree && <span> · own worktree</span>}
              {p.host && <span data-testid="settings-preset-host"> · on {p.host}</span>}
              {p.setup.length > 0 && <span> · setup: {p.setup.join(' ; ')}</span>}
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={`Delete preset ${p.name}`}
                onClick={() => onChange({ ...value, presets: value.presets.filter((q) => q.name !== p.name) })}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field field--inline">
        <label htmlFor="settings-worktrees-folder">Worktrees folder</label>
        <input
          id="settings-worktrees-folder"
          className="input input--mono"
          data-testid="settings-worktrees-folder"
          placeholder="beside the repo: <repo>.worktrees/<branch>"
          value={value.worktrees.folder}
          spellCheck={false}
          onChange={(e) => onChange({ ...value, worktrees: { folder: e.target.value } })}
        />
      </div>
    </fieldset>
  )
}
