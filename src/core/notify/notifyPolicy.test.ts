import { describe, expect, it } from 'vitest'
import type { IDisposable } from '../lifecycle/disposable'
import { VirtualClock } from '../lifecycle/clock'
import type { PaneState } from '../../shared/domain/pane'
import {
  attentionOf,
  DEFAULT_NOTIFY_PREFS,
  initialNotifyState,
  nextDue,
  reduceNotify,
  unseenFinished,
  type NotifyIntent,
  type NotifyPrefs,
  type NotifyState,
  type ViewContext,
} from './notifyPolicy'

/** The policy driven the way the renderer drives it: events at clock time, a timer at nextDue. */
function harness(prefs: NotifyPrefs = DEFAULT_NOTIFY_PREFS) {
  const clock = new VirtualClock(1_000_000)
  let state: NotifyState = initialNotifyState
  const raised: (NotifyIntent & { at: number })[] = []
  let timer: IDisposable | null = null
  const apply = (event: Parameters<typeof reduceNotify>[1]) => {
    const result = reduceNotify(state, event, prefs)
    state = result.state
    raised.push(...result.raise.map((r) => ({ ...r, at: clock.now() })))
    timer?.dispose()
    timer = null
    const due = nextDue(state)
    if (due !== null) timer = clock.setTimeout(() => apply({ type: 'tick', at: clock.now() }), due - clock.now())
  }
  return {
    clock,
    raised,
    get state() {
      return state
    },
    set: (paneId: string, s: PaneState) => apply({ type: 'state', paneId, state: s, at: clock.now() }),
    view: (view: ViewContext) => apply({ type: 'view', view, at: clock.now() }),
    remove: (paneId: string) => apply({ type: 'removed', paneId }),
    /** Panes 1 and 2 known (working), the user looking at pane 2 in a focused window. */
    start() {
      this.view({ focused: true, visible: ['2'] })
      this.set('1', 'working')
      this.set('2', 'working')
      return this
    },
  }
}

const kinds = (h: { raised: { paneId: string; kind: string }[] }) => h.raised.map((r) => `${r.paneId}:${r.kind}`)

describe('attentionOf', () => {
  it('asks for attention on dialogs, questions in replies, and turns that ended', () => {
    expect(attentionOf('working', 'blocked')).toBe('blocked')
    expect(attentionOf('idle', 'question')).toBe('question')
    expect(attentionOf('working', 'asked')).toBe('asked')
    expect(attentionOf('working', 'idle')).toBe('finished')
  })
  it('not for start-ups, declined dialogs, work, exits or unknowns', () => {
    expect(attentionOf('starting', 'idle')).toBeNull()
    expect(attentionOf('unknown', 'idle')).toBeNull()
    expect(attentionOf('blocked', 'idle')).toBeNull()
    expect(attentionOf('idle', 'working')).toBeNull()
    expect(attentionOf('working', 'exited')).toBeNull()
    expect(attentionOf('working', 'unknown')).toBeNull()
  })
})

