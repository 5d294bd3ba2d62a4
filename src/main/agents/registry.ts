import { AGENT_KINDS, type AgentKind } from '../../shared/domain/agents'
import { recognizeAgent } from '../../core/process/recognizeAgent'
import { claudeProfile } from './claude'
import { codexProfile } from './codex'
import { opencodeProfile } from './opencode'
import { piProfile } from './pi'
import { geminiProfile } from './gemini'
import type { AgentProfile } from './profile'
import { shellProfile } from './shell'

/**
 * Main's registry: how to launch each kind. `satisfies Record<AgentKind, …>` makes an agent added
 * to AGENT_NAMES without a launch profile a compile error.
 */
export const PROFILES: Readonly<Record<AgentKind, AgentProfile>> = {
  claude: claudeProfile,
  codex: codexProfile,
  opencode: opencodeProfile,
  pi: piProfile,
  gemini: geminiProfile,
  shell: shellProfile,
} satisfies Record<AgentKind, AgentProfile>

/** Every known agent; `shell` last (it matches nothing and reports nothing). */
export const AGENT_PROFILES: readonly AgentProfile[] = AGENT_KINDS.map((kind) => PROFILES[kind])

export function profileFor(kind: AgentKind): AgentProfile {
  return PROFILES[kind]
}

/** The profile for a command line about to be launched (or seen in a pane's foreground). */
export function profileForCommand(argv: readonly string[]): AgentProfile {
  const kind = recognizeAgent(argv)
  return kind ? profileFor(kind) : shellProfile
}
