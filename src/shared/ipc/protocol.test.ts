import { describe, expect, it } from 'vitest'
import { PROTOCOL_VERSION, protocolMismatch, protocolOf } from './protocol'

describe('the client/daemon protocol check', () => {
  it('passes a daemon of the same protocol, and counts one that names none as protocol 1', () => {
    expect(protocolMismatch({ protocol: PROTOCOL_VERSION }, 'this client')).toBeNull()
    expect(protocolOf({})).toBe(1)
  })

  it('says which side is older and what to run', () => {
    expect(protocolMismatch({ version: '0.0.9' }, 'this switchboard', 2)).toBe(
      "the running board (0.0.9) speaks protocol 1, this switchboard protocol 2: run `switchboard daemon --restart` to start this version's board (the programs in its panes run on)",
    )
    expect(protocolMismatch({ protocol: 3 }, 'this page', 2)).toMatch(/^the running board speaks protocol 3, this page protocol 2: the board is newer/)
  })
})
