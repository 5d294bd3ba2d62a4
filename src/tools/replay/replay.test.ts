import { describe, expect, it } from 'vitest'
import { AgentCatalog } from '../../board/agents/agentCatalog'
import { findAgentsDir } from '../../board/status/ruleRegistry'
import { parseCast, parseReports } from './asciicast'
import { UsageError, parseReplayArgs } from './replayCommand'
import { replayRecording } from './replayRecording'
import { scoreReplay, truthSegments, verdictSegments } from './score'

const registry = AgentCatalog.loadStrict(findAgentsDir(__dirname)!)

describe('asciicast', () => {
  it('reads v2 (absolute times) with output, input, resize and markers', () => {
    const cast = parseCast(
      [
        '{"version":2,"width":80,"height":24,"title":"claude 2.1.197 demo"}',
        '[0.5,"o","hello"]',
        '[0.7,"i","\\r"]',
        '[0.8,"r","100x30"]',
        '[1.0,"m","state:idle"]',
      ].join('\n'),
    )
    expect([cast.cols, cast.rows, cast.title]).toEqual([80, 24, 'claude 2.1.197 demo'])
    expect(cast.events).toEqual([
      { t: 0.5, type: 'o', data: 'hello' },
      { t: 0.7, type: 'i', data: '\r' },
      { t: 0.8, type: 'r', cols: 100, rows: 30 },
      { t: 1.0, type: 'm', label: 'state:idle' },
    ])
  })

  it('reads v3 (intervals, comments, exit events)', () => {
    const cast = parseCast(['{"version":3,"term":{"cols":80,"rows":24}}', '# a comment', '[0.5,"o","a"]', '[0.25,"o","b"]', '[1,"x","0"]'].join('\n'))
    expect(cast.events.map((e) => e.t)).toEqual([0.5, 0.75, 1.75])
    expect(cast.events[2]).toEqual({ t: 1.75, type: 'x', code: 0 })
  })

  it('reads reports and rejects malformed lines', () => {
    expect(parseReports('{"t":1.5,"event":"Stop","payload":{"x":1}}\n\n')).toEqual([{ t: 1.5, event: 'Stop', payload: { x: 1 } }])
    expect(() => parseReports('{"event":"Stop"}')).toThrow(/line 1/)
  })
})

describe('score', () => {
  const truth = [
    { from: 1, to: 3, state: 'working' },
    { from: 3, to: 6, state: 'blocked' },
    { from: 6, to: 10, state: 'idle' },
  ]

  it('measures detection latency, agreement outside the grace windows and false alarms', () => {
    const verdicts = [
      { from: 0, to: 3.05, state: 'working' },
      { from: 3.05, to: 6.2, state: 'blocked' },
      { from: 6.2, to: 10, state: 'idle' },
    ]
    const s = scoreReplay(truth, verdicts)
    expect(s.episodes).toEqual([{ state: 'blocked', from: 3, to: 6, latency: expect.closeTo(0.05, 5) }])
    expect(s.agreement).toBe(1)
    expect(s.falseEpisodes).toEqual([{ from: 6, to: 6.2, state: 'blocked' }])
    expect(s.failures).toEqual([])
  })

  it('fails a missed episode, a long false alarm and poor agreement', () => {
    const s = scoreReplay(truth, [
      { from: 0, to: 8, state: 'working' },
      { from: 8, to: 10, state: 'asked' },
    ])
    expect(s.failures).toEqual([
      'missed blocked at 3.000 s',
      'false asked for 2.000 s at 8.000 s',
      expect.stringMatching(/^time agreement \d+\.\d\d % < 99 %$/),
    ])
  })
})

describe('replay', () => {
  it('parses its command line', () => {
    expect(parseReplayArgs(['a.cast', '--agent', 'pi', '--json'])).toMatchObject({ cast: 'a.cast', agent: 'pi', json: true, hooks: null })
    expect(() => parseReplayArgs(['--hooks'])).toThrow(UsageError)
    expect(() => parseReplayArgs([])).toThrow(/required/)
  })

  it('honours resize events and never reads markers', async () => {
    // A Pi-like screen drawn at 80 columns, then a resize: the rules keep reading the bottom page.
    const rule = '─'.repeat(40)
    const frame = (cols: number) =>
      `\x1b[2J\x1b[H ⠋ Working...\r\n${rule}\r\n\r\n${rule}\r\n/project\r\n0.1%/200k (auto)${' '.repeat(Math.max(0, cols - 60))}model`
    const cast = parseCast(
      [
        '{"version":2,"width":80,"height":10}',
        `[0.1,"o",${JSON.stringify(frame(80))}]`,
        '[0.2,"m","state:blocked"]',
        '[0.5,"r","60x8"]',
        `[0.6,"o",${JSON.stringify('\x1b[2J\x1b[H' + rule + '\r\n\r\n' + rule + '\r\n/project\r\n0.1%/200k (auto)')}]`,
      ].join('\n'),
    )
    const result = await replayRecording(cast, [], 'pi', registry)
    expect(result.transitions.map((t) => [t.t, t.state])).toEqual([
      [0, 'starting'],
      // The rules run 8–16 ms after output, on the engine's 8 ms grid (EngineConstants.EvalGridMs).
      [0.112, 'working'],
      [0.616, 'idle'],
    ])
    const score = scoreReplay(truthSegments(cast.events, result.end), verdictSegments(result.transitions, result.end))
    expect(score.episodes[0]?.latency).toBeNull()
  })
})
