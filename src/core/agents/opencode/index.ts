import type { AgentKnowledge } from '../agentKnowledge'
import { opencodeReports } from './reports'

/** OpenCode: what the core knows (screen rules: resources/rules/opencode.toml). */
export const opencode = {
  name: 'opencode',
  reports: opencodeReports,
  // 1.18.33: not measured from the board yet; the user answers in the terminal.
  dialogKeys: null,
  packageHints: [/\bopencode-ai\b|\bopencode-(linux|darwin|windows)-/],
  terminalState: null,
} as const satisfies AgentKnowledge
