import type { PaneId } from '../../shared/domain/pane'
import type { AgentLaunch } from '../agents/launchAgent'
import type { AgentLaunches } from '../agents/agentLaunches'
import type { AgentProfile } from '../agents/profile'
import type { Logger } from '../util/log'

/**
 * Reporting for an agent's launch (`profile`: the agent asked for, or the one its command runs);
 * null for other programs and agents that report nothing, or when it cannot be set up (said in the log).
 */
export function injectReporting(
  agents: AgentLaunches | undefined,
  log: Logger,
  id: PaneId,
  argv: readonly string[],
  env: Record<string, string>,
  profile: AgentProfile,
): AgentLaunch | null {
  if (!agents) return null
  try {
    const launch = agents.prepare(id, argv, env, profile)
    if (launch.reporting) return launch
    launch.dispose()
    return null
  } catch (err) {
    // The agent still runs, watched through its screen and processes only; say why.
    log.error('could not inject reporting; the pane runs without agent reports', { pane: id, err: String(err) })
    return null
  }
}
