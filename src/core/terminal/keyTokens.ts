/**
 * Keystrokes as the terminal sends them, cut into keys: the one tokeniser of key escape sequences
 * (the type-ahead guard names held keys with it; the status engine takes the typed text from it).
 * Grammar as ECMA-48 and xterm send keys: CSI `ESC [` params intermediates final (arrows, F-keys,
 * a paste's brackets `ESC [200~`), SS3 `ESC O` final (application-mode arrows), Alt+key `ESC` and a
 * printable character, a lone Esc; anything else is one character (a code point).
 */
export type KeyTokenKind = 'csi' | 'ss3' | 'alt' | 'esc' | 'char'

export interface KeyToken {
  readonly kind: KeyTokenKind
  readonly text: string
}

// eslint-disable-next-line no-control-regex -- escape sequences are what is matched
const SEQUENCE = /\x1b(?:(\[[0-?]*[ -/]*[@-~])|(O[@-~])|([ -~]))?/y

export function keyTokens(data: string): KeyToken[] {
  const out: KeyToken[] = []
  let i = 0
  while (i < data.length) {
    SEQUENCE.lastIndex = i
    const m = data.charCodeAt(i) === 0x1b ? SEQUENCE.exec(data) : null
    if (m) {
      const kind: KeyTokenKind = m[1] ? 'csi' : m[2] ? 'ss3' : m[3] ? 'alt' : 'esc'
      out.push({ kind, text: m[0] })
      i += m[0].length
      continue
    }
    const text = String.fromCodePoint(data.codePointAt(i)!)
    out.push({ kind: 'char', text })
    i += text.length
  }
  return out
}

/** The text typed among the keys: escape sequences (keys, Alt+key, a paste's brackets) and control characters dropped; a paste's content kept. */
export function typedText(data: string): string {
  return keyTokens(data)
    .filter((t) => t.kind === 'char' && !isControl(t.text))
    .map((t) => t.text)
    .join('')
}

/** C0 controls, space and DEL: keys (Enter, Tab, ^C, Backspace) or blanks, not text. */
export function isControl(char: string): boolean {
  const code = char.charCodeAt(0)
  return char.length === 1 && (code <= 0x20 || code === 0x7f)
}
