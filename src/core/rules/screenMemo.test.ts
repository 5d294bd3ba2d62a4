import { describe, expect, it } from 'vitest'
import { findDialogShape } from './dialogStructure'
import { parseRegion, selectRegion } from './regions'
import type { ScreenView } from './ruleTypes'

const RULE = '─'.repeat(40)
const view = (prompt: string): ScreenView => ({
  lines: ['● Done.', '', 'Do you want to proceed?', '❯ 1. Yes', '  2. No', '', 'Esc to cancel · Enter to select', RULE, prompt, RULE, '  ? for shortcuts'],
  title: 'x',
  alternate: false,
})

describe('what the rules derive from one screen, derived once', () => {
  it('one region string is one parsed region, and a view selects it once: the same rows each time', () => {
    expect(parseRegion('bottom:2')).toBe(parseRegion('bottom:2'))
    const v = view('❯ ')
    const rows = selectRegion(v, parseRegion('prompt-box')!).rows
    expect(rows).toEqual(['❯ '])
    expect(selectRegion(v, parseRegion('prompt-box')!).rows).toBe(rows)
    expect(selectRegion(v, parseRegion('after-rule')!).rows).toEqual(['  ? for shortcuts'])
  })

  it('another view (the next read of the screen) is selected afresh', () => {
    const first = view('❯ ')
    const next = view('❯ fix the bug')
    expect(selectRegion(first, parseRegion('prompt-box')!).rows).toEqual(['❯ '])
    expect(selectRegion(next, parseRegion('prompt-box')!).rows).toEqual(['❯ fix the bug'])
  })

  it("a rows array's dialog shape is searched once", () => {
    const rows = selectRegion(view('❯ '), parseRegion('before-rule')!).rows
    const shape = findDialogShape(rows)
    expect(shape?.title).toBe('Do you want to proceed?')
    expect(findDialogShape(rows)).toBe(shape)
    // An equal array read anew is searched anew (and finds the same).
    expect(findDialogShape([...rows])).not.toBe(shape)
    expect(findDialogShape([...rows])).toEqual(shape)
  })
})
