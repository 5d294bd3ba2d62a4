import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { AgentCatalog } from '../../board/agents/agentCatalog'
import { findAgentsDir } from '../../board/status/ruleRegistry'
import { ownFixture } from '../../board/test/fixtures'
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

/**
 * 2.1.332's final-message report (MessageDisplay, which the board does not register but a
 * recording made elsewhere may hold) 50 ms before or after a Stop that knows no text: the order
 * the issue measured both ways, 18–85 ms apart.
 */
const withFinalMessage = (reports: readonly RecordedReport[], offsetS: number) =>
  reports
    .flatMap((r, i) => {
      if (r.event !== 'Stop') return [r]
      const p = r.payload as Record<string, unknown>
      const display = {
        t: r.t + offsetS,
        event: 'MessageDisplay',
        payload: {
          hook_event_name: 'MessageDisplay',
          session_id: p.session_id,
          message_id: `msg-${i}`,
          index: 0,
          final: true,
          delta: p.last_assistant_message,
        },
      }
      return [withoutReplyText([r])[0]!, display]
    })
    .sort((a, b) => a.t - b.t)

async function score(name: string, reports: (all: readonly RecordedReport[]) => RecordedReport[]) {
  const cast = parseCast(readFileSync(ownFixture(`claude/${name}.cast`), 'utf8'))
  const given = reports(parseReports(readFileSync(ownFixture(`claude/${name}.hooks.jsonl`), 'utf8')))
  expect(given.some((r) => r.event === 'Stop' && 'last_assistant_message' in (r.payload as object))).toBe(false)
  const result = await replayRecording(cast, given, 'claude', registry)
  return scoreReplay(truthSegments(cast.events, result.end), verdictSegments(result.transitions, result.end))
}

describe('asked from the reply on screen, the reports knowing no reply text', () => {
  it.each(RECORDINGS)('%s', async (name) => {
    const s = await score(name, withoutReplyText)
    expect(s.episodes.filter((e) => e.state === 'asked').length, 'the recording has its four replies that ask').toBe(4)
    expect(s.failures).toEqual([])
    expect(s.agreement).toBeGreaterThanOrEqual(0.99)
  })
})

describe('asked whatever the order of Stop and the final-message report', () => {
  it.each(
    RECORDINGS.flatMap(
      (name) =>
        [
          [name, -0.05],
          [name, 0.05],
        ] as const,
    ),
  )('%s, final message %ss from Stop', async (name, offset) => {
    const s = await score(name, (all) => withFinalMessage(all, offset))
    expect(s.episodes.filter((e) => e.state === 'asked').length).toBe(4)
    expect(s.failures).toEqual([])
    expect(s.agreement).toBeGreaterThanOrEqual(0.99)
  })
})
