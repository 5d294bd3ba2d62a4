import { describe, expect, it } from 'vitest'
import type { RuleMatch } from '../rules/ruleTypes'
import { nextDeadline, reduceStatus } from './reduceStatus'
import type { StatusSignal } from './signals'
import { initialMemory, StatusConstants, type StatusMemory } from './statusMemory'

// Matches as the shipped Claude rules produce them on the fixture screens (see shippedRules.test.ts).
const WORKING: RuleMatch = { ruleId: 'claude.footer-working', state: 'working', text: 'esc to interrupt · ← for agents', fromTitle: false }
const SPINNER: RuleMatch = { ruleId: 'claude.title-spinner', state: 'working', text: '⠐ Harness scenario', fromTitle: true }
const ctx = { rootIsShell: false, agent: 'claude' }

function run(signals: StatusSignal[]): StatusMemory[] {
  const out: StatusMemory[] = []
  let m = initialMemory(0)
  for (const s of signals) out.push((m = reduceStatus(m, s, s.at, ctx)))
  return out
}

describe('reduceStatus mechanics', () => {
  it('keeps the verdict object while the state and the deciding rule stay; `since` is the first signal', () => {
    const [a, b, c] = run([
      { kind: 'screen', at: 100, match: WORKING },
      { kind: 'screen', at: 200, match: { ...WORKING, text: 'esc to interrupt' } },
      { kind: 'screen', at: 300, match: SPINNER },
    ])
    expect(a!.verdict).toMatchObject({ state: 'working', since: 100 })
    expect(b!.verdict).toBe(a!.verdict)
    expect(c!.verdict).not.toBe(a!.verdict)
    expect(c!.verdict).toMatchObject({ state: 'working', since: 100 })
    expect(c!.verdict.evidence[0]?.source).toBe('title')
  })

  it('asks for a wake-up when time alone can change the decision', () => {
    const [matched, unmatched] = run([
      { kind: 'screen', at: 100, match: WORKING },
      { kind: 'screen', at: 500, match: null },
    ])
    expect(nextDeadline(matched!)).toBeNull()
    expect(nextDeadline(unmatched!)).toBe(500 + StatusConstants.UnmatchedHoldMs)
    // A past deadline does not hide a later one (the Esc hold after an old report's draw grace).
    const later = reduceStatus(unmatched!, { kind: 'report', at: 600, report: { effect: 'blocked', state: 'blocked', at: 600, detail: 'PermissionRequest' } as never }, 600, { rootIsShell: false, agent: 'claude' })
    expect(nextDeadline(later, 500 + StatusConstants.UnmatchedHoldMs)).toBe(600 + StatusConstants.DialogDrawGraceMs)
  })
})
