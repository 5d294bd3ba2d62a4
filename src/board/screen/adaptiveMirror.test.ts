import { afterEach, describe, expect, it } from 'vitest'
import { realClock } from '../util/clock'
import { AdaptiveMirror, AdaptiveMirrorConstants } from './adaptiveMirror'
import { HeadlessMirror } from './headlessMirror'
import { MirrorPool } from './mirrorPool'
import { mirrorThreadsFromEnv } from './paneMirror'

function written(mirror: { write(data: string, done: () => void): void }, data: string): Promise<void> {
  return new Promise((resolve) => mirror.write(data, resolve))
}

function snapshot(mirror: AdaptiveMirror, scrollback?: number): Promise<string> {
  return new Promise((resolve) => mirror.snapshot(resolve, scrollback))
}

const pools: MirrorPool[] = []
const mirrors: AdaptiveMirror[] = []
function adaptive(cols = 80, rows = 24, pool = new MirrorPool({ size: 1 })): AdaptiveMirror {
  pools.push(pool)
  const m = new AdaptiveMirror(cols, rows, realClock, () => pool)
  mirrors.push(m)
  return m
}
afterEach(() => {
  for (const m of mirrors.splice(0)) m.dispose()
  for (const p of pools.splice(0)) p.dispose()
})

/** More than a window's worth: numbered, coloured lines, so the screen and scrollback say what was parsed. */
function flood(from: number, lines: number): string {
  let out = ''
  for (let i = from; i < from + lines; i++) out += `\x1b[3${i % 8}mflood ${String(i).padStart(7, '0')}\x1b[0m `.padEnd(70, '.') + '\r\n'
  return out
}
const FLOOD_LINES = Math.ceil((AdaptiveMirrorConstants.MoveChars * 1.5) / 80)

