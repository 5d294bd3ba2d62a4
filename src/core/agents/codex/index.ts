import type { AgentKnowledge } from '../agentKnowledge'
import { codexReports } from './reports'
import { CODEX_STATE_OSC, parseCodexStateOsc } from './stateOsc'

/** Codex CLI: what the core knows (screen rules: resources/rules/codex.toml). */
export const codex = {
  name: 'codex',
  reports: codexReports,
  // 0.171.0: a digit selects and submits (question: fixture; approval: `1`…`3` as listed, the
  // letters in brackets too). Esc cancels the approval ("3. No … (esc)").
  dialogKeys: { digitKinds: ['permission', 'question'], deny: '\x1b' },
  // Its own terminal state (OSC 7501) says when a dialog is answered.
  answerKeys: null,
  pasteEcho: null,
  packageHints: [/@openai\/codex\b/],
  terminalState: { osc: CODEX_STATE_OSC, parse: parseCodexStateOsc },
} as const satisfies AgentKnowledge
