import { describe, expect, it } from 'vitest'
import { PassThrough, Writable } from 'node:stream'
import { MAX_PENDING_OUTPUT, createLogger, streamSink } from './log'

describe('log sink', () => {
  it('goes quiet on a broken stream instead of throwing or retrying', async () => {
    let writes = 0
    const stream = new Writable({
      write(_chunk, _enc, done) {
        writes++
        done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))
      },
    })
    const sink = streamSink(stream)
    const log = createLogger('debug', sink)
    log.info('first')
    await new Promise((r) => setImmediate(r))
    for (let i = 0; i < 1000; i++) log.error('again')
    expect(writes).toBe(1)
    expect(sink.dropped).toBe(1000)
  })

  it('drops lines a reader does not take instead of queueing them without bound', () => {
    // highWaterMark 0 and never read: every write stays pending.
    const stream = new PassThrough({ highWaterMark: 0 })
    stream.pause()
    const sink = streamSink(stream)
    const line = 'x'.repeat(1000)
    for (let i = 0; i < 1000; i++) sink(line)
    expect(stream.writableLength).toBeLessThanOrEqual(MAX_PENDING_OUTPUT + 2000)
    expect(sink.dropped).toBeGreaterThan(900)
  })
})
