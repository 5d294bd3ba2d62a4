/**
 * Which keys answer an agent's dialog, from each agent's `dialogKeys` (src/core/agents/<agent>/).
 * Only what was seen working on the real CLIs is listed (fixtures/<agent>/README.md and the
 * measurements in src/main/answer/README.md); for any other agent or dialog the board says so and
 * the user answers in the terminal: never fake support.
 */
import type { DialogInfo } from '../../shared/domain/pane'
import { agentKnowledge } from '../agents/registry'

const table = (agent: string | null) => agentKnowledge(agent)?.dialogKeys ?? null

/** The keys that choose `optionKey` in this dialog, or null when the board does not know them. */
export function optionKeys(agent: string | null, dialog: DialogInfo, optionKey: string): string | null {
  const keys = table(agent)
  if (!keys?.digitKinds.includes(dialog.kind)) return null
  return /^[1-9]$/.test(optionKey) ? optionKey : null
}

/** True when every option of the dialog can be chosen from the board. */
export function optionsAnswerable(agent: string | null, dialog: DialogInfo): boolean {
  return dialog.options.length > 0 && dialog.options.every((o) => optionKeys(agent, dialog, o.key) !== null)
}

/** The key that declines the dialog (Esc), or null when the board does not know it. */
export function denyKey(agent: string | null): string | null {
  return table(agent)?.deny ?? null
}

/** The key of the question's free-text option ("Type something."), or null when it has none the board knows. */
export function freeTextKey(agent: string | null, dialog: DialogInfo): string | null {
  const freeText = table(agent)?.freeText
  if (!freeText || dialog.kind !== 'question') return null
  const option = dialog.options.find((o) => freeText.test(o.label))
  return option && optionKeys(agent, dialog, option.key) !== null ? option.key : null
}
