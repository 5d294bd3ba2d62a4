import xtermHeadless from '@xterm/headless'
import serializeAddon from '@xterm/addon-serialize'
import { afterEach, describe, expect, it } from 'vitest'
import { realClock } from '../util/clock'
import { HeadlessMirror, MirrorConstants } from './headlessMirror'
import { prng } from '../../core/testing/prng'

const { Terminal } = xtermHeadless
const { SerializeAddon } = serializeAddon
type HeadlessTerminal = InstanceType<typeof Terminal>

const COLS = 40
const ROWS = 12

/** Every row of the bottom page, read afresh from a terminal fed the same bytes. */
function fullRead(term: HeadlessTerminal): string[] {
  const buffer = term.buffer.active
  return Array.from({ length: term.rows }, (_, y) => buffer.getLine(buffer.baseY + y)?.translateToString(true) ?? '')
}

function written(term: HeadlessTerminal, data: string): Promise<void> {
  return new Promise((resolve) => term.write(data, resolve))
}

function parsed(mirror: HeadlessMirror, data: string): Promise<void> {
  return new Promise((resolve) => mirror.write(data, resolve))
}

describe('HeadlessMirror.screen reads only the rows a parse changed', () => {
  const open: { dispose(): void }[] = []
  afterEach(() => {
    for (const d of open.splice(0)) d.dispose()
  })

  function pair(scrollback = 50): { mirror: HeadlessMirror; reference: HeadlessTerminal } {
    const mirror = new HeadlessMirror(COLS, ROWS, realClock, scrollback)
    const reference = new Terminal({ cols: COLS, rows: ROWS, scrollback, allowProposedApi: true, logLevel: 'off' })
    open.push(mirror, reference)
    return { mirror, reference }
  }

  async function same(mirror: HeadlessMirror, reference: HeadlessTerminal, data: string): Promise<void> {
    await Promise.all([parsed(mirror, data), written(reference, data)])
    expect(mirror.screen().lines, JSON.stringify(data)).toEqual(fullRead(reference))
  }

  // Each moves rows in its own way: in place, by scrolling (region or page, scrollback full), by
  // switching buffers, by resetting, by filling the screen.
  const sequences = [
    'hello\r\nworld',
    '\x1b[5;3Hmiddle\x1b[2K\x1b[6;1Hnext row',
    '\x1b[?2026h\x1b[3;1H\x1b[2Kframe a\x1b[4;1H\x1b[2Kframe b\x1b[?2026l',
    Array.from({ length: 30 }, (_, i) => `line ${i}\r\n`).join(''),
    '\x1b[3;8r\x1b[8;1H\nscrolled in region\n\x1b[r',
    '\x1b[4;1H\x1b[2L\x1b[6;1H\x1b[3M',
    '\x1b[2;5H\x1b[3@ins\x1b[4P\x1b[5X',
    '\x1b[3S\x1b[2T',
    '\x1b[?1049halternate screen\x1b[5;5Hthere',
    '\x1b[?1049l',
    '\x1b#8',
    '\x1b[2J\x1b[H',
    'before reset\x1bc',
    '\x1b[12;1H' + 'x'.repeat(COLS + 5),
    '\x1b[1;1Hé漢字🙂 wide\x1b[K',
  ]

  it('matches a full read after each of the ways rows change', async () => {
    const { mirror, reference } = pair()
    for (const data of sequences) await same(mirror, reference, data)
  })

  it('matches a full read after a resize, and once the scrollback is full', async () => {
    const { mirror, reference } = pair(5)
    await same(mirror, reference, Array.from({ length: 40 }, (_, i) => `row ${i}\r\n`).join(''))
    await same(mirror, reference, '\x1b[3;1Hedited\x1b[K')
    mirror.resize(COLS - 10, ROWS + 3)
    reference.resize(COLS - 10, ROWS + 3)
    await same(mirror, reference, '\x1b[14;1Hafter resize')
    await same(mirror, reference, '\n\n\nscrolled')
  })

  it('matches a full read through random bytes', async () => {
    const { mirror, reference } = pair()
    const random = prng(20)
    const pieces = [
      '\r\n',
      '\x1b[K',
      '\x1b[2J',
      '\x1b[L',
      '\x1b[M',
      '\x1b[S',
      '\x1b[T',
      '\x1b[?1049h',
      '\x1b[?1049l',
      '\x1b[3;9r',
      '\x1b[r',
      '\x1b[@',
      '\x1b[P',
      // Rows whose cells still hold their text keep it (rowTextIs): wide, combined and astral cells too.
      '漢字',
      'e\u0301',
      '🙂',
      '\x1b[41m  \x1b[0m',
    ]
    for (let round = 0; round < 200; round++) {
      let data = ''
      for (let i = 0; i < 6; i++) {
        const r = random()
        if (r < 0.4) data += `\x1b[${1 + Math.floor(random() * ROWS)};${1 + Math.floor(random() * COLS)}H`
        else if (r < 0.7) data += pieces[Math.floor(random() * pieces.length)]
        else data += 'abcdefghij'.slice(0, 1 + Math.floor(random() * 10))
      }
      await same(mirror, reference, data)
    }
  })

  it('returns a copy: a screen read before stays as it was', async () => {
    const { mirror } = pair()
    await parsed(mirror, 'first')
    const before = mirror.screen()
    await parsed(mirror, '\x1b[1;1Hsecond')
    expect(before.lines[0]).toBe('first')
    expect(mirror.screen().lines[0]).toBe('second')
  })
})