describe('notification policy', () => {
  it('notifies when a pane the user is not looking at enters blocked or question', () => {
    const h = harness().start()
    h.set('1', 'blocked')
    h.set('1', 'working')
    h.set('1', 'question')
    expect(h.raised).toEqual([
      { paneId: '1', kind: 'blocked', level: 'alert', since: h.clock.now(), at: h.clock.now() },
      { paneId: '1', kind: 'question', level: 'alert', since: h.clock.now(), at: h.clock.now() },
    ])
  })

  it('raises nothing for the first sight of a pane (a page load), whatever its state', () => {
    const h = harness()
    h.view({ focused: false, visible: [] })
    h.set('1', 'blocked')
    h.set('2', 'question')
    expect(h.raised).toEqual([])
  })

  it('is suppressed while the window is focused and the pane visible', () => {
    const h = harness().start()
    h.set('2', 'blocked')
    expect(h.raised).toEqual([])
  })

  it('notifies for a visible pane when the window is not focused, and for a hidden one when it is', () => {
    const h = harness().start()
    h.view({ focused: false, visible: ['2'] })
    h.set('2', 'blocked')
    h.view({ focused: true, visible: ['2'] })
    h.set('1', 'blocked')
    expect(kinds(h)).toEqual(['2:blocked', '1:blocked'])
  })

  it('raises at most once per pane and state within 30 s, and again after', () => {
    const h = harness().start()
    h.view({ focused: false, visible: [] })
    h.set('1', 'blocked')
    h.clock.advance(1_000)
    h.set('1', 'working')
    h.clock.advance(1_000)
    h.set('1', 'blocked') // 2 s later: same pane, same state → suppressed
    h.set('2', 'blocked') // another pane has its own cooldown
    h.set('1', 'question') // another state too
    h.clock.advance(27_999)
    h.set('1', 'working')
    h.set('1', 'blocked') // 29.999 s after the first: still suppressed
    h.clock.advance(1)
    h.set('1', 'working')
    h.set('1', 'blocked') // 30 s: allowed again
    expect(kinds(h)).toEqual(['1:blocked', '2:blocked', '1:question', '1:blocked'])
    expect(h.raised.at(-1)!.at - h.raised[0]!.at).toBe(30_000)
  })

  it('the cooldown is the user’s: 0 raises every time, 120 s suppresses past 30 s (settings cooldownSeconds)', () => {
    const never = harness({ ...DEFAULT_NOTIFY_PREFS, cooldownMs: 0 }).start()
    const long = harness({ ...DEFAULT_NOTIFY_PREFS, cooldownMs: 120_000 }).start()
    for (const h of [never, long]) {
      h.set('1', 'blocked')
      for (const step of [1_000, 60_000, 59_000]) {
        h.clock.advance(step)
        h.set('1', 'working')
        h.set('1', 'blocked')
      }
    }
    expect(kinds(never)).toEqual(['1:blocked', '1:blocked', '1:blocked', '1:blocked'])
    expect(kinds(long)).toEqual(['1:blocked', '1:blocked'])
    expect(long.raised.at(-1)!.at - long.raised[0]!.at).toBe(120_000)
  })

  it('a suppressed notification does not extend the cooldown', () => {
    const h = harness().start()
    h.set('1', 'blocked')
    h.clock.advance(20_000)
    h.set('1', 'working')
    h.set('1', 'blocked') // suppressed at 20 s
    h.clock.advance(10_000)
    h.set('1', 'working')
    h.set('1', 'blocked') // 30 s after the first raise: allowed, although 10 s after the suppressed one
    expect(kinds(h)).toEqual(['1:blocked', '1:blocked'])
  })

  it('asked and finished follow their own levels: quiet, off, or alert', () => {
    const h = harness().start()
    h.set('1', 'asked')
    h.set('1', 'working')
    h.set('1', 'idle') // finished: off by default
    expect(h.raised.map((r) => [r.kind, r.level])).toEqual([['asked', 'quiet']])

    const loud = harness({
      ...DEFAULT_NOTIFY_PREFS,
      levels: { blocked: 'off', question: 'quiet', input: 'off', asked: 'off', finished: 'alert', alert: 'off' },
    }).start()
    loud.set('1', 'blocked')
    loud.set('1', 'question')
    loud.set('1', 'asked')
    loud.set('1', 'working')
    loud.set('1', 'idle')
    expect(loud.raised.map((r) => [r.kind, r.level])).toEqual([
      ['question', 'quiet'],
      ['finished', 'alert'],
    ])
  })

  describe('grace delay', () => {
    const prefs = { ...DEFAULT_NOTIFY_PREFS, graceMs: 5_000 }

    it('waits, then notifies if the pane still waits and nobody looked', () => {
      const h = harness(prefs).start()
      h.set('1', 'blocked')
      expect(nextDue(h.state)).toBe(h.clock.now() + 5_000)
      h.clock.advance(4_999)
      expect(h.raised).toEqual([])
      h.clock.advance(1)
      expect(kinds(h)).toEqual(['1:blocked'])
      expect(h.raised[0]!.since).toBe(h.clock.now() - 5_000)
      expect(nextDue(h.state)).toBeNull()
    })

    it('raises nothing when the dialog was answered within the delay', () => {
      const h = harness(prefs).start()
      h.set('1', 'blocked')
      h.clock.advance(2_000)
      h.set('1', 'working')
      h.clock.advance(10_000)
      expect(h.raised).toEqual([])
    })

    it('raises nothing when the user looked at the pane within the delay', () => {
      const h = harness(prefs).start()
      h.set('1', 'blocked')
      h.clock.advance(2_000)
      h.view({ focused: true, visible: ['1'] })
      h.view({ focused: true, visible: ['2'] })
      h.clock.advance(10_000)
      expect(h.raised).toEqual([])
    })

    it('still respects the cooldown when the delay ends', () => {
      const h = harness(prefs).start()
      h.set('1', 'blocked')
      h.clock.advance(6_000)
      h.set('1', 'working')
      h.set('1', 'blocked')
      h.clock.advance(6_000)
      expect(kinds(h)).toEqual(['1:blocked'])
    })
  })

  describe('finished but unseen', () => {
    it('marks a turn that finished out of sight until the pane is viewed', () => {
      const h = harness().start()
      h.set('1', 'idle')
      const marked = unseenFinished(h.state)
      expect(Object.keys(marked)).toEqual(['1'])
      expect(marked['1']).toBe(h.clock.now())
      h.clock.advance(60_000)
      h.view({ focused: false, visible: ['1'] }) // visible but the window is in the background
      expect(Object.keys(unseenFinished(h.state))).toEqual(['1'])
      h.view({ focused: true, visible: ['1'] })
      expect(unseenFinished(h.state)).toEqual({})
    })

    it('does not mark a turn that finished in front of the user', () => {
      const h = harness().start()
      h.set('2', 'idle')
      expect(unseenFinished(h.state)).toEqual({})
    })

    it('drops the mark when the pane works again, and when it is removed', () => {
      const h = harness().start()
      h.set('1', 'idle')
      h.set('1', 'working')
      expect(unseenFinished(h.state)).toEqual({})
      h.set('1', 'idle')
      h.remove('1')
      expect(unseenFinished(h.state)).toEqual({})
    })
  })
})

