import { useState } from 'react'
import { AGENT_NAMES, type AgentName } from '../../../../shared/domain/agents'
import type { Settings } from '../../../../shared/domain/settings'
import { formatArgv } from '../../lib/format'
import { splitArgs } from '../../lib/splitArgs'
import { EnvRows } from '../env/EnvRows'

type Agents = Settings['agents']

/** One agent: the executable, the arguments added to every launch, and its environment as rows. */
function AgentBlock({ name, value, onChange }: { name: AgentName; value: Agents[AgentName]; onChange: (next: Agents[AgentName]) => void }) {
  const [args, setArgs] = useState(() => formatArgv(value.args))
  const [error, setError] = useState<string | null>(null)
  return (
    <div className="agent-settings__agent" data-testid={`settings-agent-${name}`}>
      <h3 className="agent-settings__name">{name}</h3>
      <div className="agent-settings__fields">
        <label className="agent-settings__field">
          <span className="field__label">Executable</span>
          <input
            className="input input--mono"
            aria-label={`${name}: executable`}
            placeholder={`${name} (from PATH)`}
            data-testid={`settings-agent-${name}-executable`}
            value={value.executable}
            spellCheck={false}
            onChange={(e) => onChange({ ...value, executable: e.target.value })}
          />
        </label>
        <label className="agent-settings__field">
          <span className="field__label">Default arguments</span>
          <input
            className="input input--mono"
            aria-label={`${name}: default arguments`}
            aria-invalid={error !== null}
            placeholder="none"
            value={args}
            spellCheck={false}
            onChange={(e) => {
              setArgs(e.target.value)
              const split = splitArgs(e.target.value)
              setError(split.ok ? null : split.error)
              if (split.ok) onChange({ ...value, args: split.argv })
            }}
          />
          {error && (
            <span className="form-error" role="alert">
              {error}
            </span>
          )}
        </label>
      </div>
      <div className="agent-settings__env">
        <span className="field__label">Environment</span>
        <EnvRows value={value.env} onChange={(env) => onChange({ ...value, env })} label={name} testId={`settings-agent-${name}-env`} />
      </div>
    </div>
  )
}

/** Which executable runs each agent, the arguments added to every launch, and its variables. */
export function AgentSettings({ value, onChange }: { value: Agents; onChange: (next: Agents) => void }) {
  return (
    <fieldset className="settings__section" id="settings-agents" data-testid="settings-agents">
      <legend>Agents</legend>
      {AGENT_NAMES.map((name) => (
        <AgentBlock key={name} name={name} value={value[name]} onChange={(next) => onChange({ ...value, [name]: next })} />
      ))}
      <p className="settings__help">
        The board builds every agent launch from these (the new-pane form and <code>switchboard spawn --agent</code> alike). Arguments are split like a shell does (quotes honoured), never expanded. A value whose name looks secret (a key, a token, a password) is never shown again: type a new one to replace it.
      </p>
    </fieldset>
  )
}
