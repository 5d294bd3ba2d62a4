import { describe, expect, it } from 'vitest'
import { PassThrough, Writable } from 'node:stream'
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MAX_PENDING_OUTPUT, createLogger, rotatingFileSink, streamSink } from './log'
import { openForAppend } from './safeFiles'

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
    // A burst that takes all 1001 lines and a clock that stands still: what is dropped here is the
    // sink's doing, not the rate limit's (the default burst of 1000 dropped the last line in CI).
    const log = createLogger('debug', sink, { burst: 2000, perSecond: 100 }, () => 0)
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

describe('log rate and size (issue 24.1: a bell flood wrote 87 MiB of daemon.log in 10 s)', () => {
  it('writes a burst, then so many lines a second, and says how many it dropped', () => {
    let t = 0
    const lines: string[] = []
    const log = createLogger(
      'info',
      (l) => lines.push(l),
      { burst: 10, perSecond: 5 },
      () => t,
    )
    for (let i = 0; i < 1000; i++) log.info(`line ${i}`)
    expect(lines).toHaveLength(10)
    t += 1000
    for (let i = 0; i < 1000; i++) log.info(`later ${i}`)
    expect(lines[10]).toBe('[switchboard warn] 990 log lines dropped (more than 5 a second)')
    expect(lines.slice(11)).toEqual([
      '[switchboard info] later 0',
      '[switchboard info] later 1',
      '[switchboard info] later 2',
      '[switchboard info] later 3',
      '[switchboard info] later 4',
    ])
  })

  it('a log file is rotated to .1 once it holds its size, so two files bound it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-log-'))
    try {
      const path = join(dir, 'daemon.log')
      const sink = rotatingFileSink(path, 64 * 1024, (p) => openForAppend(p))
      const line = 'x'.repeat(99)
      for (let i = 0; i < 20_000; i++) sink(line)
      expect(statSync(path).size).toBeLessThanOrEqual(64 * 1024)
      expect(statSync(`${path}.1`).size).toBeLessThanOrEqual(64 * 1024)
      expect(statSync(`${path}.1`).size).toBeGreaterThan(60 * 1024)
      expect(readdirSync(dir).sort()).toEqual(['daemon.log', 'daemon.log.1'])
      expect(sink.dropped).toBe(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
