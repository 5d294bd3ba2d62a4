import { useState } from 'react'
import { parseEnvEntries } from '../../../../core/launch/launchPlan'
import { formatEnv } from '../newPane/launchRequest'
import { AGENT_NAMES, type AgentName } from '../../../../shared/domain/agents'
import type { Settings } from '../../../../shared/domain/settings'
import { formatArgv } from '../../lib/format'
import { splitArgs } from '../../lib/splitArgs'

type Agents = Settings['agents']

function AgentRow({ name, value, onChange }: { name: AgentName; value: Agents[AgentName]; onChange: (next: Agents[AgentName]) => void }) {
  const [args, setArgs] = useState(() => formatArgv(value.args))
  const [env, setEnv] = useState(() => formatEnv(value.env).replace(/\n/g, ' '))
  const [error, setError] = useState<string | null>(null)
  const [envError, setEnvError] = useState<string | null>(null)
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>
        <input
          className="input input--mono"
          aria-label={`${name}: executable`}
          placeholder={`${name} (from PATH)`}
          data-testid={`settings-agent-${name}-executable`}
          value={value.executable}
          spellCheck={false}
          onChange={(e) => onChange({ ...value, executable: e.target.value })}
        />
      </td>
      <td>
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
      </td>
      <td>
        <input
          className="input input--mono"
          aria-label={`${name}: environment`}
          aria-invalid={envError !== null}
          data-testid={`settings-agent-${name}-env`}
          placeholder="none"
          value={env}
          spellCheck={false}
          onChange={(e) => {
            setEnv(e.target.value)
            const split = splitArgs(e.target.value)
            const parsed = split.ok ? parseEnvEntries(split.argv) : { ok: false as const, error: split.error }
            setEnvError(parsed.ok ? null : parsed.error)
            if (parsed.ok) onChange({ ...value, env: parsed.env })
          }}
        />
        {envError && (
          <span className="form-error" role="alert">
            {envError}
          </span>
        )}
      </td>
    </tr>
  )
}

/** Which executable runs each agent, and the arguments added to every launch. */
export function AgentSettings({ value, onChange }: { value: Agents; onChange: (next: Agents) => void }) {
  return (
    <fieldset className="settings__section" id="settings-agents" data-testid="settings-agents">
      <legend>Agents</legend>
      <table className="settings__agents">
        <thead>
          <tr>
            <th scope="col">Agent</th>
            <th scope="col">Executable</th>
            <th scope="col">Default arguments</th>
            <th scope="col">Environment</th>
          </tr>
        </thead>
        <tbody>
          {AGENT_NAMES.map((name) => (
            <AgentRow key={name} name={name} value={value[name]} onChange={(next) => onChange({ ...value, [name]: next })} />
          ))}
        </tbody>
      </table>
      <p className="settings__help">
        The board builds every agent launch from these (the new-pane form and <code>switchboard spawn --agent</code> alike). Arguments and <code>NAME=value</code> entries are split like a shell does (quotes honoured), never expanded.
      </p>
    </fieldset>
  )
}
