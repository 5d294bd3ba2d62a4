import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { AgentCatalog } from '../agents/agentCatalog'
import { findAgentsDir } from '../status/ruleRegistry'
import { ownFixture } from '../test/fixtures'
import { parseCast, parseReports, type RecordedReport } from './asciicast'
import { replayRecording } from './replayRecording'
import { scoreReplay, truthSegments, verdictSegments } from './score'

/**
 * "Asked" from the reply on screen alone (issue 19): Claude's replies that end with a question
 * (test/fixtures/claude/cc*-asks-*: long and wrapped, its first row scrolled out at 50×16; bold
 * under a list; after a tool call), replayed with every `Stop` stripped of its
 * `last_assistant_message`, as when the final message is reported after `Stop` or not at all.
 * The reports then say only that the turn ended; every reply that asks must still read asked at
 * once and the one that asks only in its middle must not.
 */
const registry = AgentCatalog.loadStrict(findAgentsDir(__dirname)!)
const RECORDINGS = ['cc21197-asks-50x16', 'cc21332-asks-50x16', 'cc21197-asks-250x70', 'cc21332-asks-250x70']

const withoutReplyText = (reports: readonly RecordedReport[]) =>
  reports.map((r) => {
    if (r.event !== 'Stop') return r
    const { last_assistant_message: _text, ...rest } = r.payload as Record<string, unknown>
    return { ...r, payload: rest }
  })

describe('asked from the reply on screen, the reports knowing no reply text', () => {
  it.each(RECORDINGS)('%s', async (name) => {
    const cast = parseCast(readFileSync(ownFixture(`claude/${name}.cast`), 'utf8'))
    const reports = withoutReplyText(parseReports(readFileSync(ownFixture(`claude/${name}.hooks.jsonl`), 'utf8')))
    expect(reports.some((r) => r.event === 'Stop' && 'last_assistant_message' in (r.payload as object))).toBe(false)
    const result = await replayRecording(cast, reports, 'claude', registry)
    const truth = truthSegments(cast.events, result.end)
    const score = scoreReplay(truth, verdictSegments(result.transitions, result.end))
    const asks = score.episodes.filter((e) => e.state === 'asked')
    expect(asks.length, 'the recording has its four replies that ask').toBe(4)
    expect(score.failures).toEqual([])
    expect(score.agreement).toBeGreaterThanOrEqual(0.99)
  })
})
