import type { BoardApi } from '../../../../shared/ipc/contract'
import type { Settings } from '../../../../shared/domain/settings'
import { useOverlayStore } from '../../store/overlayStore'
import { focusSelectedTerminal } from '../terminal/terminalRegistry'
import {
  closeSelected,
  focusAnswer,
  focusPaneSearch,
  jumpToNextNeedingYou,
  newPane,
  selectByNumber,
  selectRelative,
  startJump,
  toggleGrid,
  toggleScrollbackSearch,
  toggleSidebar,
} from './boardCommands'

/**
 * The board's keyboard shortcuts. All use one prefix, Alt by default (Settings → Shortcuts): Ctrl and Ctrl+Shift combinations belong to the
 * terminal programs (and many to the browser, which never lets a page have them), while Alt is
 * what terminal multiplexers such as Zellij use. Matched on the physical key (`code`), so they
 * work whatever Alt+key types on a Mac or in another layout.
 */
export interface Shortcut {
  /** Stable name, for a key of one's own in the settings (`shortcuts.keys`). */
  readonly id: string
  /** KeyboardEvent.code values that trigger it (with the prefix). */
  readonly codes: readonly string[]
  /** How the sheet shows it. */
  readonly keys: string
  readonly description: string
  readonly run: (api: BoardApi, code: string) => void
}

const DIGITS = Array.from({ length: 9 }, (_, i) => `Digit${i + 1}`)

export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'next-needing', codes: ['KeyJ'], keys: 'J', description: 'Go to the next pane that needs you', run: () => jumpToNextNeedingYou() },
  {
    id: 'pane-number',
    codes: DIGITS,
    keys: '1 … 9',
    description: 'Go to the 1st … 9th pane in the sidebar, top to bottom',
    run: (_api, code) => selectByNumber(Number(code.slice(-1))),
  },
  { id: 'jump', codes: ['Digit0'], keys: '0', description: 'Go to any pane: each shows a key (1 … 9, a … z), press it', run: () => startJump() },
  { id: 'search', codes: ['KeyS'], keys: 'S', description: 'Find a pane: type part of its title, agent, branch or state', run: () => focusPaneSearch() },
  { id: 'scrollback', codes: ['KeyH'], keys: 'H', description: "Find in the pane's scrollback", run: () => toggleScrollbackSearch() },
  { id: 'previous', codes: ['BracketLeft'], keys: '[', description: 'Previous pane', run: () => selectRelative(-1) },
  { id: 'next', codes: ['BracketRight'], keys: ']', description: 'Next pane', run: () => selectRelative(1) },
  { id: 'answer', codes: ['KeyA'], keys: 'A', description: 'Type in the answer box', run: () => focusAnswer() },
  // Not Alt+T: that is transpose-words in bash, readline and Claude Code's prompt (issue 12).
  { id: 'terminal', codes: ['Backquote'], keys: '`', description: 'Back to the terminal', run: () => void focusSelectedTerminal() },
  { id: 'new-pane', codes: ['KeyN'], keys: 'N', description: 'New pane', run: () => newPane() },
  { id: 'close', codes: ['KeyW'], keys: 'W', description: 'Close the pane (asks before ending a running program)', run: (api) => closeSelected(api) },
  { id: 'sidebar', codes: ['Backslash'], keys: '\\', description: 'Fold or show the sidebar', run: () => toggleSidebar() },
  { id: 'grid', codes: ['KeyG'], keys: 'G', description: 'One pane ↔ panes side by side', run: () => toggleGrid() },
  { id: 'settings', codes: ['Comma'], keys: ',', description: 'Settings', run: () => useOverlayStore.getState().open({ kind: 'settings' }) },
  { id: 'help', codes: ['Slash'], keys: '/', description: 'This list of shortcuts', run: () => useOverlayStore.getState().open({ kind: 'shortcuts' }) },
]

export type ShortcutConfig = Settings['shortcuts']
export const DEFAULT_SHORTCUTS: ShortcutConfig = { prefix: 'Alt', keys: {} }

type Mods = Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>

