import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { planAgentLaunch } from '../../../../core/launch/launchPlan'
import { agentSettings } from '../../../../shared/domain/settings'
import { BoardError } from '../../../../shared/ipc/errors'
import { useBoardApi } from '../../ipc/BoardApiContext'
import { formatArgv } from '../../lib/format'
import { splitArgs } from '../../lib/splitArgs'
import { useOverlayStore } from '../../store/overlayStore'
import { useSettingsStore } from '../../store/settingsStore'
import { createPane } from '../panes/paneActions'
import { buildLaunchRequest, formatEnv, presetFromForm, type FormField, type LaunchForm, type PaneKind } from './launchRequest'
import { WorktreeFields } from './WorktreeFields'

export type { PaneKind }

const KIND_LABEL: Record<PaneKind, string> = { shell: 'Shell', agent: 'Agent', command: 'Command' }

/**
 * Starts a pane: the board's default shell, an agent (as the settings or a preset say: main
 * builds its command line), or a command line split into argv — not a shell, and it says so.
 * Each can have its own environment and its own git worktree. Errors are shown in place; a
 * missing agent executable links to the setting that fixes it.
 */
export function NewPaneForm({ initialKind, onDone }: { initialKind: PaneKind; onDone: () => void }) {
  const api = useBoardApi()
  const settings = useSettingsStore((s) => s.settings)
  const agents = useSettingsStore((s) => s.agents)
  const loadSettings = useSettingsStore((s) => s.load)
  const saveSettings = useSettingsStore((s) => s.save)
  // An agent folder added since the board was last asked shows up when the form opens.
  useEffect(() => void loadSettings(api), [api, loadSettings])
  const openOverlay = useOverlayStore((s) => s.open)
  const [form, setForm] = useState<LaunchForm>({ kind: initialKind, preset: '', agent: agents.some((a) => a.id === 'claude') ? 'claude' : (agents[0]?.id ?? 'claude'), args: '', env: '', command: '', cwd: '', worktree: false, branch: '', base: '', setup: '' })
  const [error, setError] = useState<{ message: string; missingAgent: boolean } | null>(null)
  const [busy, setBusy] = useState(false)
  const [presetName, setPresetName] = useState('')
  const [saved, setSaved] = useState<string | null>(null)
  const ids = { kind: useId(), preset: useId(), agent: useId(), args: useId(), env: useId(), command: useId(), commandHint: useId(), cwd: useId(), error: useId() }
  const refs = { command: useRef<HTMLInputElement>(null), args: useRef<HTMLInputElement>(null), env: useRef<HTMLTextAreaElement>(null), cwd: useRef<HTMLInputElement>(null), branch: useRef<HTMLInputElement>(null) }
  const preset = settings.presets.find((p) => p.name === form.preset)
  const agent = preset?.agent ?? form.agent
  const set = (patch: Partial<LaunchForm>) => {
    setForm((f) => ({ ...f, ...patch }))
    // What the error was about may be gone now.
    if (patch.kind !== undefined || patch.agent !== undefined || patch.preset !== undefined) setError(null)
  }

  // What main will run, from the same settings and the same rule (display only: main decides).
  const extraArgs = splitArgs(form.args)
  const info = agents.find((a) => a.id === agent)
  const plan = planAgentLaunch(info ?? { id: agent, command: [agent] }, agentSettings(settings, agent), preset, { args: extraArgs.ok ? extraArgs.argv : [] })

  function fail(message: string, field: FormField, missingAgent = false) {
    setError({ message, missingAgent })
    setBusy(false)
    const el = field === 'base' ? refs.branch : refs[field]
    // Back to the field to fix (the disabled submit button dropped the focus).
    requestAnimationFrame(() => (el.current ?? refs.cwd.current)?.focus())
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    const built = buildLaunchRequest(form)
    if (!built.ok) return fail(built.error, built.field)
    setBusy(true)
    setError(null)
    try {
      await createPane(api, built.value)
      onDone()
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      const code = err instanceof BoardError ? err.code : null
      fail(message, /working directory|git repository/i.test(message) ? 'cwd' : code === 'git-failed' || /branch/i.test(message) ? 'branch' : form.kind === 'agent' ? 'args' : 'command', code === 'agent-missing')
    }
  }

  async function savePreset() {
    const built = presetFromForm({ ...form, agent }, presetName)
    if (!built.ok) return fail(built.error, built.field)
    if (!built.value.name) return setError({ message: 'Preset: give it a name, e.g. "claude, plan mode"', missingAgent: false })
    try {
      await saveSettings(api, { ...settings, presets: [...settings.presets.filter((p) => p.name !== built.value.name), built.value] })
      setSaved(built.value.name)
      setError(null)
    } catch (err) {
      setError({ message: `Could not save the preset: ${err instanceof Error ? err.message : String(err)}`, missingAgent: false })
    }
  }

  function choosePreset(name: string) {
    const chosen = settings.presets.find((p) => p.name === name)
    // The preset's own arguments and environment apply in main; the fields add to them.
    set({ preset: name, ...(chosen ? { agent: chosen.agent, worktree: chosen.worktree, setup: chosen.setup.join('\n') } : {}) })
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation()
      onDone()
    }
  }

  return (
    <form className="new-pane" data-testid="new-pane-form" aria-label="New pane" onSubmit={(e) => void submit(e)} onKeyDown={onKeyDown} noValidate>
      <div className="segmented" role="radiogroup" aria-labelledby={ids.kind}>
        <span id={ids.kind} className="visually-hidden">
          What to run
        </span>
        {(['shell', 'agent', 'command'] as const).map((k) => (
          <label key={k} className={`segmented__option${form.kind === k ? ' is-active' : ''}`}>
            <input type="radio" name="pane-kind" value={k} checked={form.kind === k} onChange={() => set({ kind: k })} data-testid={`new-pane-kind-${k}`} autoFocus={form.kind === k && k === 'shell'} />
            {KIND_LABEL[k]}
          </label>
        ))}
      </div>
      {form.kind === 'agent' && (
        <>
          {settings.presets.length > 0 && (
            <div className="field">
              <label htmlFor={ids.preset}>Preset</label>
              <select id={ids.preset} className="input" data-testid="new-pane-preset" value={form.preset} onChange={(e) => choosePreset(e.target.value)}>
                <option value="">none</option>
                {settings.presets.map((p) => (
                  <option key={p.name} value={p.name}>
                    {p.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="field">
            <label htmlFor={ids.agent}>Agent</label>
            <select id={ids.agent} className="input" data-testid="new-pane-agent" value={agent} disabled={preset !== undefined} onChange={(e) => set({ agent: e.target.value })}>
              {agents.map((a) => (
                <option key={a.id} value={a.id} data-source={a.source}>
                  {a.source === 'user' ? `${a.name} (${a.id}, yours)` : a.name === a.id ? a.id : `${a.name} (${a.id})`}
                </option>
              ))}
              {!info && <option value={agent}>{agent} (not found)</option>}
            </select>
            <code className="field__hint" data-testid="new-pane-agent-command" title="From Settings → Agents (and the preset); the board runs it">
              {formatArgv([plan.executable, ...plan.args])}
            </code>
          </div>
          <div className="field">
            <label htmlFor={ids.args}>
              Arguments <span className="field__optional">added to the defaults</span>
            </label>
            <input id={ids.args} ref={refs.args} className="input input--mono" data-testid="new-pane-args" placeholder="--model opus" value={form.args} onChange={(e) => set({ args: e.target.value })} spellCheck={false} autoComplete="off" />
          </div>
        </>
      )}
      {form.kind === 'command' && (
        <div className="field">
          <label htmlFor={ids.command}>Command</label>
          <input
            id={ids.command}
            ref={refs.command}
            className="input input--mono"
            data-testid="new-pane-command"
            placeholder="npm test -- --watch"
            value={form.command}
            onChange={(e) => set({ command: e.target.value })}
            autoFocus
            spellCheck={false}
            autoComplete="off"
            aria-describedby={error ? `${ids.commandHint} ${ids.error}` : ids.commandHint}
          />
          <span id={ids.commandHint} className="field__note" data-testid="new-pane-command-hint">
            Not a shell: runs the program directly with these words as its arguments (quotes group words). No pipes, <code>$VARS</code>, <code>~</code> or globs — pick Shell for those.
          </span>
        </div>
      )}
      <div className="field">
        <label htmlFor={ids.cwd}>
          Working directory <span className="field__optional">optional</span>
        </label>
        <input id={ids.cwd} ref={refs.cwd} className="input input--mono" data-testid="new-pane-cwd" placeholder={preset?.cwd || "the board's directory"} value={form.cwd} onChange={(e) => set({ cwd: e.target.value })} spellCheck={false} autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor={ids.env}>
          Environment <span className="field__optional">NAME=value, one a line</span>
        </label>
        <textarea id={ids.env} ref={refs.env} className="input input--mono new-pane__env" data-testid="new-pane-env" rows={2} placeholder={formatEnv(agentSettings(settings, agent).env) || 'DEBUG=1'} value={form.env} onChange={(e) => set({ env: e.target.value })} spellCheck={false} />
      </div>
      <WorktreeFields form={form} set={set} branchRef={refs.branch} presetSetup={preset?.setup} />
      {error && (
        <div id={ids.error} className="form-error" role="alert" data-testid="new-pane-error">
          {error.message}
          {error.missingAgent && (
            <button type="button" className="button button--small new-pane__fix" data-testid="new-pane-open-agent-settings" onClick={() => openOverlay({ kind: 'settings', section: 'agents' })}>
              Open Settings → Agents
            </button>
          )}
        </div>
      )}
      {form.kind === 'agent' && !preset && (
        <div className="new-pane__preset">
          <input className="input input--small" aria-label="Preset name" data-testid="new-pane-preset-name" placeholder="preset name" value={presetName} onChange={(e) => setPresetName(e.target.value)} />
          <button type="button" className="button button--ghost button--small" data-testid="new-pane-save-preset" onClick={() => void savePreset()} disabled={!presetName.trim()}>
            Save as preset
          </button>
          {saved && <span className="field__note">saved “{saved}”</span>}
        </div>
      )}
      <div className="new-pane__actions">
        <button type="button" className="button button--ghost button--small" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button button--primary button--small" data-testid="new-pane-submit" disabled={busy}>
          {busy ? (form.worktree ? 'Making the worktree…' : 'Starting…') : form.kind === 'shell' ? 'Start shell' : form.kind === 'agent' ? `Start ${agent}` : 'Run'}
        </button>
      </div>
    </form>
  )
}
