import type { AgentKnowledge } from '../agentKnowledge'
import { claudeReports } from './reports'

/** Claude Code: what the core knows (screen rules: resources/rules/claude.toml). */
export const claude = {
  name: 'claude',
  reports: claudeReports,
  // 2.1.197: `3` answered "3. No" (fixture cc-80x24); digits choose AskUserQuestion options too
  // (measured in the board e2e with the real CLI). Esc declines both (cc-120x32).
  // Free text, measured at 60×19 (test/agents/claude/freeText.test.ts): `4` on "4. Type
  // something." moves the cursor there and opens the input in the row (nothing is submitted),
  // a bracketed paste fills it, Enter submits: the tool result carries the typed text.
  // Option labels: the permission dialog's second option as both versions word it (fixtures
  // cc-*.screens.txt, test/fixtures/claude; the templates are in both binaries' strings).
  dialogKeys: {
    digitKinds: ['permission', 'question'],
    deny: '\x1b',
    freeText: /^Type something\.?$/,
    optionLabels: ['Yes, and always allow access to {}/ from this project', 'Yes, allow all edits in {} during this session', 'Yes, allow reading from {} from this project', 'Yes, allow reading from {} during this session'],
    // 2.1.332's unnumbered folder-trust dialog (`❯ No, exit` / `Yes, I trust this folder`): digits
    // do nothing there, ↓ then Enter takes Yes (test/agents/claude/trust.test.ts).
    arrows: { down: '\x1b[B', up: '\x1b[A', enter: '\r' },
  },
  // Claude's Enter and Esc are read through its report table's escapeCancelsDialog (enterAt/escapeAt).
  answerKeys: null,
  pasteEcho: null,
  packageHints: [/@anthropic-ai\/claude-code\b/],
  terminalState: null,
} as const satisfies AgentKnowledge