describe('HeadlessMirror OSC log', () => {
  it('keeps the newest records up to its history, and none with a history of 0, firing each either way', async () => {
    const kept = new HeadlessMirror(COLS, ROWS, realClock, 50, 2)
    const none = new HeadlessMirror(COLS, ROWS, realClock, 50, 0)
    const fired: number[] = []
    none.onOsc((record) => fired.push(record.ident))
    const data = '\x1b]0;one\x07\x1b]2;two\x07\x1b]7;file:///tmp\x07'
    await Promise.all([parsed(kept, data), parsed(none, data)])
    expect(kept.osc.map((o) => o.data)).toEqual(['two', 'file:///tmp'])
    expect(none.osc).toEqual([])
    expect(fired).toEqual([0, 2, 7])
    expect(none.title).toBe('two')
    kept.dispose()
    none.dispose()
  })
})

describe('HeadlessMirror.write in pieces', () => {
  it("keeps xterm's decode buffer at its first size through long writes, and parses them as one write", async () => {
    const mirror = new HeadlessMirror(COLS, ROWS, realClock, 50)
    const reference = new Terminal({ cols: COLS, rows: ROWS, scrollback: 50, allowProposedApi: true, logLevel: 'off' })
    const referenceSerializer = new SerializeAddon()
    reference.loadAddon(referenceSerializer)
    // Sequences and characters outside the BMP cut at piece borders, as strings and as bytes.
    const line = (i: number) => `\x1b[3${i % 8};1mline ${i}\x1b[0m 🙂 é ${'x'.repeat(i % 37)}\x1b]0;title ${i}\x07\r\n`
    const long = Array.from({ length: 1500 }, (_, i) => line(i)).join('')
    expect(long.length).toBeGreaterThan(4 * MirrorConstants.ParseChunk)
    const bytes = new TextEncoder().encode(Array.from({ length: 900 }, (_, i) => line(i + 7)).join(''))
    expect(bytes.length).toBeGreaterThan(4 * MirrorConstants.ParseChunk)
    const order: string[] = []
    await Promise.all([
      new Promise<void>((resolve) => mirror.write(long, () => (order.push('long'), resolve()))),
      new Promise<void>((resolve) => mirror.write(bytes, () => (order.push('bytes'), resolve()))),
      new Promise<void>((resolve) => mirror.write('\x1b[1;1Hlast', () => (order.push('last'), resolve()))),
      written(reference, long),
      new Promise<void>((resolve) => reference.write(bytes, resolve)),
      written(reference, '\x1b[1;1Hlast'),
    ])
    expect(order).toEqual(['long', 'bytes', 'last'])
    expect(mirror.parseBufferLength).toBe(MirrorConstants.ParseChunk)
    expect(mirror.screen().lines).toEqual(fullRead(reference))
    expect(mirror.title).toBe('title 906')
    expect(mirror.serialize()).toBe(referenceSerializer.serialize({ scrollback: MirrorConstants.Scrollback }))
    mirror.dispose()
    reference.dispose()
  })
})

describe("HeadlessMirror with xterm's handler lists compacted", () => {
  it("answers queries with xterm's handlers and its own, and records OSC, as before", async () => {
    const mirror = new HeadlessMirror(COLS, ROWS, realClock, 50)
    const replies: string[] = []
    mirror.onReply((data) => replies.push(data))
    const osc: number[] = []
    mirror.onOsc((record) => osc.push(record.ident))
    // DSR (xterm's own CSI handler), OSC 11 query and XTWINOPS 18t (ours), a title (both: xterm sets it, we record it).
    await parsed(mirror, '\x1b[3;5H\x1b[6n\x1b]11;?\x07\x1b[18t\x1b]0;named\x07\x1b]7;file:///tmp\x07')
    expect(replies).toEqual(['\x1b[3;5R', expect.stringContaining(']11;rgb:'), `\x1b[8;${ROWS};${COLS}t`])
    expect(osc).toEqual([0, 7])
    expect(mirror.title).toBe('named')
    mirror.dispose()
  })
})
