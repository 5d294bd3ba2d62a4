import type { AgentKnowledge } from '../agentKnowledge'
import { hermesReports } from './reports'

/** Hermes Agent: what the core knows (screen rules: resources/rules/hermes.toml). */
export const hermes = {
  name: 'hermes',
  reports: hermesReports,
  // 0.19.0 (cli.py, test/agents/hermes/hermes.test.ts): a digit selects and submits an approval
  // option and a clarify choice; Esc does nothing in either (Ctrl+C denies and interrupts the
  // turn, so no key declines without side effects). The clarify box's last choice, "Other (type
  // your answer)", opens a free-text input (✎): the answer goes as a paste, Enter submits it.
  dialogKeys: { digitKinds: ['permission', 'question'], deny: null, freeText: /^Other \(type your answer\)$/ },
  answerKeys: null,
  packageHints: [/\bhermes_cli\b/, /\/hermes-agent\//],
  terminalState: null,
} as const satisfies AgentKnowledge
