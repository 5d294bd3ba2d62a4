import type { AgentKnowledge } from '../agentKnowledge'
import { opencodeReports } from './reports'

/** OpenCode: what the core knows (screen rules: resources/rules/opencode.toml). */
export const opencode = {
  name: 'opencode',
  reports: opencodeReports,
  // 1.18.33: not measured from the board yet; the user answers in the terminal.
  dialogKeys: null,
  // 1.18.33, permission dialogs ("⇆ select  enter confirm"): Enter submits the highlighted option
  // (Allow once, Allow always → the "Always allow" confirmation, Reject; then Confirm / Cancel).
  // After Confirm it drew the first dialog again for 1.3 s and reported permission.replied 1.25 s
  // after the key (test/fixtures/opencode/opencode11833-always-allow-120x32, loaded machine). Not
  // the question dialog: Enter on "Type your own answer" opens an input inside it.
  answerKeys: { permission: ['enter'] },
  pasteEcho: null,
  packageHints: [/\bopencode-ai\b|\bopencode-(linux|darwin|windows)-/],
  terminalState: null,
} as const satisfies AgentKnowledge
