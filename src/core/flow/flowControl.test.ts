import { describe, expect, it } from 'vitest'
import { FlowControl } from './flowControl'

describe('FlowControl', () => {
  it('pauses when any consumer passes the high watermark and resumes only when all are below the low one', () => {
    const flow = new FlowControl(100, 10)
    expect(flow.charge('mirror', 60)).toBeUndefined()
    expect(flow.charge('client', 101)).toBe(true)
    expect(flow.credit('client', 95)).toBeUndefined() // client at 6, but mirror still at 60
    expect(flow.isPaused).toBe(true)
    expect(flow.credit('mirror', 55)).toBe(false)
    expect(flow.isPaused).toBe(false)
  })

  it('a departing slow consumer releases the pause; over-acks heal to zero', () => {
    const flow = new FlowControl(100, 10)
    flow.charge('slow', 500)
    expect(flow.remove('slow')).toBe(false)
    flow.charge('c', 5)
    flow.credit('c', 50)
    expect(flow.pending('c')).toBe(0)
    expect(flow.credit('unknown', 5)).toBeUndefined()
  })
})
