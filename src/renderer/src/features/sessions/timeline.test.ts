import { describe, expect, it } from 'vitest'
import type { StateHistoryEntry } from '../../../../shared/domain/pane'
import { describeAge } from '../../lib/format'
import { lastStateBeforeInterruption, timelineSegments } from './timeline'

const entry = (state: StateHistoryEntry['state'], since: number): StateHistoryEntry => ({
  paneId: '1',
  state,
  previous: 'idle',
  since,
  evidence: [{ source: 'hook', at: since, detail: state }],
})

describe('the state timeline', () => {
  it('runs each state to the next, the last to the interruption', () => {
    const segments = timelineSegments(
      [entry('working', 0), entry('blocked', 60_000)],
      { interrupted: { at: 60_000 + 42 * 60_000, resume: { kind: 'rerun' }, command: ['x'] } },
      10 ** 9,
    )
    expect(segments.map((s) => [s.state, s.from, s.to])).toEqual([
      ['working', 0, 60_000],
      ['blocked', 60_000, 60_000 + 42 * 60_000],
    ])
    expect(lastStateBeforeInterruption(segments, describeAge)).toBe('blocked for 42 minutes before the board stopped')
  })

  it("shows the board's outage as its own segment, and the state before it as the last one seen", () => {
    const down: StateHistoryEntry = { paneId: '1', state: 'exited', previous: 'blocked', since: 80_000, evidence: [], mark: 'interrupted' }
    const segments = timelineSegments(
      [entry('working', 0), entry('blocked', 60_000), down],
      { interrupted: { at: 80_000, resume: { kind: 'rerun' }, command: ['x'] } },
      200_000,
    )
    expect(segments.map((s) => [s.label, s.from, s.to])).toEqual([
      ['working', 0, 60_000],
      ['blocked', 60_000, 80_000],
      ['interrupted', 80_000, 200_000],
    ])
    expect(segments[2]).toMatchObject({ mark: 'interrupted', tone: 'amber' })
    expect(lastStateBeforeInterruption(segments, describeAge)).toBe('blocked for 20 seconds before the board stopped')
  })

  it('runs the last state to now for a live pane', () => {
    expect(timelineSegments([entry('idle', 5)], {}, 50).map((s) => s.to)).toEqual([50])
  })

  it("a segment's words are what the agent asked, else what the state means: never the raw evidence", () => {
    const asked: StateHistoryEntry = {
      paneId: '1',
      state: 'blocked',
      previous: 'working',
      since: 0,
      evidence: [{ source: 'hook', at: 0, detail: 'PermissionRequest tool_name=Bash', ask: 'Run `touch x.txt`?' }],
    }
    const idle: StateHistoryEntry = {
      paneId: '1',
      state: 'idle',
      previous: 'blocked',
      since: 9,
      evidence: [{ source: 'osc', at: 9, detail: 'agent terminal state state=done:app=codex' }],
    }
    expect(timelineSegments([asked, idle], {}, 20).map((s) => s.detail)).toEqual(['Run `touch x.txt`?', 'waiting for a new task'])
  })
})
