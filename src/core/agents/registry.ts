import { isAgentName, type AgentName } from '../../shared/domain/agents'
import type { AgentKnowledge } from './agentKnowledge'
import { claude } from './claude'
import { codex } from './codex'
import { opencode } from './opencode'
import { pi } from './pi'
import { gemini } from './gemini'

/**
 * The core's registry: one entry per agent of AGENT_NAMES. `satisfies Record<AgentName, …>` makes
 * an agent added to the list without its folder here a compile error, not a silent gap.
 */
export const AGENTS: Readonly<Record<AgentName, AgentKnowledge>> = { claude, codex, opencode, pi, gemini } satisfies Record<AgentName, AgentKnowledge>

/** What the core knows about an agent, or null for a shell or an unknown program. */
export function agentKnowledge(agent: string | null): AgentKnowledge | null {
  return isAgentName(agent) ? AGENTS[agent] : null
}
