import { describe, expect, it } from 'vitest'
import { capturable, EDITABLE_SHORTCUTS, findShortcut, keysLabel, shortcutConflicts, SHORTCUTS, withKey } from './shortcutTable'

const key = (code: string, mods: { alt?: boolean; ctrl?: boolean; meta?: boolean; shift?: boolean } = { alt: true }) => ({
  code,
  altKey: !!mods.alt,
  ctrlKey: !!mods.ctrl,
  metaKey: !!mods.meta,
  shiftKey: !!mods.shift,
})

describe('shortcuts', () => {
  it('takes Alt+key by physical key, and nothing with Ctrl or Meta (those belong to the terminal)', () => {
    expect(findShortcut(key('KeyJ'))?.id).toBe('next-needing')
    expect(findShortcut(key('Digit3'))?.id).toBe('pane-number')
    expect(findShortcut(key('KeyJ', {}))).toBeUndefined()
    expect(findShortcut(key('KeyJ', { alt: true, ctrl: true }))).toBeUndefined()
    expect(findShortcut(key('KeyJ', { alt: true, meta: true }))).toBeUndefined()
    expect(findShortcut(key('KeyQ'))).toBeUndefined()
  })

  it('leaves the keys readline and the agents’ prompts use to them: Alt+T (transpose words), B, F, D, U, L, C, Y, .', () => {
    for (const code of ['KeyT', 'KeyB', 'KeyF', 'KeyD', 'KeyU', 'KeyL', 'KeyC', 'KeyY', 'Period']) expect(findShortcut(key(code))?.id, code).toBeUndefined()
  })

  it('has one meaning per key', () => {
    const codes = SHORTCUTS.flatMap((s) => s.codes)
    expect(new Set(codes).size).toBe(codes.length)
  })
})

describe('shortcuts of one’s own (Settings → Shortcuts, shortcuts.keys)', () => {
  it('another prefix: Ctrl+Alt+J, and plain Alt+J goes to the program', () => {
    const config = { prefix: 'Ctrl+Alt' as const, keys: {} }
    expect(findShortcut(key('KeyJ'), config)).toBeUndefined()
    expect(findShortcut(key('KeyJ', { alt: true, ctrl: true }), config)?.id).toBe('next-needing')
    const shift = { prefix: 'Ctrl+Shift' as const, keys: {} }
    expect(findShortcut(key('KeyJ', { ctrl: true, shift: true }), shift)?.id).toBe('next-needing')
    expect(findShortcut(key('KeyJ', { ctrl: true }), shift)).toBeUndefined()
  })

  it('a key of one’s own replaces the default, and the sheet says so', () => {
    const config = { prefix: 'Alt' as const, keys: { terminal: 'KeyE' } }
    expect(findShortcut(key('KeyE'), config)?.id).toBe('terminal')
    expect(findShortcut(key('Backquote'), config)).toBeUndefined()
    const terminal = SHORTCUTS.find((s) => s.id === 'terminal')!
    expect(keysLabel(terminal, config)).toBe('Alt E')
    expect(keysLabel(terminal, { prefix: 'Ctrl+Alt', keys: {} })).toBe('Ctrl Alt `')
  })

  it('every command has a distinct id', () => {
    expect(new Set(SHORTCUTS.map((s) => s.id)).size).toBe(SHORTCUTS.length)
  })
})

describe('editing shortcuts (Settings → Shortcuts)', () => {
  const alt = { prefix: 'Alt' as const, keys: {} }

  it('a key of its own, and back to its default (no override stored for the default key)', () => {
    const own = withKey(alt, 'grid', 'KeyK')
    expect(own.keys).toEqual({ grid: 'KeyK' })
    expect(findShortcut(key('KeyK'), own)?.id).toBe('grid')
    expect(withKey(own, 'grid', 'KeyG').keys).toEqual({})
    expect(withKey(own, 'grid', null).keys).toEqual({})
  })

  it('detects a key two commands share, both ways, and a digit taken from the pane numbers', () => {
    expect(shortcutConflicts(alt).size).toBe(0)
    const clash = withKey(alt, 'grid', 'KeyJ')
    expect([...shortcutConflicts(clash).keys()].sort()).toEqual(['grid', 'next-needing'])
    expect(
      shortcutConflicts(clash)
        .get('grid')!
        .map((s) => s.id),
    ).toEqual(['next-needing'])
    expect([...shortcutConflicts(withKey(alt, 'help', 'Digit2')).keys()].sort()).toEqual(['help', 'pane-number'])
    // Swapping two keys is no conflict.
    expect(shortcutConflicts(withKey(withKey(alt, 'grid', 'KeyN'), 'new-pane', 'KeyG')).size).toBe(0)
  })

  it('offers every single-key command, and captures neither modifiers alone nor Tab and Escape', () => {
    expect(EDITABLE_SHORTCUTS.map((s) => s.id)).not.toContain('pane-number')
    expect(EDITABLE_SHORTCUTS).toHaveLength(SHORTCUTS.length - 1)
    for (const code of ['AltLeft', 'ShiftRight', 'ControlLeft', 'MetaLeft', 'Tab', 'Escape']) expect(capturable(code), code).toBe(false)
    for (const code of ['KeyK', 'Digit0', 'F5', 'Semicolon', 'ArrowUp']) expect(capturable(code), code).toBe(true)
  })
})
