import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { AgentCatalog } from '../../board/agents/agentCatalog'
import { findAgentsDir } from '../../board/status/ruleRegistry'
import { allFixtureRecordings, OWN_FIXTURES, REPO_ROOT, SHARED_FIXTURES } from '../../board/test/fixtures'
import { formatFixtureTable, listFixtureRecordings, runFixture, type FixtureResult } from './fixtureSuite'

/**
 * Acceptance (issues 4 and 8): every recording in ../shared/fixtures (CI puts shared/ beside the
 * clone) and in test/fixtures (our own recordings of the current agent versions), replayed with
 * its hooks file through the status engine, must detect every blocked/question/asked episode,
 * raise no false attention episode of 0.3 s or more, agree with the ground truth ≥ 99 % of the
 * time outside 1 s after each true transition, and detect with a median latency ≤ 100 ms. On top
 * of the thresholds, a recording may not get worse than its recorded score (fixtureScores.json;
 * refresh with UPDATE_GOLDENS=1, which refuses to lower a score, and review the diff).
 */
const SHARED = SHARED_FIXTURES
const OWN = OWN_FIXTURES
const BASELINE = resolve(__dirname, 'fixtureScores.json')
/** Allowed drift below the recorded score: the replay is deterministic, so this is only slack for emulator updates. */
const AGREEMENT_SLACK = 0.001
const LATENCY_SLACK_S = 0.01

interface Baseline {
  readonly agreement: number
  readonly medianLatencyMs: number | null
  readonly episodes: number
}

/**
 * Recordings the board does not pass yet, each with the failure it shows today. The test expects
 * exactly that failure: it fails when the board gets better (take the entry out) or worse.
 */
const KNOWN_FAILURES: Record<string, RegExp> = {}

const recordings = allFixtureRecordings()
/** A recording's key: its folder (the agent) and name; the two roots never share a name. */
const keyOf = (r: { folder: string; name: string }) => `${r.folder}/${r.name}`
const baseline: Record<string, Baseline> = existsSync(BASELINE) ? (JSON.parse(readFileSync(BASELINE, 'utf8')) as Record<string, Baseline>) : {}
const results: FixtureResult[] = []

describe(`fixture recordings in ${SHARED} and ${OWN}`, () => {
  // No recordings means no acceptance: that is a failure, never a pass.
  it('finds the acceptance recordings', () => {
    expect(listFixtureRecordings(SHARED).length, `recordings in ${SHARED} (CI puts shared/ beside the clone)`).toBeGreaterThan(0)
    expect(listFixtureRecordings(OWN).length, `recordings in ${OWN}`).toBeGreaterThan(0)
    const names = recordings.map(keyOf)
    expect(new Set(names).size, 'recording names are unique across both folders').toBe(names.length)
  })

  const registry = AgentCatalog.loadStrict(findAgentsDir(__dirname) ?? resolve(REPO_ROOT, 'resources/agents'))

  it.each(recordings.map((r) => [keyOf(r), r] as const))('%s', async (key, recording) => {
    expect(recording.hooks, 'every recording comes with its hooks file').not.toBeNull()
    const result = await runFixture(recording, registry)
    results.push(result)
    expect(result.agent, 'the agent is recognised from the recording').toBe(recording.folder)
    const known = KNOWN_FAILURES[key]
    if (known) {
      expect(
        result.score.failures.some((f) => known.test(f)),
        `the known failure ${known} (got ${JSON.stringify(result.score.failures)})`,
      ).toBe(true)
      return
    }
    expect(result.score.failures).toEqual([])
    const before = baseline[key]
    if (before) {
      expect(result.score.episodes.length, 'episodes in the recording').toBe(before.episodes)
      expect(result.score.agreement, 'no regression of time agreement').toBeGreaterThanOrEqual(before.agreement - AGREEMENT_SLACK)
      if (before.medianLatencyMs !== null && result.score.medianLatency !== null) {
        expect(result.score.medianLatency, 'no regression of median latency').toBeLessThanOrEqual(Math.max(0, before.medianLatencyMs) / 1000 + LATENCY_SLACK_S)
      }
    }
  })

  afterAll(() => {
    if (!results.length) return
    const order = recordings.map((r) => r.cast)
    results.sort((a, b) => order.indexOf(a.recording.cast) - order.indexOf(b.recording.cast))
    console.log(`\n${formatFixtureTable(results)}\n`)
    for (const r of results) for (const f of r.score.failures) console.log(`${r.recording.name}: ${f}`)
    if (process.env.UPDATE_GOLDENS) {
      const next: Record<string, Baseline> = { ...baseline }
      const lowered: string[] = []
      for (const r of results) {
        const key = keyOf(r.recording)
        const latency = r.score.medianLatency
        const score: Baseline = {
          agreement: Math.floor(r.score.agreement * 10000) / 10000,
          medianLatencyMs: latency === null ? null : Math.ceil(latency * 1000),
          episodes: r.score.episodes.length,
        }
        const why = loweredBy(baseline[key], score)
        if (why) lowered.push(`${key}: ${why}`)
        else next[key] = score
      }
      writeFileSync(BASELINE, `${JSON.stringify(next, null, 2)}\n`)
      if (lowered.length)
        throw new Error(`UPDATE_GOLDENS refuses to lower a score (those baselines were kept; fix the regression instead):\n${lowered.join('\n')}`)
    }
  })
})

/** Why `next` is worse than `before` (a golden may only get better), or null. */
function loweredBy(before: Baseline | undefined, next: Baseline): string | null {
  if (!before) return null
  if (next.episodes !== before.episodes) return `episodes ${before.episodes} → ${next.episodes}`
  if (next.agreement < before.agreement) return `agreement ${before.agreement} → ${next.agreement}`
  // Negative latencies of the old scorer count as 0 now: comparing against them is no regression.
  const was = before.medianLatencyMs === null ? null : Math.max(0, before.medianLatencyMs)
  if (was !== null && next.medianLatencyMs !== null && next.medianLatencyMs > was) return `median latency ${was} ms → ${next.medianLatencyMs} ms`
  return null
}
