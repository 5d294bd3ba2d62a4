import { describe, expect, it } from 'vitest'
import { ByteLog, ByteLogConstants } from './byteLog'

const text = (log: ByteLog, from: number) => Buffer.concat(log.slices(from)).toString('utf8')

describe('ByteLog', () => {
  it('keeps output at monotonic byte offsets and hands out what follows an offset', () => {
    const log = new ByteLog()
    expect(log.append('héllo ')).toBe(0)
    expect(log.append('wörld')).toBe(7)
    expect(log.end).toBe(13)
    expect(text(log, 0)).toBe('héllo wörld')
    expect(text(log, 7)).toBe('wörld')
  })

  it('drops what a checkpoint covers, and keeps the offsets', () => {
    const log = new ByteLog()
    log.append('a'.repeat(100))
    log.trim(60)
    expect(log.start).toBe(60)
    expect(log.size).toBe(40)
    log.append('b')
    expect(text(log, 0)).toBe('a'.repeat(40) + 'b')
    log.trim(1000)
    expect(log.size).toBe(0)
    expect(log.append('c')).toBe(101)
    expect(text(log, 101)).toBe('c')
  })

  it('spans blocks without splitting a character, and shrinks by whole blocks from the front', () => {
    const log = new ByteLog()
    // Three-byte characters never fill a 64 KiB block exactly: each block ends on a boundary.
    const chunk = '€'.repeat(10_000)
    for (let i = 0; i < 10; i++) log.append(chunk)
    expect(log.end).toBe(300_000)
    for (const slice of log.slices(0)) expect(slice.toString('utf8')).toMatch(/^€+$/)
    expect(Buffer.concat(log.slices(0)).toString('utf8')).toBe(chunk.repeat(10))
    const dropped = log.shrinkTo(100_000)
    expect(dropped).toBeGreaterThan(0)
    expect(log.size).toBeLessThanOrEqual(100_000 + ByteLogConstants.BlockBytes)
    expect(Buffer.concat(log.slices(0)).toString('utf8')).toMatch(/^€+$/)
    expect(log.start + log.size).toBe(300_000)
  })

  it('a trim inside a character moves to the next character when shrinking', () => {
    const log = new ByteLog()
    log.append('x€€')
    log.shrinkTo(5)
    // 7 bytes; keeping 5 would start inside the first €: the next character starts at 4.
    expect(log.start).toBe(4)
    expect(text(log, 0)).toBe('€')
  })
})