/** The event carries exactly the prefix's modifiers (Shift is free under plain Alt, as before). */
function hasPrefix(event: Mods, prefix: ShortcutConfig['prefix']): boolean {
  if (event.metaKey) return false
  switch (prefix) {
    case 'Alt':
      return event.altKey && !event.ctrlKey
    case 'Ctrl+Alt':
      return event.altKey && event.ctrlKey
    case 'Alt+Shift':
      return event.altKey && event.shiftKey && !event.ctrlKey
    case 'Ctrl+Shift':
      return event.ctrlKey && event.shiftKey && !event.altKey
  }
}

/** The codes that run a shortcut: the user's own key if set, else its defaults. */
export function codesOf(shortcut: Shortcut, config: ShortcutConfig): readonly string[] {
  const own = config.keys[shortcut.id]
  return own ? [own] : shortcut.codes
}

export function findShortcut(event: Mods & Pick<KeyboardEvent, 'code'>, config: ShortcutConfig = DEFAULT_SHORTCUTS): Shortcut | undefined {
  if (!hasPrefix(event, config.prefix)) return undefined
  return SHORTCUTS.find((s) => codesOf(s, config).includes(event.code))
}

const CODE_LABELS: Readonly<Record<string, string>> = {
  Backquote: '`',
  Slash: '/',
  Comma: ',',
  Period: '.',
  BracketLeft: '[',
  BracketRight: ']',
  Semicolon: ';',
  Quote: "'",
  Minus: '-',
  Equal: '=',
  Backslash: '\\',
}

/** How a key reads: "J", "`", "F5". */
export function codeLabel(code: string): string {
  return CODE_LABELS[code] ?? code.replace(/^(Key|Digit)/, '')
}

/** How the sheet shows a shortcut: the prefix, then its key(s), e.g. "Alt J". */
export function keysLabel(shortcut: Shortcut, config: ShortcutConfig): string {
  const own = config.keys[shortcut.id]
  const key = own ? codeLabel(own) : shortcut.keys
  return `${config.prefix.replace(/\+/g, ' ')} ${key}`
}

/** The commands that take one key, so a key of one's own can replace it (not the 1 … 9 group). */
export const EDITABLE_SHORTCUTS: readonly Shortcut[] = SHORTCUTS.filter((s) => s.codes.length === 1)

/**
 * Keys a Settings capture never takes: modifiers alone, Tab (moves the focus, for keyboard users)
 * and Escape (cancels the capture, closes dialogs).
 */
export function capturable(code: string): boolean {
  return /^[A-Za-z0-9]{1,32}$/.test(code) && !/^(Alt|Control|Shift|Meta|OS)(Left|Right)?$|^(Tab|Escape|CapsLock|ContextMenu)$/.test(code)
}

/** The config with `id` on `code`: an override, or none when `code` is its default. */
export function withKey(config: ShortcutConfig, id: string, code: string | null): ShortcutConfig {
  const { [id]: _old, ...keys } = config.keys
  const shortcut = SHORTCUTS.find((s) => s.id === id)
  if (code === null || !shortcut || (shortcut.codes.length === 1 && shortcut.codes[0] === code)) return { ...config, keys }
  return { ...config, keys: { ...keys, [id]: code } }
}

/** For each command whose key another command also has, those other commands (one meaning per key). */
export function shortcutConflicts(config: ShortcutConfig): ReadonlyMap<string, readonly Shortcut[]> {
  const conflicts = new Map<string, Shortcut[]>()
  for (const a of SHORTCUTS) {
    const codes = codesOf(a, config)
    const others = SHORTCUTS.filter((b) => b !== a && codesOf(b, config).some((c) => codes.includes(c)))
    if (others.length) conflicts.set(a.id, others)
  }
  return conflicts
}

/**
 * Keys the programs in panes use with Alt (readline and the agents' prompts: transpose, word
 * moves, delete word, …): allowed, but the Settings say what the program loses.
 */
export const PROGRAM_ALT_KEYS: Readonly<Record<string, string>> = {
  KeyT: 'transpose words',
  KeyB: 'word back',
  KeyF: 'word forward',
  KeyD: 'delete word',
  KeyU: 'upcase word',
  KeyL: 'downcase word',
  KeyC: 'capitalize word',
  KeyY: 'yank pop',
  Period: 'last argument',
  Backspace: 'delete word back',
}
