import { describe, expect, it } from 'vitest'
import { colorQueryReply, toXColor } from './queryReplies'

describe('colour query replies', () => {
  it('answers OSC 10/11/12 queries in the X11 form', () => {
    expect(colorQueryReply(11, '?')).toBe('\x1b]11;rgb:1e1e/1e1e/1e1e\x1b\\')
    expect(colorQueryReply(10, '?;?')).toBe('\x1b]10;rgb:d4d4/d4d4/d4d4\x1b\\\x1b]11;rgb:1e1e/1e1e/1e1e\x1b\\')
  })

  it('lets colour settings and other OSCs pass', () => {
    expect(colorQueryReply(11, '#000000')).toBeNull()
    expect(colorQueryReply(4, '?')).toBeNull()
  })

  it('rejects a malformed palette colour loudly', () => {
    expect(toXColor('#A0b1C2')).toBe('rgb:a0a0/b1b1/c2c2')
    expect(() => toXColor('red')).toThrow(/not a #rrggbb/)
  })
})
