import type { AgentKnowledge } from '../agentKnowledge'
import { piReports } from './reports'

/** Pi coding agent: what the core knows (screen rules: resources/rules/pi.toml). */
export const pi = {
  name: 'pi',
  reports: piReports,
  // 0.73.1: the example extensions' dialogs are arrow-driven; "escape/ctrl+c cancel" is on screen.
  dialogKeys: { digitKinds: [], deny: '\x1b' },
  // Extension dialogs: what their keys do is each extension's.
  answerKeys: null,
  pasteEcho: null,
  packageHints: [/@mariozechner\/pi-coding-agent\b/],
  terminalState: null,
} as const satisfies AgentKnowledge