describe('AdaptiveMirror: on the board’s thread while a pane writes little, in the parser pool once it floods', () => {
  it('a pane that writes little parses on the board’s thread, and no parser worker is started for it', async () => {
    const pool = new MirrorPool({ size: 1 })
    const m = adaptive(40, 4, pool)
    for (let i = 0; i < 50; i++) await written(m, `\x1b[H\x1b[2Kframe ${i}`)
    expect(m.place).toBe('main')
    expect(m.screen().lines[0]).toBe('frame 49')
    expect(pool.threads()).toHaveLength(0)
  })

  it('a flood moves it to the pool with its screen, scrollback, modes, title and OSC log; what it wrote meanwhile follows in order', async () => {
    const m = adaptive()
    const titles: string[] = []
    const oscs: number[] = []
    m.onTitle((t) => titles.push(t))
    m.onOsc((r) => oscs.push(r.ident))
    await written(m, '\x1b]0;agent at work\x07\x1b]9;done once\x07\x1b[?2004hvisible before\r\n')
    expect(titles).toEqual(['agent at work'])
    const order: number[] = []
    // One write over the window moves it; the ones right behind it are held and follow it there.
    m.write(flood(0, FLOOD_LINES), () => order.push(0))
    expect(m.place).toBe('main')
    const snapDuring = snapshot(m, 0)
    m.write('\x1b[31mafter the move\x1b[0m', () => order.push(1))
    // While the screen moves, the pane reads it as it stood: never a blank screen.
    const blank: number[] = []
    for (let turn = 0; order.length < 2; turn++) {
      if (m.screen().lines.join('') === '') blank.push(turn)
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(blank).toEqual([])
    await written(m, '\x1b]0;renamed\x07')
    expect(order).toEqual([0, 1])
    expect(m.place).toBe('worker')
    // The seed's title and OSC are not news; the title written after the move is.
    expect(titles).toEqual(['agent at work', 'renamed'])
    expect(oscs.filter((i) => i === 9)).toHaveLength(1)
    expect(m.osc.map((r) => r.ident)).toEqual([0, 9, 0])
    expect(m.title).toBe('renamed')
    expect(m.bracketedPasteMode).toBe(true)
    const lines = m.screen().lines
    expect(lines.at(-2)).toMatch(new RegExp(`^flood ${String(FLOOD_LINES - 1).padStart(7, '0')} \\.+$`))
    expect(lines.at(-1)).toBe('after the move')
    // The snapshot asked mid-move covers the flood and not the write after it.
    const during = await snapshot(m, 0).then(() => snapDuring)
    const replayed = new HeadlessMirror(80, 24, realClock)
    await written(replayed, during)
    expect(replayed.screen().lines.at(-2)).toMatch(/^flood \d+ \.+$/)
    expect(replayed.screen().lines.join('\n')).not.toContain('after the move')
    // Colours and scrollback crossed with the screen (a serialized screen, not plain text).
    const now = await snapshot(m)
    expect(now).toContain('\x1b[31m')
    const full = new HeadlessMirror(80, 24, realClock, 100_000)
    await written(full, now)
    expect(full.serialize().split('flood ').length - 1).toBeGreaterThan(1000)
    replayed.dispose()
    full.dispose()
  })

  it('moved mid-resize, it ends on the screen a terminal that never moved shows', async () => {
    const m = adaptive(80, 24)
    const still = new HeadlessMirror(80, 24, realClock)
    const ops: ((t: { write(d: string, done: () => void): void; resize(c: number, r: number): void }) => void)[] = [
      (t) => t.write('\x1b[?2004hheader line that is long enough to wrap when the screen narrows to forty columns\r\n', () => {}),
      (t) => t.write(flood(0, FLOOD_LINES), () => {}),
      (t) => t.resize(40, 12),
      (t) => t.write('tail after the resize, wrapping at forty columns as it should', () => {}),
    ]
    for (const op of ops) {
      op(m)
      op(still)
    }
    await Promise.all([written(m, ''), written(still, '')])
    expect(m.place).toBe('worker')
    expect(m.screen()).toEqual(still.screen())
    still.dispose()
  })

  it('a worker that dies after the move is survived as in the pool: its screen is parsed again on a fresh worker', async () => {
    const pool = new MirrorPool({ size: 1 })
    const m = adaptive(80, 24, pool)
    await written(m, flood(0, FLOOD_LINES))
    await written(m, 'x')
    expect(m.place).toBe('worker')
    const recovered = new Promise<string>((resolve) => m.onDidRecover(resolve))
    await pool.threads()[0]?.terminate()
    expect(await recovered).toMatch(/parsed again on a fresh parser worker/)
    await written(m, 'y')
    expect(m.screen().lines.at(-1)).toBe('xy')
    expect(m.failure).toBeNull()
  })

  it('with no parser worker to be had it goes on parsing on the board’s thread', async () => {
    const m = adaptive(80, 24, new MirrorPool({ size: 1, workerPath: '/nonexistent/mirrorWorker.js' }))
    await written(m, flood(0, FLOOD_LINES))
    await written(m, 'still here')
    expect(m.place).toBe('main')
    expect(m.failure).toBeNull()
    expect(m.screen().lines.at(-1)).toBe('still here')
  })

  it('disposed while its screen moves: held snapshots are answered empty, nothing is parsed after', async () => {
    const m = adaptive()
    m.write(flood(0, FLOOD_LINES), () => {})
    const held = snapshot(m)
    m.dispose()
    expect(await held).toBe('')
  })
})

describe('where panes parse', () => {
  it('adaptively unless SWITCHBOARD_MIRROR_THREADS keeps them all on the board’s thread or in the pool', () => {
    expect(mirrorThreadsFromEnv({})).toBe('adaptive')
    expect(mirrorThreadsFromEnv({ SWITCHBOARD_MIRROR_THREADS: 'main' })).toBe('main')
    expect(mirrorThreadsFromEnv({ SWITCHBOARD_MIRROR_THREADS: 'worker' })).toBe('worker')
    expect(mirrorThreadsFromEnv({ SWITCHBOARD_MIRROR_THREADS: 'threads' })).toBe('adaptive')
  })
})
