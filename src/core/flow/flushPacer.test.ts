import { describe, expect, it } from 'vitest'
import { FlushPacer } from './flushPacer'

describe('FlushPacer', () => {
  it('sends the first batch after a quiet spell at once, then at most one per gap while output keeps coming', () => {
    const pacer = new FlushPacer(16, 50)
    expect(pacer.delay(1000)).toBe(0)
    pacer.flushed(1000)
    expect(pacer.delay(1005)).toBe(11)
    expect(pacer.delay(1016)).toBe(0)
    pacer.flushed(1016)
    expect(pacer.delay(1040)).toBe(0)
  })

  it('sends output that follows input closely at once, however busy (an echo)', () => {
    const pacer = new FlushPacer(16, 50)
    pacer.flushed(1000)
    pacer.input(1002)
    expect(pacer.delay(1003)).toBe(0)
    expect(pacer.delay(1051)).toBe(0)
    pacer.flushed(1051)
    // Past the echo window the pace holds again.
    expect(pacer.delay(1053)).toBe(14)
  })
})
