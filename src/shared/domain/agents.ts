/**
 * The agents the board knows: the one list every other list is derived from (settings, the new
 * pane form, report tables, launch profiles, rule files). What each agent is made of lives in one
 * folder per layer; src/core/agents/README.md says how to add a version or an agent.
 */

export const AGENT_NAMES = ['claude', 'codex', 'opencode', 'pi', 'gemini'] as const
/** An agent the board launches with reporting injected and reads with its own rules. */
export type AgentName = (typeof AGENT_NAMES)[number]

/** The agents plus `shell`: any other program, launched as typed, reporting nothing. */
export const AGENT_KINDS = [...AGENT_NAMES, 'shell'] as const
export type AgentKind = (typeof AGENT_KINDS)[number]

/** How the UI names each agent. */
export const AGENT_DISPLAY_NAMES = {
  claude: 'Claude Code',
  codex: 'Codex',
  opencode: 'OpenCode',
  pi: 'Pi',
  gemini: 'Gemini CLI',
  shell: 'Shell',
} as const satisfies Record<AgentKind, string>

export function isAgentName(name: string | null | undefined): name is AgentName {
  return name != null && (AGENT_NAMES as readonly string[]).includes(name)
}
