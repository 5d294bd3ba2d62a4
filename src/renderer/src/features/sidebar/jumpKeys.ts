/**
 * Any pane in at most two keystrokes: Alt+1 … Alt+9 go to the first nine, and Alt+0 shows a key
 * on every pane — 1 … 9, then a … z — which the next keystroke takes. Pure.
 */
import type { PaneId } from '../../../../shared/domain/pane'

const KEYS = '123456789abcdefghijklmnopqrstuvwxyz'

/** The key shown on the pane at this position (0-based) of the board's order, or null past the last key. */
export function jumpKey(index: number): string | null {
  return KEYS[index] ?? null
}

/** The pane a key names in the board's order, or null. */
export function paneForJumpKey(order: readonly PaneId[], key: string): PaneId | null {
  const at = KEYS.indexOf(key.toLowerCase())
  return at >= 0 && key.length === 1 ? (order[at] ?? null) : null
}
