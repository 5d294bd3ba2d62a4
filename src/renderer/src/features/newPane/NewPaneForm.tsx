import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { AGENT_NAMES, type AgentName } from '../../../../shared/domain/agents'
import { useBoardApi } from '../../ipc/BoardApiContext'
import { formatArgv } from '../../lib/format'
import { splitArgs } from '../../lib/splitArgs'
import { useSettingsStore } from '../../store/settingsStore'
import { createPane } from '../panes/paneActions'

export type PaneKind = 'shell' | 'agent' | 'command'

const KIND_LABEL: Record<PaneKind, string> = { shell: 'Shell', agent: 'Agent', command: 'Command' }

/**
 * Starts a pane: the board's default shell, or a command line split into argv (quotes honoured,
 * nothing expanded), in an optional working directory. Spawn errors are shown in place.
 */
export function NewPaneForm({ initialKind, onDone }: { initialKind: PaneKind; onDone: () => void }) {
  const api = useBoardApi()
  const [kind, setKind] = useState<PaneKind>(initialKind)
  const [agent, setAgent] = useState<AgentName>('claude')
  const agents = useSettingsStore((s) => s.settings.agents)
  // The agent's command from the settings: its executable (or its name, found on PATH) and default arguments.
  const agentArgv = [agents[agent].executable || agent, ...agents[agent].args]
  const [command, setCommand] = useState('')
  const [cwd, setCwd] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const ids = { kind: useId(), agent: useId(), command: useId(), cwd: useId(), error: useId() }
  const commandRef = useRef<HTMLInputElement>(null)
  const cwdRef = useRef<HTMLInputElement>(null)

  function fail(message: string, field: 'command' | 'cwd') {
    setError(message)
    setBusy(false)
    // Back to the field to fix (the disabled submit button dropped the focus).
    requestAnimationFrame(() => (field === 'command' && commandRef.current ? commandRef.current : cwdRef.current)?.focus())
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    let argv: string[] | undefined
    if (kind === 'command') {
      const split = splitArgs(command)
      if (!split.ok) return fail(`Command: ${split.error}`, 'command')
      if (split.argv.length === 0) return fail('Command: type the program to run, e.g. claude or npm test', 'command')
      argv = split.argv
    } else if (kind === 'agent') argv = agentArgv
    setBusy(true)
    setError(null)
    try {
      await createPane(api, { command: argv, cwd: cwd.trim() || undefined })
      onDone()
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      fail(message, /working directory/i.test(message) ? 'cwd' : 'command')
    }
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
          <label key={k} className={`segmented__option${kind === k ? ' is-active' : ''}`}>
            <input type="radio" name="pane-kind" value={k} checked={kind === k} onChange={() => setKind(k)} data-testid={`new-pane-kind-${k}`} autoFocus={kind === k && k === 'shell'} />
            {KIND_LABEL[k]}
          </label>
        ))}
      </div>
      {kind === 'agent' && (
        <div className="field">
          <label htmlFor={ids.agent}>Agent</label>
          <select id={ids.agent} className="input" data-testid="new-pane-agent" value={agent} onChange={(e) => setAgent(e.target.value as AgentName)}>
            {AGENT_NAMES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <code className="field__hint" data-testid="new-pane-agent-command">
            {formatArgv(agentArgv)}
          </code>
        </div>
      )}
      {kind === 'command' && (
        <div className="field">
          <label htmlFor={ids.command}>Command</label>
          <input
            id={ids.command}
            ref={commandRef}
            className="input input--mono"
            data-testid="new-pane-command"
            placeholder="claude --model opus"
            value={command}
            onChange={(e) => setCommand(e.target.value)}
            autoFocus
            spellCheck={false}
            autoComplete="off"
            aria-describedby={error ? ids.error : undefined}
          />
        </div>
      )}
      <div className="field">
        <label htmlFor={ids.cwd}>
          Working directory <span className="field__optional">optional</span>
        </label>
        <input id={ids.cwd} ref={cwdRef} className="input input--mono" data-testid="new-pane-cwd" placeholder="the board's directory" value={cwd} onChange={(e) => setCwd(e.target.value)} spellCheck={false} autoComplete="off" />
      </div>
      {error && (
        <p id={ids.error} className="form-error" role="alert" data-testid="new-pane-error">
          {error}
        </p>
      )}
      <div className="new-pane__actions">
        <button type="button" className="button button--ghost button--small" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button button--primary button--small" data-testid="new-pane-submit" disabled={busy}>
          {busy ? 'Starting…' : kind === 'shell' ? 'Start shell' : kind === 'agent' ? `Start ${agent}` : 'Run'}
        </button>
      </div>
    </form>
  )
}
