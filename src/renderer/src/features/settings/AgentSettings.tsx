import { useState } from 'react'
import { AGENT_NAMES, type AgentName } from '../../../../shared/domain/agents'
import type { Settings } from '../../../../shared/domain/settings'
import { formatArgv } from '../../lib/format'
import { splitArgs } from '../../lib/splitArgs'

type Agents = Settings['agents']

function AgentRow({ name, value, onChange }: { name: AgentName; value: Agents[AgentName]; onChange: (next: Agents[AgentName]) => void }) {
  const [args, setArgs] = useState(() => formatArgv(value.args))
  const [error, setError] = useState<string | null>(null)
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>
        <input
          className="input input--mono"
          aria-label={`${name}: executable`}
          placeholder={`${name} (from PATH)`}
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
    </tr>
  )
}

/** Which executable runs each agent, and the arguments added to every launch. */
export function AgentSettings({ value, onChange }: { value: Agents; onChange: (next: Agents) => void }) {
  return (
    <fieldset className="settings__section">
      <legend>Agents</legend>
      <table className="settings__agents">
        <thead>
          <tr>
            <th scope="col">Agent</th>
            <th scope="col">Executable</th>
            <th scope="col">Default arguments</th>
          </tr>
        </thead>
        <tbody>
          {AGENT_NAMES.map((name) => (
            <AgentRow key={name} name={name} value={value[name]} onChange={(next) => onChange({ ...value, [name]: next })} />
          ))}
        </tbody>
      </table>
      <p className="settings__help">Arguments are split like a shell does (quotes honoured), never expanded.</p>
    </fieldset>
  )
}
