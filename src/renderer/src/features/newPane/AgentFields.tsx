import { useId, type RefObject } from 'react'
import type { AgentInfo } from '../../../../shared/domain/agents'
import type { LaunchPreset } from '../../../../shared/domain/settings'
import { formatArgv } from '../../lib/format'
import type { LaunchForm } from './launchRequest'

interface AgentFieldsProps {
  readonly form: LaunchForm
  readonly presets: readonly LaunchPreset[]
  /** The agents the board knows: its folders and the user's own. */
  readonly agents: readonly AgentInfo[]
  /** The agent chosen (the preset's, when one is). */
  readonly agent: string
  /** What main will run for it: executable and arguments (display only; main decides). */
  readonly plan: { readonly executable: string; readonly args: readonly string[] }
  readonly argsRef: RefObject<HTMLInputElement | null>
  readonly onPreset: (name: string) => void
  readonly set: (patch: Partial<LaunchForm>) => void
}

/** An agent launch: a preset or an agent (as Settings → Agents says to run it), and arguments of its own. */
export function AgentFields({ form, presets, agents, agent, plan, argsRef, onPreset, set }: AgentFieldsProps) {
  const ids = { preset: useId(), agent: useId(), args: useId() }
  const preset = presets.find((p) => p.name === form.preset)
  return (
    <>
      {presets.length > 0 && (
        <div className="field">
          <label htmlFor={ids.preset}>Preset</label>
          <select id={ids.preset} className="input" data-testid="new-pane-preset" value={form.preset} onChange={(e) => onPreset(e.target.value)}>
            <option value="">none</option>
            {presets.map((p) => (
              <option key={p.name} value={p.name}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor={ids.agent}>Agent</label>
        <select
          id={ids.agent}
          className="input"
          data-testid="new-pane-agent"
          value={agent}
          disabled={preset !== undefined}
          onChange={(e) => set({ agent: e.target.value })}
        >
          {agents.map((a) => (
            <option key={a.id} value={a.id} data-source={a.source}>
              {a.source === 'user' ? `${a.name} (${a.id}, yours)` : a.name === a.id ? a.id : `${a.name} (${a.id})`}
            </option>
          ))}
          {!agents.some((a) => a.id === agent) && <option value={agent}>{agent} (not found)</option>}
        </select>
        <code className="field__hint" data-testid="new-pane-agent-command" title="From Settings → Agents (and the preset); the board runs it">
          {formatArgv([plan.executable, ...plan.args])}
        </code>
      </div>
      <div className="field">
        <label htmlFor={ids.args}>
          Arguments <span className="field__optional">added to the defaults</span>
        </label>
        <input
          id={ids.args}
          ref={argsRef}
          className="input input--mono"
          data-testid="new-pane-args"
          placeholder="--model opus"
          value={form.args}
          onChange={(e) => set({ args: e.target.value })}
          spellCheck={false}
          autoComplete="off"
        />
      </div>
    </>
  )
}
