/**
 * Which keys answer an agent's dialog, from its `dialogKeys` (its folder's agent.toml, `[dialog_keys]`).
 * Only what was seen working on the real CLIs is listed (fixtures/<agent>/README.md and the
 * measurements in src/board/answer/README.md); for any other agent or dialog the board says so and
 * the user answers in the terminal: never fake support.
 */
import type { DialogInfo } from '../../shared/domain/pane'
import type { DialogKeyTable } from '../agents/agentKnowledge'

/** The agent's dialog keys (AgentKnowledge.dialogKeys); null: none are known, the user answers in the terminal. */
export type DialogKeys = DialogKeyTable | null

/**
 * The key that chooses `optionKey` in this dialog, or null when the board does not know it (or
 * when the dialog is chosen with the arrows: see optionKeyPresses).
 */
export function optionKeys(keys: DialogKeys, dialog: DialogInfo, optionKey: string): string | null {
  if (dialog.choose === 'arrows' || !keys?.digitKinds.includes(dialog.kind)) return null
  return /^[1-9]$/.test(optionKey) ? optionKey : null
}

/**
 * The key presses, in order, that choose `optionKey`: its digit, or for a dialog chosen with the
 * arrows the moves from the highlighted option to it and Enter. Null when the board does not know
 * them (no arrow keys measured for the agent, or no highlight on screen to count from).
 */
export function optionKeyPresses(keys: DialogKeys, dialog: DialogInfo, optionKey: string): readonly string[] | null {
  if (dialog.choose !== 'arrows') {
    const key = optionKeys(keys, dialog, optionKey)
    return key === null ? null : [key]
  }
  const arrows = keys?.arrows
  const to = dialog.options.findIndex((o) => o.key === optionKey)
  if (!arrows || to < 0 || dialog.cursor === undefined) return null
  const step = to > dialog.cursor ? arrows.down : arrows.up
  return [...Array<string>(Math.abs(to - dialog.cursor)).fill(step), arrows.enter]
}

/** True when every option of the dialog can be chosen from the board. */
export function optionsAnswerable(keys: DialogKeys, dialog: DialogInfo): boolean {
  return dialog.options.length > 0 && dialog.options.every((o) => optionKeyPresses(keys, dialog, o.key) !== null)
}

/** The key that declines the dialog (Esc), or null when the board does not know it. */
export function denyKey(keys: DialogKeys): string | null {
  return keys?.deny ?? null
}

/** The key of the question's free-text option ("Type something."), or null when it has none the board knows. */
export function freeTextKey(keys: DialogKeys, dialog: DialogInfo): string | null {
  const freeText = keys?.freeText
  if (!freeText || dialog.kind !== 'question') return null
  const option = dialog.options.find((o) => freeText.test(o.label))
  return option && optionKeys(keys, dialog, option.key) !== null ? option.key : null
}
