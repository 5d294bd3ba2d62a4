import { describe, expect, it } from 'vitest'
import { parseTerminalState as parseCodexStateOsc } from './terminal'

describe('Codex OSC 7501 (0.171.0)', () => {
  it('parses every state the recordings contain', () => {
    expect(parseCodexStateOsc('state=idle:app=codex')).toEqual({ state: 'turnEnded', raw: 'idle' })
    expect(parseCodexStateOsc('state=working:app=codex')).toEqual({ state: 'working' })
    expect(parseCodexStateOsc('state=done:app=codex')).toEqual({ state: 'turnEnded', raw: 'done' })
    expect(parseCodexStateOsc('state=blocked:app=codex:kind=permission')).toEqual({ state: 'blocked' })
    expect(parseCodexStateOsc('state=blocked:app=codex:kind=question')).toEqual({ state: 'question' })
    expect(parseCodexStateOsc('state=clear')).toEqual({ state: 'gone' })
    // The turn ended on an API error (a 500 with retries off): it was ignored, and the badge said working for 58 s.
    expect(parseCodexStateOsc('state=error:app=codex')).toEqual({ state: 'turnEnded', raw: 'error' })
  })

  it('takes a state it does not know as the end of the last one, not as nothing', () => {
    expect(parseCodexStateOsc('state=dancing:app=codex')).toEqual({ state: 'unknown', raw: 'dancing' })
  })

  it('ignores what is not Codex state', () => {
    expect(parseCodexStateOsc('state=working:app=other')).toBeNull()
    expect(parseCodexStateOsc('')).toBeNull()
  })
})
