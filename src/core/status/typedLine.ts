import { typedText } from '../terminal/keyTokens'

/**
 * How the line being typed at an agent's prompt began (never its text), and a `/command`'s text
 * only to tell at Enter whether it is one of the agent's exit commands (then dropped; never
 * logged or shown). A prompt's text is never kept.
 */
export interface TypedLine {
  readonly kind: 'prompt' | 'command' | null
  readonly command: string
}

export const noTypedLine: TypedLine = { kind: null, command: '' }

/** What Enter did to the line: submitted a prompt, quit the agent, or ran another `/command`. */
export type Entered = 'submit' | 'quit' | 'command'

/**
 * `data` typed at an agent whose Enter submits its prompt: the line after it, and what Enter did.
 * `key` is Enter, Esc or null (any other keys); keys typed into a dialog are no prompt.
 */
export function typeInto(
  line: TypedLine,
  data: string,
  key: 'enter' | 'escape' | 'digit' | null,
  inDialog: boolean,
  exitCommands: readonly string[],
): { readonly line: TypedLine; readonly entered: Entered | null } {
  const kind = inDialog ? null : line.kind
  let entered: Entered | null = null
  if (key === 'enter' && kind) entered = kind === 'prompt' ? 'submit' : exitCommands.includes(line.command.trim()) ? 'quit' : 'command'
  if (key === 'enter' || key === 'escape') return { line: noTypedLine, entered }
  if (kind === null && !inDialog) {
    // Keys' escape sequences (arrows, Alt+key, a paste's brackets) are not text; a paste's content is.
    const text = typedText(data)
    if (!text) return { line: noTypedLine, entered }
    return { line: text.startsWith('/') ? { kind: 'command', command: typedCommand('', data) } : { kind: 'prompt', command: '' }, entered }
  }
  if (kind === 'command') return { line: { kind, command: typedCommand(line.command, data) }, entered }
  // A prompt goes on as it began (its text is never kept); keys into a dialog leave no line.
  return { line: kind === null ? noTypedLine : line, entered }
}

/** A `/command` line after `data` was typed: printable text added, Backspace taking the last off; anything else makes it no exit command. */
function typedCommand(before: string, data: string): string {
  if (before.startsWith('\0')) return before
  let line = before
  for (const ch of data) {
    if (ch === '\x7f' || ch === '\b') line = line.slice(0, -1)
    else if (ch >= ' ' && ch !== '\x7f') line += ch
    // An escape sequence (an arrow, a completion key) edits the line in ways not followed here.
    else return '\0'
    if (line.length > 40) return '\0'
  }
  return line
}
