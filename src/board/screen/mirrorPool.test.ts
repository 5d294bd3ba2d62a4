import { afterEach, describe, expect, it } from 'vitest'
import { setUnexpectedErrorHandler } from '../../core/lifecycle/errors'
import { realClock } from '../util/clock'
import { eventually } from '../test/support'
import { MirrorPool, poolSizeFromEnv } from './mirrorPool'
import { RemoteMirror } from './remoteMirror'

function written(mirror: RemoteMirror, data: string): Promise<void> {
  return new Promise((resolve) => mirror.write(data, resolve))
}

function failed(mirror: RemoteMirror): Promise<string> {
  return new Promise((resolve) => mirror.onDidFail(resolve))
}

const pools: MirrorPool[] = []
function pool(options: ConstructorParameters<typeof MirrorPool>[0]): MirrorPool {
  const p = new MirrorPool(options)
  pools.push(p)
  return p
}
afterEach(() => {
  for (const p of pools.splice(0)) p.dispose()
})

describe('MirrorPool: a few parser workers, each hosting many panes', () => {
  it('sizes itself to the CPUs less the board’s own thread, 1 to 4, or as SWITCHBOARD_MIRROR_WORKERS says', () => {
    expect(poolSizeFromEnv({}, 1)).toBe(1)
    expect(poolSizeFromEnv({}, 2)).toBe(1)
    expect(poolSizeFromEnv({}, 3)).toBe(2)
    expect(poolSizeFromEnv({}, 64)).toBe(4)
    expect(poolSizeFromEnv({ SWITCHBOARD_MIRROR_WORKERS: '3' }, 2)).toBe(3)
    expect(poolSizeFromEnv({ SWITCHBOARD_MIRROR_WORKERS: 'lots' }, 2)).toBe(1)
  })

  it('spreads panes over its workers and stops a worker with its last pane', async () => {
    const p = pool({ size: 2 })
    const mirrors = Array.from({ length: 4 }, () => new RemoteMirror(80, 24, realClock, p))
    expect(p.threads()).toHaveLength(2)
    await Promise.all(mirrors.map((m, i) => written(m, `pane ${i}`)))
    mirrors.forEach((m, i) => expect(m.screen().lines[0]).toBe(`pane ${i}`))
    for (const m of mirrors) m.dispose()
    expect(p.threads()).toHaveLength(0)
  })

  it('posts a pane’s state only when it changed, flat, and the pane reads the same screen from it', async () => {
    const p = pool({ size: 1 })
    const mirror = new RemoteMirror(20, 4, realClock, p)
    const states: unknown[] = []
    const setState = mirror.setState.bind(mirror)
    mirror.setState = (state) => {
      states.push(state)
      setState(state)
    }
    try {
      await written(mirror, 'one\r\n  two ü\x1b[?2004h')
      expect(states).toHaveLength(1)
      expect(mirror.screen()).toEqual({ cols: 20, rows: 4, lines: ['one', '  two ü', '', ''], cursor: { x: 7, y: 1 }, alternate: false })
      expect(mirror.bracketedPasteMode).toBe(true)
      const before = mirror.screen()
      // Parsed, but nothing the pane reads changed (cursor hidden and shown, SGR): no state is posted.
      await written(mirror, '\x1b[?25l\x1b[31m\x1b[0m\x1b[?25h')
      await written(mirror, '')
      expect(states).toHaveLength(1)
      expect(mirror.screen()).toBe(before)
      await written(mirror, '\x1b[4;1Hlast')
      expect(states).toHaveLength(2)
      expect(mirror.screen().lines).toEqual(['one', '  two ü', '', 'last'])
      expect(before.lines[3]).toBe('')
    } finally {
      mirror.dispose()
    }
  })

  it('parses fairly: a quiet pane waits for one slice of a flooding pane in the same worker, not for xterm’s 12 ms run', async () => {
    const sliceBytes = 8192
    const p = pool({ size: 1, sliceBytes, roundBytes: sliceBytes })
    const flood = new RemoteMirror(80, 24, realClock, p)
    const quiet = new RemoteMirror(80, 24, realClock, p)
    await Promise.all([written(flood, 'warm'), written(quiet, 'warm')])
    // Numbered lines: the flood's screen tells how far its parse has got.
    const LINE = 64
    const lines = Array.from({ length: 250_000 }, (_, i) => `flood ${String(i).padStart(9, '0')} `.padEnd(LINE - 2, '.') + '\r\n')
    const floodDone = written(flood, lines.join(''))
    const reached = () => Math.max(-1, ...flood.screen().lines.map((l) => Number(/^flood (\d+)/.exec(l)?.[1] ?? -1)))
    const gaps: number[] = []
    for (let i = 0; i < 5; i++) {
      // The flood's parse has moved on since the last look (the quiet chunk goes in mid-flood).
      const last = reached()
      await eventually(() => reached() > last, 'the flood to parse on', 20_000)
      const before = reached()
      await written(quiet, `\r\nquiet ${i}`)
      gaps.push((reached() - before) * LINE)
    }
    const floodWasStillGoing = reached() < lines.length - 1
    await floodDone
    expect(floodWasStillGoing).toBe(true)
    expect(quiet.screen().lines.join('\n')).toContain('quiet 4')
    // Flood bytes parsed while the quiet chunk waited: a slice or two of a round (states lag a
    // round), where xterm alone would parse ~12 ms of the flood (hundreds of KB) first.
    expect(Math.min(...gaps)).toBeLessThanOrEqual(4 * sliceBytes)
  }, 60_000)

  it('parses a backlog of small writes in slices of the round’s share, not one write (and one screen read) each', async () => {
    const p = pool({ size: 1 })
    const mirror = new RemoteMirror(80, 24, realClock, p)
    let states = 0
    const setState = mirror.setState.bind(mirror)
    mirror.setState = (state) => {
      states++
      setState(state)
    }
    try {
      await written(mirror, 'warm')
      states = 0
      // A flood read 1 KiB at a time: while the worker parses the first 4 MiB, the small writes
      // queue up behind it, each posted in a turn of its own (a message each).
      const big = Array.from({ length: 64_000 }, (_, i) => `line ${String(i).padStart(6, '0')}`.padEnd(62, '.') + '\r\n').join('')
      const order: number[] = []
      const all: Promise<void>[] = [written(mirror, big)]
      const SMALL = 200
      for (let i = 0; i < SMALL; i++) {
        await new Promise((resolve) => setImmediate(resolve))
        all.push(new Promise<void>((resolve) => mirror.write(`\r\nsmall ${String(i).padStart(3, '0')} `.padEnd(70, '-'), () => (order.push(i), resolve()))))
      }
      await Promise.all(all)
      expect(order).toEqual(Array.from({ length: SMALL }, (_, i) => i))
      expect(mirror.screen().lines.at(-1)).toMatch(/^small 199 -+$/)
      // 4 MiB in 128 KiB slices is ~32 reads of the screen; the 14 KiB behind it one or two more, not 200.
      expect(states).toBeLessThan(32 + 40)
    } finally {
      mirror.dispose()
    }
  }, 60_000)

  it('a worker that dies costs only its own panes a moment: each is mirrored again on a fresh worker from its last screen, at most twice', async () => {
    const p = pool({ size: 2 })
    const a = new RemoteMirror(80, 24, realClock, p)
    const b = new RemoteMirror(80, 24, realClock, p)
    await Promise.all([written(a, '\x1b[?2004ha'), written(b, 'b')])
    const recovered: string[] = []
    a.onDidRecover((how) => recovered.push(how))
    // A pane goes to the worker with the fewest panes, a new one while the pool is below its size:
    // a is on the first worker, and after each death on the newest (the last), alone.
    const kill = async (index: number) => {
      const gone = new Promise<void>((resolve) => {
        const done = () => {
          for (const sub of subs) sub.dispose()
          resolve()
        }
        const subs = [a.onDidRecover(done), a.onDidFail(done)]
      })
      await p.threads()[index]?.terminate()
      await gone
    }
    await kill(0)
    expect(recovered).toEqual([expect.stringMatching(/parser worker exited .*parsed again on a fresh parser worker, from the last screen \(restart 1 of 2\)/)])
    expect(a.failure).toBeNull()
    // The last screen, the cursor after it and the modes stand where they stood, and parsing goes on.
    await written(a, 'fter')
    expect(a.screen().lines[0]).toBe('after')
    expect(a.bracketedPasteMode).toBe(true)
    // The other worker's pane goes on untouched.
    await written(b, ' and more')
    expect(b.failure).toBeNull()
    expect(b.screen().lines[0]).toBe('b and more')
    // A second death is taken again; a third leaves the screen frozen, with the reason, and the writes still flow.
    recovered.length = 0
    await kill(1)
    expect(recovered).toHaveLength(1)
    recovered.length = 0
    const why = failed(a)
    await kill(1)
    expect(await why).toMatch(/parser worker exited .*mirrored again too often/)
    expect(recovered).toEqual([])
    await written(a, ' lost')
    expect(a.screen().lines[0]).toBe('after')
    const c = new RemoteMirror(80, 24, realClock, p)
    await written(c, 'c')
    expect(c.screen().lines[0]).toBe('c')
    for (const m of [a, b, c]) m.dispose()
  })

  it('a worker that hangs (a 10 M line scroll, unclamped) is stopped by the watchdog and costs only its panes a restart', async () => {
    const p = pool({ size: 2, hangMs: 1500 })
    const stuck = new RemoteMirror(80, 24, realClock, p)
    const fine = new RemoteMirror(80, 24, realClock, p)
    await Promise.all([written(stuck, 'x'), written(fine, 'y')])
    const why = new Promise<string>((resolve) => stuck.onDidRecover(resolve))
    // Released when the watchdog gives up on the worker, not when the minute-long parse ends.
    const released = written(stuck, '\x1b[9999999S')
    expect(await why).toMatch(/stopped answering .* it was stopped; its screen is parsed again/)
    await released
    await written(stuck, ' parsed again')
    expect(stuck.screen().lines[0]).toBe('x parsed again')
    await written(fine, ' still parsed')
    expect(fine.screen().lines[0]).toBe('y still parsed')
    expect(fine.failure).toBeNull()
    stuck.dispose()
    fine.dispose()
    expect(p.threads()).toHaveLength(0)
  }, 30_000)

  it('a pane whose callback throws costs the other panes of the round nothing; the error is reported', async () => {
    const p = pool({ size: 1 })
    const [a, b] = [new RemoteMirror(80, 24, realClock, p), new RemoteMirror(80, 24, realClock, p)]
    await Promise.all([written(a, 'warm'), written(b, 'warm')])
    const reported: unknown[] = []
    setUnexpectedErrorHandler((err) => reported.push(err))
    try {
      // Same turn, same message, same round: a's callback throws before b's event is handled.
      a.write('!', () => {
        throw new Error('a pane bug')
      })
      await written(b, ' b')
      expect(b.screen().lines[0]).toBe('warm b')
      await written(a, ' a')
      expect(a.screen().lines[0]).toBe('warm! a')
      expect(reported).toEqual([expect.objectContaining({ message: 'a pane bug' })])
    } finally {
      setUnexpectedErrorHandler(null)
      a.dispose()
      b.dispose()
    }
  })

  it('disposal terminates every worker', async () => {
    const p = pool({ size: 2 })
    const mirrors = [new RemoteMirror(80, 24, realClock, p), new RemoteMirror(80, 24, realClock, p)]
    await Promise.all(mirrors.map((m) => written(m, 'x')))
    const exits = p.threads().map((t) => new Promise<number>((resolve) => t.once('exit', resolve)))
    p.dispose()
    expect(await Promise.all(exits)).toHaveLength(2)
    expect(p.threads()).toHaveLength(0)
  })
})
