import type { PaneId } from '../../shared/domain/pane'
import type { AgentKind } from '../../shared/domain/agents'
import type { AgentLaunch } from '../agents/launchAgent'
import type { AgentLaunches } from '../agents/agentLaunches'
import type { Logger } from '../util/log'

/** Reporting for a known agent's launch; null for other programs, or when it cannot be set up (said in the log). */
export function injectReporting(agents: AgentLaunches | undefined, log: Logger, id: PaneId, argv: readonly string[], env: Record<string, string>, kind?: AgentKind): AgentLaunch | null {
  if (!agents) return null
  try {
    const launch = agents.prepare(id, argv, env, kind)
    if (launch.agent !== 'shell') return launch
    launch.dispose()
    return null
  } catch (err) {
    // The agent still runs, watched through its screen and processes only; say why.
    log.error('could not inject reporting; the pane runs without agent reports', { pane: id, err: String(err) })
    return null
  }
}
