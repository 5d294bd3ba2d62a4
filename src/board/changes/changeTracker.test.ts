import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { VirtualClock } from '../../core/lifecycle/clock'
import type { PaneChanges } from '../../shared/domain/pane'
import { eventually } from '../test/support'
import { ChangeTracker, ChangeTrackerConstants } from './changeTracker'

let repo: string
beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'sb-changes-'))
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@t', ...args], { cwd: repo })
  git('init', '-q', '-b', 'main')
  writeFileSync(join(repo, 'a.txt'), 'a\n')
  git('add', '.')
  git('commit', '-qm', 'start')
})
afterEach(() => rmSync(repo, { recursive: true, force: true }))

describe('ChangeTracker', () => {
  it('coalesces a burst of pokes into one count, and a poke during a count into exactly one more', async () => {
    const clock = new VirtualClock()
    const counts: PaneChanges[] = []
    const tracker = new ChangeTracker({ paneId: '1', cwd: repo, clock, onChanges: (c) => counts.push(c), log: () => undefined })
    await tracker.started()
    clock.advance(0)
    await eventually(() => counts.length === 1, 'the first count')
    expect(counts[0]).toMatchObject({ files: 0, branch: 'main' })

    writeFileSync(join(repo, 'b.txt'), '1\n2\n3\n')
    for (let i = 0; i < 20; i++) tracker.poke()
    expect(clock.pendingTimers).toBe(1)
    clock.advance(ChangeTrackerConstants.DebounceMs)
    // While that count runs, more pokes: they wait for it, then make one more count.
    for (let i = 0; i < 5; i++) tracker.poke()
    expect(clock.pendingTimers).toBe(0)
    await eventually(() => counts.length === 2, 'the second count')
    expect(counts[1]).toMatchObject({ files: 1, added: 3, removed: 0 })
    expect(clock.pendingTimers).toBe(1)
    clock.advance(ChangeTrackerConstants.DebounceMs)
    await eventually(() => counts.length === 3, 'the count after the burst')
    // Every count starts from a timer on this clock, and a poke during a count sets one as that
    // count ends (synchronously after onChanges): none pending now means no fourth count, ever.
    expect(clock.pendingTimers).toBe(0)
    clock.advance(10 * ChangeTrackerConstants.DebounceMs)
    await tracker.refresh() // waits out any count still running, then counts once more itself
    expect(counts).toHaveLength(4)
    tracker.dispose()
  })

  it('reports a failed count with what git said, and stops after dispose', async () => {
    const clock = new VirtualClock()
    const counts: PaneChanges[] = []
    const tracker = new ChangeTracker({ paneId: '1', cwd: repo, clock, onChanges: (c) => counts.push(c), log: () => undefined }, 'f'.repeat(40))
    await tracker.started()
    clock.advance(0)
    await eventually(() => counts.length === 1, 'the count')
    expect(counts[0]!.error).toMatch(/git diff .* failed in .*: bad object|unknown revision|bad revision/)
    tracker.dispose()
    tracker.poke(0)
    expect(clock.pendingTimers).toBe(0)
  })
})

describe('counting untracked files', () => {
  it("counts regular files only: a link is a file of unknown lines (not its target's), a FIFO never blocks the count", async () => {
    execFileSync('mkfifo', [join(repo, 'pipe')])
    execFileSync('ln', ['-s', '/etc/passwd', join(repo, 'link')])
    writeFileSync(join(repo, 'new.txt'), 'x\ny\n')
    const { listChanges } = await import('./gitChanges')
    const files = await listChanges(repo, 'HEAD')
    expect(files.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { path: 'link', status: 'untracked', added: null, removed: 0 },
      { path: 'new.txt', status: 'untracked', added: 2, removed: 0 },
    ])
  })
})
