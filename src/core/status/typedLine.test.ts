import { describe, expect, it } from 'vitest'
import { noTypedLine, typeInto, type TypedLine } from './typedLine'

const EXITS = ['/quit', '/exit']

/** Types each of `keys` in turn (Enter and Esc as the engine tells them); what each Enter did. */
function type(keys: readonly string[], inDialog = false): { line: TypedLine; entered: (string | null)[] } {
  let line = noTypedLine
  const entered: (string | null)[] = []
  for (const data of keys) {
    const key = data === '\r' ? 'enter' : data === '\x1b' ? 'escape' : null
    const next = typeInto(line, data, key, inDialog, EXITS)
    line = next.line
    if (key === 'enter') entered.push(next.entered)
  }
  return { line, entered }
}

describe('typeInto', () => {
  it('submits a prompt, keeping how it began and never its text', () => {
    const typed = type(['h', 'e', 'l', 'l', 'o'])
    expect(typed.line).toEqual({ kind: 'prompt', command: '' })
    expect(type(['h', 'i', '\r']).entered).toEqual(['submit'])
  })

  it("tells the agent's exit commands from other /commands, Backspace followed, an arrow key making it no exit", () => {
    expect(type(['/', 'q', 'y', '\x7f', 'u', 'i', 't', '\r']).entered).toEqual(['quit'])
    expect(type(['/exit', '\r']).entered).toEqual(['quit'])
    expect(type(['/models', '\r']).entered).toEqual(['command'])
    expect(type(['/quit', '\x1b[D', '\r']).entered).toEqual(['command'])
  })

  it('takes nothing typed into a dialog, nor a lone Enter, nor what Esc cancelled, for a prompt', () => {
    expect(type(['1', '\r'], true).entered).toEqual([null])
    expect(type(['\r']).entered).toEqual([null])
    expect(type(['a', '\x1b', '\r']).entered).toEqual([null])
    // Escape sequences alone (an arrow) are no text; a paste's content is.
    expect(type(['\x1b[A']).line).toEqual(noTypedLine)
    expect(type(['\x1b[200~pasted\x1b[201~']).line.kind).toBe('prompt')
  })
})
