import { useState } from 'react'
import type { AgentInfo } from '../../../../shared/domain/agents'
import { NO_AGENT_SETTINGS, type AgentLaunchSettings, type Settings } from '../../../../shared/domain/settings'
import { formatArgv } from '../../lib/format'
import { splitArgs } from '../../lib/splitArgs'
import { useSettingsStore } from '../../store/settingsStore'
import { EnvRows } from '../env/EnvRows'

type Agents = Settings['agents']

/** One agent: the executable, the arguments added to every launch, and its environment as rows. */
function AgentBlock({ agent, value, onChange }: { agent: AgentInfo; value: AgentLaunchSettings; onChange: (next: AgentLaunchSettings) => void }) {
  const name = agent.id
  const [args, setArgs] = useState(() => formatArgv(value.args))
  const [error, setError] = useState<string | null>(null)
  return (
    <div className="agent-settings__agent" data-testid={`settings-agent-${name}`}>
      <h3 className="agent-settings__name" title={agent.folder}>
        {name}
        {agent.source === 'user' && <span className="field__optional"> yours</span>}
      </h3>
      <div className="agent-settings__fields">
        <label className="agent-settings__field">
          <span className="field__label">Executable</span>
          <input
            className="input input--mono"
            aria-label={`${name}: executable`}
            placeholder={`${agent.command[0] ?? name} (from PATH)`}
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

/**
 * Which executable runs each agent, the arguments added to every launch, and its variables: every
 * agent the board knows, its own folders and the user's (`agents/` in the config dir), with the
 * problems of a user's folder that did not load.
 */
export function AgentSettings({ value, onChange }: { value: Agents; onChange: (next: Agents) => void }) {
  const agents = useSettingsStore((s) => s.agents)
  const problems = useSettingsStore((s) => s.agentProblems)
  return (
    <fieldset className="settings__section" id="settings-agents" data-testid="settings-agents">
      <legend>Agents</legend>
      {agents.map((agent) => (
        <AgentBlock
          key={agent.id}
          agent={agent}
          value={Object.prototype.hasOwnProperty.call(value, agent.id) ? value[agent.id]! : NO_AGENT_SETTINGS}
          onChange={(next) => onChange({ ...value, [agent.id]: next })}
        />
      ))}
      {problems.length > 0 && (
        <ul className="form-error" role="alert" data-testid="settings-agent-problems">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <p className="settings__help">
        An agent of your own is a folder in the <code>agents</code> folder beside your settings: <code>agent.toml</code> (id, name, command) and{' '}
        <code>rules.toml</code>. The board builds every agent launch from these (the new-pane form and <code>switchboard spawn --agent</code> alike). Arguments
        are split like a shell does (quotes honoured), never expanded. A value whose name looks secret (a key, a token, a password) is never shown again: type a
        new one to replace it.
      </p>
    </fieldset>
  )
}
