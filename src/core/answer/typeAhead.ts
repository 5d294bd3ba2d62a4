/**
 * The type-ahead guard (PEERS.md §5.4): a user typing into a pane's terminal when the agent flips
 * into a permission dialog or an option list would approve something unseen — a half-typed "y",
 * a "1", an Enter meant for the prompt. Keystrokes that arrive within 500 ms of the flip, or
 * before the terminal view has even shown the dialog, are held, shown, and sent only once the
 * user confirms.
 */
import type { PaneState } from '../../shared/domain/pane'
import { keyTokens } from '../terminal/keyTokens'

export const enum TypeAheadConstants {
  /** Keystrokes this soon after a pane flips into a dialog were typed before anyone could read it. */
  WindowMs = 500,
}

export interface VerdictView {
  readonly state: PaneState
  readonly since: number
}

/** Focus in/out reports (`CSI I`, `CSI O`): the terminal sends them when it gains or loses focus; nobody typed them. */
// eslint-disable-next-line no-control-regex
const FOCUS_REPORTS = /^(?:\x1b\[[IO])+$/

export type TypeAheadDecision = { readonly hold: false } | { readonly hold: true; readonly reason: string }

/**
 * Decides for keystrokes typed into a terminal view. `live` is the pane's verdict in main now;
 * `seen` is the verdict the view showed when the keys were typed (null: it had none yet).
 */
export function typeAhead(live: VerdictView, seen: VerdictView | null, data: string, now: number): TypeAheadDecision {
  if (FOCUS_REPORTS.test(data)) return { hold: false }
  if (live.state !== 'blocked' && live.state !== 'question') return { hold: false }
  const what = live.state === 'blocked' ? 'a permission dialog' : 'a question'
  if (now - live.since < TypeAheadConstants.WindowMs) {
    return { hold: true, reason: `The pane opened ${what} ${Math.max(0, now - live.since)} ms before these keys arrived.` }
  }
  if (!seen || seen.state !== live.state || seen.since !== live.since) {
    return { hold: true, reason: `The pane opened ${what} that was not on your screen yet when you typed.` }
  }
  return { hold: false }
}

const KEY_NAMES: Readonly<Record<string, string>> = {
  '\r': '⏎',
  '\n': '⏎',
  '\t': '⇥',
  '\x7f': '⌫',
  '\x08': '⌫',
  '\x1b': 'Esc',
  '\x1b[A': '↑',
  '\x1b[B': '↓',
  '\x1b[C': '→',
  '\x1b[D': '←',
  '\x1bOA': '↑',
  '\x1bOB': '↓',
  '\x1bOC': '→',
  '\x1bOD': '←',
  '\x1b[Z': '⇧⇥',
  ' ': '␣',
}

/** Keystrokes as a person reads them: `y`, `⏎`, `Esc`, `↓`, `^C`. */
export function describeKeys(data: string): string[] {
  return keyTokens(data).flatMap(({ kind, text }) => {
    if (kind === 'alt') return ['Esc', describeChar(text.slice(1))]
    if (kind === 'csi' || kind === 'ss3') return [KEY_NAMES[text] ?? 'Esc…']
    return [KEY_NAMES[text] ?? describeChar(text)]
  })
}

function describeChar(char: string): string {
  const code = char.charCodeAt(0)
  return KEY_NAMES[char] ?? (code < 0x20 ? `^${String.fromCharCode(code + 0x40)}` : char)
}
