import { AGENT_ID_PATTERN } from '../../shared/domain/agents'
import { agentSettings, type Settings } from '../../shared/domain/settings'

/** How a pane was launched, as far as the settings go: by agent id, and by a preset's name. */
export interface LaunchOrigin {
  readonly agent?: string
  readonly preset?: string
}

const isAgentId = (agent: string | undefined): agent is string => agent !== undefined && AGENT_ID_PATTERN.test(agent)

/**
 * The environment the settings give a launch (the agent's, then its preset's), as they are now:
 * what a launch by agent or preset starts with (planAgentLaunch layers them the same way), and
 * what a resume applies again (a preset since deleted gives nothing). A launch's own overrides go on top.
 */
export function settingsEnv(settings: Settings, origin: LaunchOrigin): Record<string, string> {
  const preset = origin.preset !== undefined ? settings.presets.find((p) => p.name === origin.preset) : undefined
  const agent = preset?.agent ?? origin.agent
  if (!isAgentId(agent)) return {}
  return { ...agentSettings(settings, agent).env, ...(preset?.env ?? {}) }
}

/** Where the user keeps a variable so that a resume of this launch has it (a preset's launch too); null: nowhere in the settings. */
export function settingsPlace(origin: LaunchOrigin): string | null {
  return isAgentId(origin.agent) ? `Settings → Agents → ${origin.agent} → Environment` : null
}
