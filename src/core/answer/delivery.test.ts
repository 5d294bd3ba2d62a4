import { describe, expect, it } from 'vitest'
import type { Evidence } from '../../shared/domain/pane'
import { deliveryBaseline, deliveryTaken, echoCount, echoProbe, notTaken, takenLate } from './delivery'

const screen = (...rows: string[]) => rows
const hook: Evidence = { source: 'hook', at: 2, detail: 'UserPromptSubmit' }
const ownKey: Evidence = { source: 'input', at: 2, detail: 'Enter on a typed prompt: the turn starts (the agent has not shown it yet)' }

describe('did the program take the line?', () => {
  it('finds the line’s echo wrapped at any width, and only once more than before', () => {
    const probe = echoProbe('  [STEP1] Summarize the project and its tests.\nsecond line')
    expect(probe).toBe('[STEP1]Summarizetheproje')
    // Wrapped at 50 columns inside Claude's prompt box: still the line.
    expect(echoCount(screen('❯ [STEP1] Summarize the', '  project and its tests.'), probe)).toBe(1)
    expect(echoCount(screen('❯ [STEP1] Summarize the project', '', '● [STEP1] Summarize the project'), probe)).toBe(2)
    expect(echoCount(screen('❯ '), probe)).toBe(0)
    expect(echoCount(screen('anything'), '')).toBe(0)
  })

  it('taken by its echo, or by the agent going to work as it says itself; not by the board’s own key', () => {
    const base = deliveryBaseline('fix it', screen('❯ '), 'idle', 0)
    expect(deliveryTaken(base, { lines: screen('❯ fix it'), state: 'idle', evidence: [] })).toMatchObject({ taken: true, by: 'echo' })
    expect(deliveryTaken(base, { lines: screen('❯ '), state: 'working', evidence: [hook] })).toMatchObject({ taken: true, by: 'state' })
    expect(deliveryTaken(base, { lines: screen('❯ '), state: 'working', evidence: [ownKey] })).toBeNull()
    expect(deliveryTaken(base, { lines: screen('❯ '), state: 'idle', evidence: [] })).toBeNull()
    // A line sent into work: the turn ending says nothing about it.
    const busy = deliveryBaseline('fix it', screen('working…'), 'working', 0)
    expect(deliveryTaken(busy, { lines: screen('❯ '), state: 'idle', evidence: [hook] })).toBeNull()
  })

  it('not taken by the board first seeing a starting pane’s program (CI under load: "taken" while the program ignored input)', () => {
    const base = deliveryBaseline('late line', screen('loading...'), 'starting', 0)
    const process: Evidence = { source: 'process', at: 300, detail: 'python3 -c …' }
    expect(deliveryTaken(base, { lines: screen('loading...'), state: 'working', evidence: [process] })).toBeNull()
    // The agent itself going to work from starting still says it took the line.
    expect(deliveryTaken(base, { lines: screen('loading...'), state: 'working', evidence: [hook] })).toMatchObject({ taken: true, by: 'state' })
    // From idle, a new program in front is the shell running the line.
    const idle = deliveryBaseline('make', screen('$ '), 'idle', 0)
    expect(deliveryTaken(idle, { lines: screen('$ '), state: 'working', evidence: [process] })).toMatchObject({ taken: true, by: 'state' })
  })

  it('a line already on the screen before (the user typed it before) needs one more to count; read late, it is not sent twice', () => {
    const base = deliveryBaseline('fix it', screen('❯ fix it'), 'idle', 0)
    expect(base.echoes).toBe(1)
    expect(deliveryTaken(base, { lines: screen('❯ fix it'), state: 'idle', evidence: [] })).toBeNull()
    expect(takenLate(base, screen('● fix it', '❯ fix it'))).toBe(true)
    expect(takenLate(base, screen('❯ fix it'))).toBe(false)
  })

  it('says what happened when nothing came', () => {
    expect(notTaken(4012)).toEqual({
      taken: false,
      waitedMs: 4012,
      message: expect.stringMatching(/^Not taken — the agent was not reading input yet: .* within 4 s\./),
    })
  })
})
