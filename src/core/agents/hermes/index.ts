import type { AgentKnowledge } from '../agentKnowledge'
import { hermesReports } from './reports'

/** Hermes Agent: what the core knows (screen rules: resources/rules/hermes.toml). */
export const hermes = {
  name: 'hermes',
  reports: hermesReports,
  // 0.19.0 (cli.py): a digit selects and submits an approval option and a clarify choice; Esc
  // does nothing in either (Ctrl+C denies and interrupts the turn).
  dialogKeys: { digitKinds: ['permission', 'question'], deny: null },
  answerKeys: null,
  packageHints: [/\bhermes_cli\b/, /\/hermes-agent\//],
  terminalState: null,
} as const satisfies AgentKnowledge
