import type { AgentKind } from './agentKind'
import { claudeProfile } from './claude'
import { codexProfile } from './codex'
import { opencodeProfile } from './opencode'
import { piProfile } from './pi'
import type { AgentProfile } from './profile'
import { recognizeAgent } from '../../core/process/recognizeAgent'
import { shellProfile } from './shell'

/** Every known agent; `shell` last (it matches nothing and reports nothing). */
export const AGENT_PROFILES: readonly AgentProfile[] = [claudeProfile, codexProfile, opencodeProfile, piProfile, shellProfile]

export function profileFor(kind: AgentKind): AgentProfile {
  return AGENT_PROFILES.find((p) => p.kind === kind) ?? shellProfile
}

/** The profile for a command line about to be launched (or seen in a pane's foreground). */
export function profileForCommand(argv: readonly string[]): AgentProfile {
  const kind = recognizeAgent(argv)
  return kind ? profileFor(kind) : shellProfile
}
