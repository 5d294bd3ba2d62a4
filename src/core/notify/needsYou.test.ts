import { describe, expect, it } from 'vitest'
import { needsYou, nextNeedingYou, type NeedsYouPane } from './needsYou'

const pane = (id: string, state: NeedsYouPane['state'], since: number): NeedsYouPane => ({ id, state, since })

describe('needs-you list', () => {
  it('lists dialogs, questions in replies and unseen finished turns; not work, idle or exits', () => {
    const items = needsYou(
      [pane('1', 'working', 0), pane('2', 'idle', 0), pane('3', 'exited', 0), pane('4', 'asked', 50), pane('5', 'idle', 10), pane('6', 'unknown', 0)],
      { '5': 30 },
    )
    expect(items).toEqual([
      { paneId: '5', kind: 'finished', waitingSince: 30 },
      { paneId: '4', kind: 'asked', waitingSince: 50 },
    ])
  })

  it('puts dialogs first, then the longest wait first within each tier', () => {
    const items = needsYou([pane('1', 'asked', 100), pane('2', 'blocked', 300), pane('3', 'question', 200), pane('4', 'idle', 0), pane('5', 'blocked', 300)], {
      '4': 50,
    })
    expect(items.map((i) => i.paneId)).toEqual(['3', '2', '5', '4', '1'])
  })

  it('lists a program waiting for input with the dialogs: it stops its task until you type', () => {
    const items = needsYou([pane('1', 'asked', 100), pane('2', 'input', 300), pane('3', 'blocked', 200), pane('4', 'working', 0)], {})
    expect(items).toEqual([
      { paneId: '3', kind: 'blocked', waitingSince: 200 },
      { paneId: '2', kind: 'input', waitingSince: 300 },
      { paneId: '1', kind: 'asked', waitingSince: 100 },
    ])
  })

  it('jumps to the most urgent pane, then on through the list, wrapping', () => {
    const items = needsYou([pane('1', 'asked', 100), pane('2', 'blocked', 300), pane('7', 'working', 0)], {})
    expect(nextNeedingYou(items, null)).toBe('2')
    expect(nextNeedingYou(items, '7')).toBe('2')
    expect(nextNeedingYou(items, '2')).toBe('1')
    expect(nextNeedingYou(items, '1')).toBe('2')
    expect(nextNeedingYou([], '1')).toBeNull()
  })
})

describe('needs-you: programs’ own notifications', () => {
  it('a pending alert is an entry in the second tier; a dialog on the same pane wins', () => {
    const pane = (id: string, state: 'working' | 'blocked' | 'idle', since: number) => ({ id, state, since })
    const items = needsYou([pane('1', 'working', 0), pane('2', 'blocked', 500), pane('3', 'idle', 0)], {}, { '1': 100, '2': 50 })
    expect(items.map((i) => `${i.paneId}:${i.kind}:${i.waitingSince}`)).toEqual(['2:blocked:500', '1:alert:100'])
  })
})
