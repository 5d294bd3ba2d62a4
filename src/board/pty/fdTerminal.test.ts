/**
 * A terminal read through a descriptor this process did not open (as the pty host passes it):
 * real PTYs, held by a PtyProcess that never reads, read by FdTerminal.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { FdTerminal, incompleteTail } from './fdTerminal'
import { loadFdPass, type FdPass } from './fdPass'
import type { PtyProcess } from './ptyProcess'
import { realClock } from '../util/clock'
import { eventually, heldPty } from '../test/support'

const fdPass = loadFdPass()
const disposers: (() => void)[] = []

afterEach(() => {
  for (const d of disposers.splice(0)) d()
})

/** A program in a held PTY, read by an FdTerminal on a copy of its master, as a board reads a passed one. */
function held(script: string, from = 0, sink: Buffer[] | null = null): { text: () => string; end: () => number; terminal: FdTerminal; pty: PtyProcess } {
  const pass = fdPass as FdPass
  const pty = heldPty(script)
  let text = ''
  let end = from
  const terminal = new FdTerminal(
    pass.dup(pty.masterFd!),
    from,
    {
      data: (t, e) => {
        text += t
        end = e
      },
    },
    realClock,
    sink ? { append: (b) => void sink.push(Buffer.from(b)) } : null,
    (fd) => pass.dup(fd),
  )
  disposers.push(() => {
    terminal.dispose()
    pty.dispose()
  })
  return { text: () => text, end: () => end, terminal, pty }
}

describe('incompleteTail', () => {
  it('finds the start of a character whose rest has not come, and nothing else', () => {
    const bytes = (...b: number[]) => Uint8Array.from(b)
    expect(incompleteTail(bytes(0x61, 0xe2), 2)).toBe(1)
    expect(incompleteTail(bytes(0x61, 0xe2, 0x94), 3)).toBe(2)
    expect(incompleteTail(bytes(0xe2, 0x94, 0x80), 3)).toBe(0)
    expect(incompleteTail(bytes(0xf0, 0x9f, 0x98), 3)).toBe(3)
    expect(incompleteTail(bytes(0x61, 0x62), 2)).toBe(0)
    // Hostile bytes: continuation bytes with no lead are not held back (they decode to U+FFFD).
    expect(incompleteTail(bytes(0x80, 0x80, 0x80, 0x80), 4)).toBe(0)
  })
})

describe.skipIf('missing' in fdPass)('FdTerminal', () => {
  it('reads a passed terminal to its last byte; the holder reads none; the drain ends at the terminal’s end', async () => {
    const t = held('head -c 2000000 /dev/zero | tr "\\0" y; printf END')
    const exited = new Promise((resolve) => t.pty.onExit(resolve))
    await exited
    await t.terminal.drain()
    expect(t.text().length).toBe(2_000_003)
    expect(t.text().endsWith('yEND')).toBe(true)
    expect(t.end()).toBe(2_000_003)
  })

  it('holds a character split across two reads until its rest comes, counting offsets in bytes from where it started', async () => {
    const log: Buffer[] = []
    const t = held("printf 'a\\342'; sleep 0.3; printf '\\224\\200b'; sleep 0.3; printf '\\360\\237\\230\\200'", 1000, log)
    await eventually(() => t.text().includes('b'), 'the rest of the character')
    // Never half a character, and the offset stops before the bytes held back.
    expect(t.text()).toBe('a─b')
    expect(t.end()).toBe(1000 + 5)
    await eventually(() => t.text().endsWith('😀'), 'the emoji')
    expect(t.end()).toBe(1000 + 9)
    // The log gets the bytes as read, split or not.
    expect(Buffer.concat(log).toString('utf8')).toBe('a─b😀')
  })

  it('replays logged bytes before live ones, joining a character split between them', async () => {
    const t = held("sleep 0.3; printf '\\200 live'", 10)
    t.terminal.replay(Buffer.from([0x6f, 0x6c, 0x64, 0x20, 0xe2, 0x94]))
    expect(t.text()).toBe('old ')
    expect(t.end()).toBe(14)
    await eventually(() => t.text().includes('live'), 'the live output')
    expect(t.text()).toBe('old ─ live')
    expect(t.end()).toBe(10 + 6 + 6)
  })

  it('writes typing to the program, and stops reading while paused (flow control), losing nothing', async () => {
    const t = held('read -r line; echo "got $line"; sleep 0.5; echo after')
    t.terminal.write('hello\r')
    await eventually(() => t.text().includes('got hello'), 'the echo of the line')
    t.terminal.pause()
    await new Promise((resolve) => setTimeout(resolve, 800))
    expect(t.text()).not.toContain('after')
    t.terminal.resume()
    await eventually(() => t.text().includes('after'), 'the output held back while paused')
  })

  it('writes a paste larger than the terminal takes at once, in order, to a program that reads it slowly', async () => {
    // Raw mode first: a canonical terminal drops what goes past its line limit.
    const t = held('stty raw -echo; echo ready; sleep 0.5; head -c 400000 | cksum')
    await eventually(() => t.text().includes('ready'), 'the terminal in raw mode')
    const paste = Array.from({ length: 200_000 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('')
    t.terminal.write(paste)
    t.terminal.write(paste.toUpperCase())
    await eventually(() => / 400000/.test(t.text()), 'the checksum', 20_000)
    const expected = spawnSync('cksum', { input: paste + paste.toUpperCase() })
      .stdout.toString()
      .trim()
    expect(t.text()).toContain(expected)
  })
})
