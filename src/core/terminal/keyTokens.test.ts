import { describe, expect, it } from 'vitest'
import { keyTokens, typedText } from './keyTokens'

const kinds = (data: string) => keyTokens(data).map((t) => `${t.kind}:${JSON.stringify(t.text)}`)

describe('keyTokens', () => {
  it('cuts CSI (with parameters and intermediates), SS3, Alt+key and a lone Esc', () => {
    expect(kinds('\x1b[A\x1b[1;5C\x1bOB\x1bx\x1b')).toEqual(['csi:"\\u001b[A"', 'csi:"\\u001b[1;5C"', 'ss3:"\\u001bOB"', 'alt:"\\u001bx"', 'esc:"\\u001b"'])
    expect(kinds('\x1b[200~hi\x1b[201~')).toEqual(['csi:"\\u001b[200~"', 'char:"h"', 'char:"i"', 'csi:"\\u001b[201~"'])
  })

  it('an Esc before a control character is a lone Esc, then that key', () => {
    expect(kinds('\x1b\x03\r')).toEqual(['esc:"\\u001b"', 'char:"\\u0003"', 'char:"\\r"'])
  })

  it('keeps a character outside the BMP whole', () => {
    expect(keyTokens('a😀b').map((t) => t.text)).toEqual(['a', '😀', 'b'])
  })
})

describe('typedText', () => {
  it('is the text among the keys: no sequences, no Alt+key, no controls or blanks; a paste keeps its content', () => {
    expect(typedText('\x1b[A\x1bOD')).toBe('')
    expect(typedText('\x1bb\x7f\t\r ')).toBe('')
    expect(typedText('\x1b[200~/exit\x1b[201~')).toBe('/exit')
    expect(typedText('fix it\r')).toBe('fixit')
  })
})
