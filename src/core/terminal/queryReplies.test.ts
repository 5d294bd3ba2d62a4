import { describe, expect, it } from 'vitest'
import { colorQueryReply, paletteColor, paletteQueryReply, toXColor, windowReportReply } from './queryReplies'

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

describe('palette and window-size replies', () => {
  it('answers OSC 4 queries from the 256-colour palette, pair by pair', () => {
    expect(paletteColor(1)).toBe('#cd0000')
    expect(paletteColor(196)).toBe('#ff0000')
    expect(paletteColor(244)).toBe('#808080')
    expect(paletteColor(256)).toBeNull()
    expect(paletteQueryReply('1;?;196;?')).toBe('\x1b]4;1;rgb:cdcd/0000/0000\x1b\\\x1b]4;196;rgb:ffff/0000/0000\x1b\\')
    expect(paletteQueryReply('1;#ffffff')).toBeNull()
  })

  it('reports the text area in pixels and characters, and the cell size', () => {
    expect(windowReportReply(14, 120, 32)).toBe('\x1b[4;512;960t')
    expect(windowReportReply(16, 120, 32)).toBe('\x1b[6;16;8t')
    expect(windowReportReply(18, 120, 32)).toBe('\x1b[8;32;120t')
    expect(windowReportReply(22, 120, 32)).toBeNull()
  })
})
