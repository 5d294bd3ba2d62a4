import type { BoardApi } from '../../../../shared/ipc/contract'
import { useOverlayStore } from '../../store/overlayStore'
import { focusSelectedTerminal } from '../terminal/terminalRegistry'
import { closeSelected, focusAnswer, jumpToNextNeedingYou, newPane, selectByNumber, selectRelative, toggleGrid } from './boardCommands'

/**
 * The board's keyboard shortcuts. All use Alt: Ctrl and Ctrl+Shift combinations belong to the
 * terminal programs (and many to the browser, which never lets a page have them), while Alt is
 * what terminal multiplexers such as Zellij use. Matched on the physical key (`code`), so they
 * work whatever Alt+key types on a Mac or in another layout.
 */
export interface Shortcut {
  /** KeyboardEvent.code values that trigger it (with Alt). */
  readonly codes: readonly string[]
  /** How the sheet shows it. */
  readonly keys: string
  readonly description: string
  readonly run: (api: BoardApi, code: string) => void
}

const DIGITS = Array.from({ length: 9 }, (_, i) => `Digit${i + 1}`)

export const SHORTCUTS: readonly Shortcut[] = [
  { codes: ['KeyJ'], keys: 'Alt J', description: 'Go to the next pane that needs you', run: () => jumpToNextNeedingYou() },
  { codes: DIGITS, keys: 'Alt 1 … 9', description: 'Go to pane 1 … 9 (its number in the sidebar)', run: (_api, code) => selectByNumber(Number(code.slice(-1))) },
  { codes: ['BracketLeft'], keys: 'Alt [', description: 'Previous pane', run: () => selectRelative(-1) },
  { codes: ['BracketRight'], keys: 'Alt ]', description: 'Next pane', run: () => selectRelative(1) },
  { codes: ['KeyA'], keys: 'Alt A', description: 'Type in the answer box', run: () => focusAnswer() },
  // Not Alt+T: that is transpose-words in bash, readline and Claude Code's prompt (issue 12).
  { codes: ['Backquote'], keys: 'Alt `', description: 'Back to the terminal', run: () => void focusSelectedTerminal() },
  { codes: ['KeyN'], keys: 'Alt N', description: 'New pane', run: () => newPane() },
  { codes: ['KeyW'], keys: 'Alt W', description: 'Close the pane (asks before ending a running program)', run: (api) => closeSelected(api) },
  { codes: ['KeyG'], keys: 'Alt G', description: 'One pane ↔ panes side by side', run: () => toggleGrid() },
  { codes: ['Comma'], keys: 'Alt ,', description: 'Settings', run: () => useOverlayStore.getState().open({ kind: 'settings' }) },
  { codes: ['Slash'], keys: 'Alt /', description: 'This list of shortcuts', run: () => useOverlayStore.getState().open({ kind: 'shortcuts' }) },
]

export function findShortcut(event: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'code'>): Shortcut | undefined {
  if (!event.altKey || event.ctrlKey || event.metaKey) return undefined
  return SHORTCUTS.find((s) => s.codes.includes(event.code))
}
