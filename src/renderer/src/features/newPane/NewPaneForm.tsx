import { useId, type KeyboardEvent } from 'react'
import { agentSettings } from '../../../../shared/domain/settings'
import { EnvRows } from '../env/EnvRows'
import { useOverlayStore } from '../../store/overlayStore'
import { AgentFields } from './AgentFields'
import { CommandField } from './CommandField'
import { KindPicker } from './KindPicker'
import { describeEnv, type PaneKind } from './launchRequest'
import { PresetSaver } from './PresetSaver'
import { useLaunchForm } from './useLaunchForm'
import { WorktreeFields } from './WorktreeFields'

export type { PaneKind }

/**
 * Starts a pane: the board's default shell, an agent (as the settings or a preset say: main
 * builds its command line), or a command line split into argv — not a shell, and it says so.
 * Each can have its own environment (rows; secret values stay masked) and its own git worktree.
 * Errors are shown in place; a missing agent executable links to the setting that fixes it.
 */
export function NewPaneForm({ initialKind, onDone }: { initialKind: PaneKind; onDone: () => void }) {
  const f = useLaunchForm(initialKind, onDone)
  const { form, set, error, refs, preset, agent } = f
  const openOverlay = useOverlayStore((s) => s.open)
  const ids = { cwd: useId(), host: useId(), env: useId(), error: useId() }
  const inherited = form.kind === 'agent' ? { ...agentSettings(f.settings, agent).env, ...preset?.env } : {}

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation()
      onDone()
    }
  }

  return (
    <form
      className="new-pane"
      data-testid="new-pane-form"
      aria-label="New pane"
      onSubmit={(e) => {
        e.preventDefault()
        void f.submit()
      }}
      onKeyDown={onKeyDown}
      noValidate
    >
      <KindPicker kind={form.kind} onKind={(kind) => set({ kind })} />
      {form.kind === 'agent' && (
        <AgentFields
          form={form}
          presets={f.settings.presets}
          agents={f.agents}
          agent={agent}
          plan={f.plan}
          argsRef={refs.args}
          onPreset={(name) => f.choosePreset(name)}
          set={set}
        />
      )}
      {form.kind === 'command' && (
        <CommandField value={form.command} onChange={(command) => set({ command })} inputRef={refs.command} errorId={error ? ids.error : null} />
      )}
      <div className="field">
        <label htmlFor={ids.cwd}>
          Working directory <span className="field__optional">optional</span>
        </label>
        <input
          id={ids.cwd}
          ref={refs.cwd}
          className="input input--mono"
          data-testid="new-pane-cwd"
          placeholder={preset?.cwd || "the board's directory"}
          value={form.cwd}
          onChange={(e) => set({ cwd: e.target.value })}
          spellCheck={false}
          autoComplete="off"
        />
      </div>
      <div className="field">
        <label htmlFor={ids.host}>
          Machine <span className="field__optional">optional</span>
        </label>
        <input
          id={ids.host}
          ref={refs.host}
          className="input input--mono"
          data-testid="new-pane-host"
          placeholder="this computer"
          value={form.host}
          onChange={(e) => set({ host: e.target.value })}
          spellCheck={false}
          autoComplete="off"
        />
        {form.host.trim() && (
          <span className="field__note" data-testid="new-pane-host-note">
            Runs over ssh on {form.host.trim()}: the board there starts it with its own settings and agents, and the working directory is a path there.
          </span>
        )}
      </div>
      <div className="field" ref={refs.env}>
        <span className="field__label" id={ids.env}>
          Environment <span className="field__optional">this launch’s own</span>
        </span>
        {Object.keys(inherited).length > 0 && (
          <span
            className="field__note new-pane__inherited"
            data-testid="new-pane-env-inherited"
            title="From Settings → Agents and the preset; secret values are never shown"
          >
            Also set: {describeEnv(inherited)}
          </span>
        )}
        <EnvRows
          key={form.preset}
          value={form.env}
          onChange={(env) => set({ env })}
          onError={(envError) => set({ envError })}
          label="New pane"
          testId="new-pane-env"
        />
      </div>
      <WorktreeFields form={form} set={set} branchRef={refs.branch} presetSetup={preset?.setup} />
      {error && (
        <div id={ids.error} className="form-error" role="alert" data-testid="new-pane-error">
          {error.message}
          {error.missingAgent && (
            <button
              type="button"
              className="button button--small new-pane__fix"
              data-testid="new-pane-open-agent-settings"
              onClick={() => openOverlay({ kind: 'settings', section: 'agents' })}
            >
              Open Settings → Agents
            </button>
          )}
        </div>
      )}
      {form.kind === 'agent' && !preset && <PresetSaver onSave={(name) => void f.savePreset(name)} />}
      {form.kind === 'agent' && preset && f.saved === preset.name && (
        <span className="field__note" role="status" data-testid="new-pane-preset-saved">
          Saved “{f.saved}” and chose it: its arguments and environment go with every launch of it.
        </span>
      )}
      <div className="new-pane__actions">
        <button type="button" className="button button--ghost button--small" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button button--primary button--small" data-testid="new-pane-submit" disabled={f.busy}>
          {f.busy
            ? form.worktree
              ? 'Making the worktree…'
              : 'Starting…'
            : form.kind === 'shell'
              ? 'Start shell'
              : form.kind === 'agent'
                ? `Start ${agent}`
                : 'Run'}
        </button>
      </div>
    </form>
  )
}
