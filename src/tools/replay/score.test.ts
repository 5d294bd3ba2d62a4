import { describe, expect, it } from 'vitest'
import { answerTimes, scoreReplay } from './score'

/** Scoring honesty (issue 8): reproductions of the ways the old scorer flattered a replay. */
describe('scoreReplay is honest', () => {
  const truth = [
    { from: 0, to: 3, state: 'working' },
    { from: 3, to: 6, state: 'blocked' },
    { from: 6, to: 10, state: 'idle' },
  ]

  it('a verdict already up when the truth starts counts as latency 0, never negative', () => {
    const s = scoreReplay(truth, [
      { from: 0, to: 2.97, state: 'working' },
      { from: 2.97, to: 6.01, state: 'blocked' },
      { from: 6.01, to: 10, state: 'idle' },
    ])
    expect(s.episodes).toEqual([{ state: 'blocked', from: 3, to: 6, latency: 0 }])
    expect(s.medianLatency).toBe(0)
  })

  it('a verdict that came and went before the truth is no detection (the old 0.5 s early window counted it)', () => {
    const s = scoreReplay(truth, [
      { from: 0, to: 2.6, state: 'working' },
      { from: 2.6, to: 2.95, state: 'blocked' },
      { from: 2.95, to: 10, state: 'working' },
    ])
    expect(s.episodes[0]!.latency).toBeNull()
    expect(s.failures).toContain('missed blocked at 3.000 s')
    expect(s.falseEpisodes).toContainEqual({ from: 2.6, to: 2.95, state: 'blocked' })
  })

  it('an attention verdict up to 1 s early that runs on into the true episode is an early detection, not a false one', () => {
    // Codex 0.171 says blocked (its OSC 7501, PermissionRequest) ~650 ms before it draws the dialog.
    const early = scoreReplay(truth, [
      { from: 0, to: 2.35, state: 'working' },
      { from: 2.35, to: 6.01, state: 'blocked' },
      { from: 6.01, to: 10, state: 'idle' },
    ])
    expect(early.episodes[0]!.latency).toBe(0)
    expect(early.falseEpisodes.filter((f) => f.from < 3)).toEqual([])
    // Its time still counts against agreement (0.65 s of the 7 measured seconds here).
    expect(early.failures.filter((f) => f.startsWith('false'))).toEqual([])
    // Earlier than 1 s, or broken off before the truth: a false alarm as before.
    const tooEarly = scoreReplay(truth, [
      { from: 0, to: 1.5, state: 'working' },
      { from: 1.5, to: 6.01, state: 'blocked' },
      { from: 6.01, to: 10, state: 'idle' },
    ])
    expect(tooEarly.falseEpisodes).toContainEqual({ from: 1.5, to: 3, state: 'blocked' })
    const otherState = scoreReplay(truth, [
      { from: 0, to: 2.35, state: 'working' },
      { from: 2.35, to: 3, state: 'question' },
      { from: 3, to: 6.01, state: 'blocked' },
      { from: 6.01, to: 10, state: 'idle' },
    ])
    expect(otherState.falseEpisodes).toContainEqual({ from: 2.35, to: 3, state: 'question' })
  })

  it('asks for 99 % agreement outside the grace windows', () => {
    // Wrong for 0.1 s of the 7 measured seconds: 98.6 %.
    const s = scoreReplay(truth, [
      { from: 0, to: 3, state: 'working' },
      { from: 3, to: 6, state: 'blocked' },
      { from: 6, to: 8, state: 'idle' },
      { from: 8, to: 8.1, state: 'working' },
      { from: 8.1, to: 10, state: 'idle' },
    ])
    expect(s.agreement).toBeCloseTo(6.9 / 7, 5)
    expect(s.failures).toEqual([expect.stringMatching(/^time agreement 98\.57 % < 99 %$/)])
  })

  it('a key that answers a dialog opens a grace window, as a marker does; other keys do not', () => {
    // The user pressed Esc at 4.0; the agent worked until the marker at 6 (its hook ran first).
    const verdicts = [
      { from: 0, to: 3, state: 'working' },
      { from: 3, to: 4.05, state: 'blocked' },
      { from: 4.05, to: 6, state: 'working' },
      { from: 6, to: 10, state: 'idle' },
    ]
    const events = [
      { t: 1, type: 'i' as const, data: 'typing while it works' },
      { t: 4, type: 'i' as const, data: '\x1b' },
    ]
    expect(answerTimes(events, truth)).toEqual([4])
    const without = scoreReplay(truth, verdicts)
    const withAnswer = scoreReplay(truth, verdicts, answerTimes(events, truth))
    // 0.95 s of the 1.95 s mismatch lies within 1 s of the answer; the rest still counts.
    expect(withAnswer.agreement).toBeGreaterThan(without.agreement)
    expect(withAnswer.mismatches).toEqual([{ from: 5, to: 6, want: 'blocked', got: 'working' }])
  })
})
