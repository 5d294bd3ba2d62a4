/**
 * Which keys answer an agent's dialog. Only what was seen working on the real CLIs is listed
 * (fixtures/<agent>/README.md and the measurements in src/main/answer/README.md); for any other
 * agent or dialog the board says so and the user answers in the terminal: never fake support.
 */
import type { DialogInfo } from '../../shared/domain/pane'

interface DialogKeyTable {
  /** Dialog kinds whose options are chosen (and submitted) by typing the option's digit. */
  readonly digitKinds: readonly DialogInfo['kind'][]
  /** The key that declines every dialog of this agent. */
  readonly deny: string | null
  /**
   * The label of a question's free-text option: choosing it (its digit) opens an input inside
   * the dialog, the answer goes as a paste, and Enter submits it.
   */
  readonly freeText?: RegExp
}

const ESC = '\x1b'

const TABLES: Readonly<Record<string, DialogKeyTable>> = {
  // 2.1.197: `3` answered "3. No" (fixture cc-80x24); digits choose AskUserQuestion options too
  // (measured in the board e2e with the real CLI). Esc declines both (cc-120x32).
  // Free text, measured at 60×19 (test/agents/claude/freeText.test.ts): `4` on "4. Type
  // something." moves the cursor there and opens the input in the row (nothing is submitted),
  // a bracketed paste fills it, Enter submits: the tool result carries the typed text.
  claude: { digitKinds: ['permission', 'question'], deny: ESC, freeText: /^Type something\.?$/ },
  // 0.171.0: a digit selects and submits (question: fixture; approval: `1`…`3` as listed, the
  // letters in brackets too). Esc cancels the approval ("3. No … (esc)").
  codex: { digitKinds: ['permission', 'question'], deny: ESC },
  // 0.73.1: the example extensions' dialogs are arrow-driven; "escape/ctrl+c cancel" is on screen.
  pi: { digitKinds: [], deny: ESC },
}

/** The keys that choose `optionKey` in this dialog, or null when the board does not know them. */
export function optionKeys(agent: string | null, dialog: DialogInfo, optionKey: string): string | null {
  const table = agent ? TABLES[agent] : undefined
  if (!table?.digitKinds.includes(dialog.kind)) return null
  return /^[1-9]$/.test(optionKey) ? optionKey : null
}

/** True when every option of the dialog can be chosen from the board. */
export function optionsAnswerable(agent: string | null, dialog: DialogInfo): boolean {
  return dialog.options.length > 0 && dialog.options.every((o) => optionKeys(agent, dialog, o.key) !== null)
}

/** The key that declines the dialog (Esc), or null when the board does not know it. */
export function denyKey(agent: string | null): string | null {
  return (agent ? TABLES[agent]?.deny : undefined) ?? null
}

/** The key of the question's free-text option ("Type something."), or null when it has none the board knows. */
export function freeTextKey(agent: string | null, dialog: DialogInfo): string | null {
  const table = agent ? TABLES[agent] : undefined
  if (!table?.freeText || dialog.kind !== 'question') return null
  const option = dialog.options.find((o) => table.freeText!.test(o.label))
  return option && optionKeys(agent, dialog, option.key) !== null ? option.key : null
}
