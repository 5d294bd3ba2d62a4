import { describe, expect, it } from 'vitest'
import { DriftConstants, detectDrift, driftDeadline, type DriftInputs } from './drift'
import { initialMemory } from './statusMemory'

const LIMIT = DriftConstants.UnmatchedMs

function inputs(over: Partial<DriftInputs> & { unmatchedSince?: number | null; exited?: boolean } = {}): DriftInputs {
  const base = initialMemory(0)
  const { unmatchedSince = null, exited = false, ...rest } = over
  const verdict = exited ? { state: 'exited' as const, since: 0, evidence: [] } : base.verdict
  return {
    agent: 'claude',
    ruleCount: 12,
    memory: { unmatchedSince, process: base.process, verdict },
    agentInFront: null,
    inFrontSince: null,
    verified: [
      { what: 'screen rules', version: '2.1.197' },
      { what: 'report table', version: '2.1.197' },
    ],
    seen: null,
    // Dotted numbers are enough here; main hands the engine semver's comparison.
    isNewer: (seen, verified) => {
      const [a, b] = [seen, verified].map((v) => v.split('.').map(Number))
      for (let k = 0; k < 3; k++) if (a![k] !== b![k]) return a![k]! > b![k]!
      return false
    },
    ...rest,
  }
}

describe('detectDrift', () => {
  it('says nothing while the screen matches, or has not matched for less than the limit', () => {
    expect(detectDrift(inputs(), 60_000)).toBeNull()
    expect(detectDrift(inputs({ unmatchedSince: 5_000 }), 5_000 + LIMIT - 1)).toBeNull()
    expect(driftDeadline(inputs({ unmatchedSince: 5_000 }), 6_000)).toBe(5_000 + LIMIT)
    expect(driftDeadline(inputs(), 6_000)).toBeNull()
  })

  it('an agent screen matching none of its rules for the limit is drift, dated from the start of the run', () => {
    const drift = detectDrift(inputs({ unmatchedSince: 5_000 }), 5_000 + LIMIT)
    expect(drift).toMatchObject({ reason: 'unmatched-screen', since: 5_000 })
    expect(drift!.detail).toMatch(/^the screen has matched none of the 12 claude screen rules for 10 s\. .*bug report/)
  })

  it('no drift where the screen is not the agent’s: no agent, no rules, another program in front, after the exit', () => {
    const late = 5_000 + LIMIT * 2
    expect(detectDrift(inputs({ unmatchedSince: 5_000, agent: null }), late)).toBeNull()
    expect(detectDrift(inputs({ unmatchedSince: 5_000, ruleCount: 0 }), late)).toBeNull()
    expect(detectDrift(inputs({ unmatchedSince: 5_000, agentInFront: false }), late)).toBeNull()
    expect(detectDrift(inputs({ unmatchedSince: 5_000, exited: true }), late)).toBeNull()
    expect(driftDeadline(inputs({ unmatchedSince: 5_000, agentInFront: false }), 6_000)).toBeNull()
    expect(detectDrift(inputs({ unmatchedSince: 5_000, agentInFront: true }), late)?.reason).toBe('unmatched-screen')
  })

  it('counts an unmatched run from when the agent came back to the front, not from the shell’s screen before', () => {
    const back = inputs({ unmatchedSince: 5_000, agentInFront: true, inFrontSince: 30_000 })
    expect(detectDrift(back, 30_000 + LIMIT - 1)).toBeNull()
    expect(driftDeadline(back, 30_001)).toBe(30_000 + LIMIT)
    expect(detectDrift(back, 30_000 + LIMIT)).toMatchObject({ reason: 'unmatched-screen', since: 30_000 })
  })

  it('a version newer than the verified one is drift; the same or an older one, or no version, is not', () => {
    const seen = (version: string) => ({ version, at: 1_200, source: 'screen' })
    const drift = detectDrift(inputs({ seen: seen('2.2.0') }), 3_000)
    expect(drift).toEqual({
      reason: 'newer-version',
      since: 1_200,
      detail: expect.stringMatching(
        /^claude 2\.2\.0 \(from its screen\) is newer than 2\.1\.197 \(screen rules, report table\), the version it was verified on: /,
      ),
    })
    expect(detectDrift(inputs({ seen: seen('2.1.197') }), 3_000)).toBeNull()
    expect(detectDrift(inputs({ seen: seen('2.0.5') }), 3_000)).toBeNull()
    expect(detectDrift(inputs({ seen: seen('nightly') }), 3_000)).toBeNull()
  })

  it('names only the versions it is newer than', () => {
    const drift = detectDrift(
      inputs({
        seen: { version: '1.19.0', at: 0, source: 'report session.created' },
        verified: [
          { what: 'screen rules', version: '1.19.0' },
          { what: 'report table', version: '1.18.33' },
        ],
      }),
      10,
    )
    expect(drift!.detail).toMatch(/^claude 1\.19\.0 \(from its report session\.created\) is newer than 1\.18\.33 \(report table\), the version it/)
  })

  it('an unmatched screen outranks a newer version and names it', () => {
    const drift = detectDrift(inputs({ unmatchedSince: 0, seen: { version: '3.0.0', at: 0, source: 'screen' } }), LIMIT)
    expect(drift!.reason).toBe('unmatched-screen')
    expect(drift!.detail).toContain('; claude 3.0.0 (from its screen) is newer than 2.1.197')
  })
})
