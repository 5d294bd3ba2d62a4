import { describe, expect, it } from 'vitest'
import { VirtualClock } from '../lifecycle/clock'
import { describeKeys, TypeAheadConstants, typeAhead, type VerdictView } from './typeAhead'

describe('type-ahead guard', () => {
  const clock = new VirtualClock(10_000)
  const blockedAt = (since: number): VerdictView => ({ state: 'blocked', since })

  it('holds keys that arrive within 500 ms of the flip into a dialog, even when the view shows it', () => {
    const live = blockedAt(clock.now())
    clock.advance(TypeAheadConstants.WindowMs - 1)
    expect(typeAhead(live, live, 'y', clock.now())).toMatchObject({ hold: true, reason: expect.stringContaining('499 ms') })
    clock.advance(1)
    expect(typeAhead(live, live, 'y', clock.now())).toEqual({ hold: false })
  })

  it('holds keys typed before the view showed the dialog, however late they arrive', () => {
    const live = blockedAt(clock.now())
    clock.advance(5_000)
    expect(typeAhead(live, { state: 'working', since: 1 }, '\r', clock.now()).hold).toBe(true)
    expect(typeAhead(live, null, '1', clock.now()).hold).toBe(true)
    // Another dialog instance than the one on screen (closed and reopened in between).
    expect(typeAhead(live, blockedAt(live.since - 3_000), '1', clock.now()).hold).toBe(true)
    expect(typeAhead({ state: 'question', since: live.since }, live, '1', clock.now()).hold).toBe(true)
  })

  it('delivers keys for a dialog the user has been looking at, and outside dialogs', () => {
    const live = blockedAt(clock.now())
    clock.advance(800)
    expect(typeAhead(live, live, '\x1b[B', clock.now()).hold).toBe(false)
    for (const state of ['idle', 'working', 'asked', 'unknown', 'starting', 'exited'] as const) {
      expect(typeAhead({ state, since: clock.now() }, null, 'y', clock.now()).hold, state).toBe(false)
    }
  })

  it('never holds focus reports (the terminal sends them, nobody typed them)', () => {
    const live = blockedAt(clock.now())
    expect(typeAhead(live, null, '\x1b[I', clock.now()).hold).toBe(false)
    expect(typeAhead(live, null, '\x1b[O\x1b[I', clock.now()).hold).toBe(false)
    expect(typeAhead(live, null, '\x1b[Iy', clock.now()).hold).toBe(true)
  })
})

describe('describeKeys', () => {
  it('spells keystrokes the way a person reads them', () => {
    expect(describeKeys('y\r')).toEqual(['y', '⏎'])
    expect(describeKeys('\x1b[B\x1b\x03 \x7f\t')).toEqual(['↓', 'Esc', '^C', '␣', '⌫', '⇥'])
    expect(describeKeys('\x1b[1;5A')).toEqual(['Esc…'])
  })
})
