import { describe, expect, it } from 'vitest'
import { CountClamp } from './countClamp'
import { prng as rng } from '../testing/prng'

const size = { cols: 80, rows: 24 }
const ESC = '\x1b'

function whole(data: string): string {
  return new CountClamp(size).write(data)
}

function chunked(data: string, cuts: readonly number[]): string {
  const clamp = new CountClamp(size)
  let out = ''
  let from = 0
  for (const cut of [...cuts, data.length]) {
    out += clamp.write(data.slice(from, cut))
    from = cut
  }
  return out
}

describe('CountClamp', () => {
  it('hands ordinary output back as the very same string', () => {
    const plain = 'hello world\r\n'.repeat(100)
    expect(whole(plain)).toBe(plain)
    const styled = `${ESC}[1;31mred${ESC}[0m ${ESC}[?1049h${ESC}[2J${ESC}[H${ESC}]0;title\x07${ESC}[3S${ESC}[24L`
    expect(whole(styled)).toBe(styled)
  })

  it('clamps counts that cost per unit to the screen: lines to rows, characters and tabs to columns, REP to the area', () => {
    expect(whole(`${ESC}[9999999S`)).toBe(`${ESC}[24S`)
    expect(whole(`a${ESC}[9999999Tb`)).toBe(`a${ESC}[24Tb`)
    for (const f of ['L', 'M', 'E', 'F', '^']) expect(whole(`${ESC}[100${f}`)).toBe(`${ESC}[24${f}`)
    for (const f of ['@', 'P', 'X', 'I', 'Z', ' @', ' A', "'}", "'~"]) expect(whole(`${ESC}[100000${f}`)).toBe(`${ESC}[80${f}`)
    expect(whole(`x${ESC}[99999999b`)).toBe(`x${ESC}[1920b`)
    // 8-bit CSI, leading zeros, more parameters and values beyond xterm's own cap.
    expect(whole('\x9b9999S')).toBe('\x9b24S')
    expect(whole(`${ESC}[00000000000000000000000500S`)).toBe(`${ESC}[24S`)
    expect(whole(`${ESC}[500;7M`)).toBe(`${ESC}[24;7M`)
    expect(whole(`${ESC}[${'9'.repeat(40)}S`)).toBe(`${ESC}[24S`)
  })

  it('leaves counts within the screen, private sequences and other finals alone', () => {
    for (const s of [
      `${ESC}[24S`,
      `${ESC}[S`,
      `${ESC}[;5S`,
      `${ESC}[?9999999S`,
      `${ESC}[>9999999T`,
      `${ESC}[9999999;9999999H`,
      `${ESC}[9999999m`,
      `${ESC}[9999 q`,
    ])
      expect(whole(s)).toBe(s)
  })

  it('follows xterm: controls inside a sequence keep it going (digits after them still count), ESC/CAN/C1 abort it', () => {
    // xterm executes the newline and keeps adding digits: this is CSI 999999 S.
    expect(whole(`${ESC}[99\n9999S`)).toBe(`${ESC}[24\nS`)
    expect(whole(`${ESC}[5\x7f0L`)).toBe(`${ESC}[24\x7fL`)
    // Aborted: the S is plain text afterwards.
    expect(whole(`${ESC}[99\x18S`)).toBe(`${ESC}[99\x18S`)
    expect(whole(`${ESC}[99${ESC}[9999S`)).toBe(`${ESC}[99${ESC}[24S`)
    expect(whole(`${ESC}[99\x9b9999S`)).toBe(`${ESC}[99\x9b24S`)
  })

  it('is chunk-boundary safe: a sequence split anywhere comes out the same as in one piece', () => {
    const data = `ab${ESC}[9999999Scd${ESC}[?25l${ESC}[1;2;3m\x9b500L${ESC}[99\n99M${ESC}]0;t\x07${ESC}[7 @e${ESC}`
    const expected = whole(data)
    expect(expected).toContain(`${ESC}[24S`)
    for (let cut = 0; cut <= data.length; cut++) expect(chunked(data, [cut])).toBe(expected)
    for (let a = 0; a <= data.length; a += 3) for (let b = a; b <= data.length; b += 2) expect(chunked(data, [a, b])).toBe(expected)
  })

  it('holds a partial sequence (and nothing else) until the rest arrives', () => {
    const clamp = new CountClamp(size)
    expect(clamp.write(`text${ESC}`)).toBe('text')
    expect(clamp.write('[99')).toBe('')
    expect(clamp.write('99S more')).toBe(`${ESC}[24S more`)
    expect(clamp.write(`${ESC}x`)).toBe(`${ESC}x`)
  })

  it('bounds what it holds: an endless count across chunks is passed on clamped, its further digits dropped', () => {
    const clamp = new CountClamp(size)
    let out = clamp.write(`${ESC}[`)
    for (let i = 0; i < 1000; i++) out += clamp.write('9999999999')
    out += clamp.write('S after')
    expect(out).toBe(`${ESC}[80S after`)
    // An endless parameter list: passed on as it comes, the sequence ends at its final byte.
    const list = new CountClamp(size)
    let out2 = list.write(`${ESC}[9999999`)
    for (let i = 0; i < 100; i++) out2 += list.write(';1;1;1;1;1')
    out2 += list.write('S tail')
    expect(out2.startsWith(`${ESC}[80;1;1`)).toBe(true)
    expect(out2.endsWith('S tail')).toBe(true)
  })

  it('follows a resize', () => {
    const clamp = new CountClamp(size)
    clamp.resize({ cols: 200, rows: 50 })
    expect(clamp.write(`${ESC}[9999L${ESC}[9999P`)).toBe(`${ESC}[50L${ESC}[200P`)
  })

  it('random bytes in random chunks: same output as in one piece, and no count above the screen survives', () => {
    const next = rng(9)
    const alphabet = ['\x1b', '[', '\x9b', '9', '9', '0', ';', ':', '?', ' ', "'", 'S', 'L', 'M', 'b', 'P', 'm', 'H', '\n', '\x18', '\x7f', 'a', 'é']
    for (let round = 0; round < 300; round++) {
      let data = ''
      const len = 1 + Math.floor(next() * 200)
      for (let i = 0; i < len; i++) data += alphabet[Math.floor(next() * alphabet.length)]
      const cuts: number[] = []
      for (let c = 0; c < 4; c++) cuts.push(Math.floor(next() * (data.length + 1)))
      cuts.sort((x, y) => x - y)
      expect(chunked(data, cuts)).toBe(whole(data))
    }
  })
})
