import { describe, expect, it } from 'vitest'
import { findShortcut, SHORTCUTS } from './shortcutTable'

const key = (code: string, mods: { alt?: boolean; ctrl?: boolean; meta?: boolean } = { alt: true }) => ({ code, altKey: !!mods.alt, ctrlKey: !!mods.ctrl, metaKey: !!mods.meta })

describe('shortcuts', () => {
  it('takes Alt+key by physical key, and nothing with Ctrl or Meta (those belong to the terminal)', () => {
    expect(findShortcut(key('KeyJ'))?.keys).toBe('Alt J')
    expect(findShortcut(key('Digit3'))?.keys).toBe('Alt 1 … 9')
    expect(findShortcut(key('KeyJ', {}))).toBeUndefined()
    expect(findShortcut(key('KeyJ', { alt: true, ctrl: true }))).toBeUndefined()
    expect(findShortcut(key('KeyJ', { alt: true, meta: true }))).toBeUndefined()
    expect(findShortcut(key('KeyQ'))).toBeUndefined()
  })

  it('leaves the keys readline and the agents’ prompts use to them: Alt+T (transpose words), B, F, D, U, L, C, Y, .', () => {
    for (const code of ['KeyT', 'KeyB', 'KeyF', 'KeyD', 'KeyU', 'KeyL', 'KeyC', 'KeyY', 'Period']) expect(findShortcut(key(code))?.keys, code).toBeUndefined()
  })

  it('has one meaning per key', () => {
    const codes = SHORTCUTS.flatMap((s) => s.codes)
    expect(new Set(codes).size).toBe(codes.length)
  })
})