describe('programs’ own notifications (OSC 9/777/99, the bell)', () => {
  const SETTLE = 600
  function alerts(prefs: NotifyPrefs = DEFAULT_NOTIFY_PREFS) {
    let state = reduceNotify(initialNotifyState, { type: 'view', view: { focused: true, visible: ['2'] }, at: 0 }, prefs).state
    const raised: string[] = []
    const apply = (event: Parameters<typeof reduceNotify>[1]) => {
      const r = reduceNotify(state, event, prefs)
      state = r.state
      raised.push(...r.raise.map((i) => `${i.paneId}:${i.kind}:${i.alert?.body ?? ''}`))
    }
    return {
      raised,
      get state() {
        return state
      },
      apply,
      /** An alert at `at`, then time passes until it has settled. */
      fire(at: number, paneId = '1', body = 'build done') {
        apply({ type: 'alert', paneId, alert: { at, source: 'OSC 9', title: '', body } })
        const due = nextDue(state)
        if (due !== null) apply({ type: 'tick', at: due })
      },
    }
  }

  it('one notification after it settles, then none within the cooldown; pending until the pane is viewed', () => {
    const h = alerts()
    h.apply({ type: 'alert', paneId: '1', alert: { at: 1000, source: 'OSC 9', title: '', body: 'build done' } })
    expect(h.raised).toEqual([])
    expect(nextDue(h.state)).toBe(1000 + SETTLE)
    h.apply({ type: 'tick', at: 1000 + SETTLE })
    expect(h.raised).toEqual(['1:alert:build done'])
    h.fire(2000)
    h.fire(1000 + SETTLE + 29_000)
    expect(h.raised).toHaveLength(1)
    expect(Object.keys(h.state.alerts)).toEqual(['1'])
    h.fire(1000 + SETTLE + 30_000)
    expect(h.raised).toHaveLength(2)
    // Looking at pane 1 clears its pending alert; an alert from a pane being looked at raises nothing.
    h.apply({ type: 'view', view: { focused: true, visible: ['1'] }, at: 40_000 })
    expect(h.state.alerts).toEqual({})
    h.fire(100_000)
    expect(h.raised).toHaveLength(2)
    expect(h.state.alerts).toEqual({})
  })

  it('an alert that comes with a dialog (Codex rings the bell as its approval opens) is the same interruption', () => {
    const h = alerts()
    h.apply({ type: 'state', paneId: '1', state: 'working', at: 0 })
    // The bell 10 ms before the state changes, then the dialog.
    h.apply({ type: 'alert', paneId: '1', alert: { at: 1000, source: 'bell', title: '', body: '' } })
    h.apply({ type: 'state', paneId: '1', state: 'blocked', at: 1010 })
    h.apply({ type: 'tick', at: 1000 + SETTLE })
    expect(h.raised).toEqual(['1:blocked:'])
    expect(h.state.alerts).toEqual({})
    // And a bell while the dialog is open adds nothing either.
    h.fire(5000)
    expect(h.raised).toEqual(['1:blocked:'])
    expect(h.state.alerts).toEqual({})
  })

  it('level off: no notification, but the entry stays; a removed pane forgets it', () => {
    const off = { ...DEFAULT_NOTIFY_PREFS, levels: { ...DEFAULT_NOTIFY_PREFS.levels, alert: 'off' as const } }
    const h = alerts(off)
    h.fire(1, '3')
    expect(h.raised).toEqual([])
    expect(Object.keys(h.state.alerts)).toEqual(['3'])
    h.apply({ type: 'removed', paneId: '3' })
    expect(h.state.alerts).toEqual({})
  })
})
