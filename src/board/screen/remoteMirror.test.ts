import { describe, expect, it } from 'vitest'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { realClock } from '../util/clock'
import { MirrorPool } from './mirrorPool'
import { HeadlessMirror } from './headlessMirror'
import { remirrorSeed, RemoteMirror } from './remoteMirror'

function written(mirror: RemoteMirror, data: string): Promise<void> {
  return new Promise((resolve) => mirror.write(data, resolve))
}

describe('RemoteMirror: the pane’s headless mirror in a parser worker of the pool', () => {
  it('parses off the main thread: a slow sequence costs the worker, not the event loop', async () => {
    const pool = new MirrorPool({ size: 1 })
    const mirror = new RemoteMirror(80, 24, realClock, pool)
    try {
      await written(mirror, 'warm\r\n')
      const eld = monitorEventLoopDelay({ resolution: 10 })
      eld.enable()
      const t0 = performance.now()
      // Unclamped on purpose (the pane clamps before this): xterm loops once per line.
      await written(mirror, '\x1b[400000Sdone')
      const parseMs = performance.now() - t0
      eld.disable()
      expect(mirror.screen().lines.join('\n')).toContain('done')
      // The parse itself took a long while, the main thread never waited for it.
      expect(parseMs).toBeGreaterThan(200)
      expect(eld.max / 1e6).toBeLessThan(parseMs / 2)
    } finally {
      mirror.dispose()
      pool.dispose()
    }
  }, 60_000)

  it('keeps order: state as of each write, snapshots covering exactly the writes before them, query replies', async () => {
    const pool = new MirrorPool({ size: 1 })
    const mirror = new RemoteMirror(40, 5, realClock, pool)
    const replies: string[] = []
    mirror.onReply((r) => replies.push(r))
    const titles: string[] = []
    mirror.onTitle((t) => titles.push(t))
    try {
      const seen: string[] = []
      mirror.write('one', () => seen.push(mirror.screen().lines[0] ?? ''))
      const snapshot = new Promise<string>((resolve) => mirror.snapshot(resolve))
      mirror.write(' two\x1b]0;the title\x07\x1b[c', () => seen.push(mirror.screen().lines[0] ?? ''))
      expect(await snapshot).toContain('one')
      expect(await snapshot).not.toContain('two')
      await written(mirror, '')
      expect(seen).toEqual(['one', 'one two'])
      expect(mirror.title).toBe('the title')
      expect(titles).toEqual(['the title'])
      expect(mirror.osc.map((o) => o.ident)).toContain(0)
      expect(replies.join('')).toContain('\x1b[?')
      mirror.resize(30, 3)
      await written(mirror, '')
      expect(mirror.screen()).toMatchObject({ cols: 30, rows: 3 })
    } finally {
      mirror.dispose()
      pool.dispose()
    }
  })

  it('a worker that cannot start fails loudly, and writes still complete so the PTY is never held', async () => {
    const pool = new MirrorPool({ workerPath: '/nonexistent/mirrorWorker.js' })
    const mirror = new RemoteMirror(80, 24, realClock, pool)
    expect(mirror.failure).toMatch(/mirrorWorker\.js is missing/)
    await written(mirror, 'lost')
    expect(await new Promise((resolve) => mirror.snapshot(resolve))).toBe('')
    mirror.dispose()
    pool.dispose()
  })

  it('the seed of a fresh terminal redraws the last screen where it stood: text, cursor, buffer, modes and title', async () => {
    const before = new HeadlessMirror(20, 4, realClock)
    const after = new HeadlessMirror(20, 4, realClock)
    try {
      await new Promise<void>((r) => before.write('\x1b]0;build\x07\x1b[?1049h\x1b[?2004h\x1b[31mred\x1b[0m\r\n  two\x1b[3;5Hx', r))
      await new Promise<void>((r) => after.write(remirrorSeed(before.screen(), { title: before.title, bracketedPaste: before.bracketedPasteMode }), r))
      expect(after.screen()).toEqual(before.screen())
      expect(after.screen()).toMatchObject({ alternate: true, cursor: { x: 5, y: 2 } })
      expect(after.title).toBe('build')
      expect(after.bracketedPasteMode).toBe(true)
    } finally {
      before.dispose()
      after.dispose()
    }
  })
})
