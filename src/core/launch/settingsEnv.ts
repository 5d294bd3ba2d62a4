import { planAgentLaunch } from './launchPlan'
import { isAgentName, type AgentKind } from '../../shared/domain/agents'
import type { Settings } from '../../shared/domain/settings'

/** How a pane was launched, as far as the settings go: by agent kind, and by a preset's name. */
export interface LaunchOrigin {
  readonly agent?: AgentKind
  readonly preset?: string
}

/**
 * The environment the settings give a launch (the agent's, then its preset's), as they are now:
 * what a launch by agent or preset starts with, and what a resume applies again (a preset since
 * deleted gives nothing). A launch's own overrides go on top.
 */
export function settingsEnv(settings: Settings, origin: LaunchOrigin): Record<string, string> {
  const preset = origin.preset !== undefined ? settings.presets.find((p) => p.name === origin.preset) : undefined
  const agent = preset?.agent ?? origin.agent
  if (!isAgentName(agent)) return {}
  return { ...planAgentLaunch(agent, settings.agents[agent], preset && { env: preset.env }).env }
}

/** Where the user keeps a variable so that a resume of this launch has it (a preset's launch too); null: nowhere in the settings. */
export function settingsPlace(origin: LaunchOrigin): string | null {
  return isAgentName(origin.agent) ? `Settings → Agents → ${origin.agent} → Environment` : null
}
