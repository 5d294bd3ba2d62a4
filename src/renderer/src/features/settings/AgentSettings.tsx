import { useState } from 'react'
import { parseEnvEntries } from '../../../../core/launch/launchPlan'
import { formatEnv } from '../newPane/launchRequest'
import type { AgentInfo } from '../../../../shared/domain/agents'
import { NO_AGENT_SETTINGS, type AgentLaunchSettings, type Settings } from '../../../../shared/domain/settings'
import { formatArgv } from '../../lib/format'
import { splitArgs } from '../../lib/splitArgs'
import { useSettingsStore } from '../../store/settingsStore'

type Agents = Settings['agents']

function AgentRow({ agent, value, onChange }: { agent: AgentInfo; value: AgentLaunchSettings; onChange: (next: AgentLaunchSettings) => void }) {
  const name = agent.id
  const [args, setArgs] = useState(() => formatArgv(value.args))
  const [env, setEnv] = useState(() => formatEnv(value.env).replace(/\n/g, ' '))
  const [error, setError] = useState<string | null>(null)
  const [envError, setEnvError] = useState<string | null>(null)
  return (
    <tr data-testid={`settings-agent-${name}`}>
      <th scope="row" title={agent.folder}>
        {name}
        {agent.source === 'user' && <span className="field__optional"> yours</span>}
      </th>
      <td>
        <input
          className="input input--mono"
          aria-label={`${name}: executable`}
          placeholder={`${agent.command[0] ?? name} (from PATH)`}
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

/**
 * Which executable runs each agent, and the arguments added to every launch: every agent the
 * board knows, its own folders and the user's (`agents/` in the config dir), with the problems
 * of a user's folder that did not load.
 */
export function AgentSettings({ value, onChange }: { value: Agents; onChange: (next: Agents) => void }) {
  const agents = useSettingsStore((s) => s.agents)
  const problems = useSettingsStore((s) => s.agentProblems)
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
          {agents.map((agent) => (
            <AgentRow key={agent.id} agent={agent} value={Object.prototype.hasOwnProperty.call(value, agent.id) ? value[agent.id]! : NO_AGENT_SETTINGS} onChange={(next) => onChange({ ...value, [agent.id]: next })} />
          ))}
        </tbody>
      </table>
      {problems.length > 0 && (
        <ul className="form-error" role="alert" data-testid="settings-agent-problems">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <p className="settings__help">
        An agent of your own is a folder in the <code>agents</code> folder beside your settings: <code>agent.toml</code> (id, name, command) and <code>rules.toml</code>. The board builds every agent launch from these (the new-pane form and <code>switchboard spawn --agent</code> alike). Arguments and <code>NAME=value</code> entries are split like a shell does (quotes honoured), never expanded.
      </p>
    </fieldset>
  )
}
