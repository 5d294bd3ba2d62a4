import { describe, expect, it } from 'vitest'
import type { Evidence, Verdict } from '../../shared/domain/pane'
import { refreshesEvidenceOnly } from './evidenceRefresh'

const screen = (detail: string, at = 100): Evidence => ({ source: 'screen', at, detail })
const working = (evidence: Evidence[], since = 50): Verdict => ({ state: 'working', since, evidence })

describe('refreshesEvidenceOnly', () => {
  it("is a working pane's spinner: the same sources, other words and times", () => {
    const before = working([screen('rule claude.spinner: "✻ Thinking… (3s)"'), { source: 'process', at: 10, detail: 'claude in front' }])
    const after = working([screen('rule claude.spinner: "✻ Thinking… (4s)"', 200), { source: 'process', at: 10, detail: 'claude in front' }])
    expect(refreshesEvidenceOnly(before, after)).toBe(true)
  })

  it('is an unknown screen\'s "matched no rule for 1.8 s"', () => {
    const unknown = (s: string): Verdict => ({ state: 'unknown', since: 50, evidence: [screen(`the screen has matched no claude rule for ${s}`)] })
    expect(refreshesEvidenceOnly(unknown('1.7 s'), unknown('1.8 s'))).toBe(true)
  })

  it('is not a new state, a state that asks or rests, a new start, another source, another number of items, or a question', () => {
    const before = working([screen('a')])
    expect(refreshesEvidenceOnly(before, { ...working([screen('a')]), state: 'blocked' })).toBe(false)
    for (const state of ['idle', 'blocked', 'question', 'asked', 'input'] as const)
      expect(refreshesEvidenceOnly({ ...before, state }, { ...before, state, evidence: [screen('b')] })).toBe(false)
    expect(refreshesEvidenceOnly(before, working([screen('b')], 60))).toBe(false)
    expect(refreshesEvidenceOnly(before, working([{ source: 'hook', at: 100, detail: 'b' }]))).toBe(false)
    expect(refreshesEvidenceOnly(before, working([screen('b'), screen('c')]))).toBe(false)
    expect(refreshesEvidenceOnly(before, working([{ ...screen('b'), ask: 'Run ls?' }]))).toBe(false)
  })
})
