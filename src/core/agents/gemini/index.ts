import type { AgentKnowledge } from '../agentKnowledge'
import { geminiReports } from './reports'

/** Gemini CLI: what the core knows (screen rules: resources/rules/gemini.toml). */
export const gemini = {
  name: 'gemini',
  reports: geminiReports,
  // 0.61.0: a digit chooses and submits an option of the permission box ("1. Allow once") and of
  // a single question ("2. Blue"); Esc is "No, suggest changes (esc)" and cancels a question.
  // Free text: the digit of "Enter a custom value" moves there and opens the input in the row
  // ("Enter to submit · Esc to cancel"), a bracketed paste fills it, Enter submits: the tool
  // result carries the text (test/agents/gemini/gemini.test.ts).
  dialogKeys: { digitKinds: ['permission', 'question'], deny: '\x1b', freeText: /^Enter a custom value$/ },
  // Typed in the terminal: every option of the permission box answers it (Enter on the highlighted
  // one, its digit, Esc); a question is answered by an option's digit or cancelled with Esc, not
  // by Enter (on "Enter a custom value" it opens the input). Gemini keeps the dialog drawn
  // 0.4–0.9 s after the digit at load average 15 (test/fixtures/gemini).
  answerKeys: { permission: ['enter', 'escape', 'digit'], question: ['digit', 'escape'] },
  // bufferFastReturn: an Enter read within 30 ms of an inserted key is a newline; the composer adds
  // 40 ms after a paste (isTerminalPasteTrusted, only with the kitty protocol). At load average 16
  // the answer box's paste and its Enter 140 ms later were read together and the Enter became a
  // newline in ask_user's text field (test/agents/gemini/gemini.test.ts). Pastes over 500
  // characters or 5 lines are shown as "[Pasted Text: N lines]".
  pasteEcho: { windowMs: 40, placeholder: { overChars: 500, overLines: 5, shows: '[Pasted Text: ' } },
  packageHints: [/@google\/gemini-cli\b/],
  terminalState: null,
} as const satisfies AgentKnowledge
