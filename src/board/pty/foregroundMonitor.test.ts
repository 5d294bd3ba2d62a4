import { describe, expect, it } from 'vitest'
import { VirtualClock, type Clock } from '../../core/lifecycle/clock'
import type { TerminalReader } from '../../core/status/processSignals'
import { ForegroundMonitor, type ForegroundState } from './foregroundMonitor'

/** Moves the virtual clock on and waits for the look it started, if any, to finish. */
const stepper = (clock: VirtualClock, monitor: ForegroundMonitor) => async (ms: number) => {
  clock.advanceTo(clock.now() + ms)
  await monitor.looked()
}

describe('ForegroundMonitor: who reads the terminal, cheaply', () => {
  it('scans the job only after output has been quiet, once per burst of activity, and reports a reader as it appears and goes', async () => {
    const clock = new VirtualClock(0)
    const scans: number[] = []
    let reader: TerminalReader | null = null
    const monitor = new ForegroundMonitor(
      1,
      clock,
      async () => ({ tpgid: 5, rootPgrp: 1, argv: ['make'] }),
      // As readTerminalReader: a child's read is found by a scan, then re-checked directly.
      (_root, _tpgid, scanJob, previous) => {
        if (scanJob) scans.push(clock.now())
        return scanJob || previous?.pid === reader?.pid ? reader : null
      },
    )
    const seen: ForegroundState[] = []
    monitor.onDidChange((s) => seen.push(s))
    const step = stepper(clock, monitor)
    await step(0)
    expect(seen).toHaveLength(1)
    scans.length = 0
    // A build printing without pause: checks every 250 ms, never a scan.
    for (let i = 0; i < 20; i++) {
      monitor.noteOutput()
      await step(100)
    }
    expect(scans).toEqual([])
    // It stops printing and a child asks for a password: the next quiet check scans and finds it.
    reader = { pid: 9, argv: ['git-remote-https'] }
    await step(1000)
    expect(scans).toHaveLength(1)
    expect(seen.at(-1)).toMatchObject({ program: { argv: ['make'] }, reader: { pid: 9 } })
    const changes = seen.length
    // Quiet: no more scans for 5 s, and the reader stays without one (no flicker between checks).
    await step(3000)
    expect(scans).toHaveLength(1)
    await step(2500)
    expect(scans).toHaveLength(2)
    expect(seen).toHaveLength(changes)
    // Typed the password: the reader is gone at the next check.
    reader = null
    monitor.noteInput()
    await step(30)
    expect(seen.at(-1)).toMatchObject({ reader: null })
    monitor.dispose()
  })

  it('reads /proc on edges: once a second while output goes on, soon after input, and when the burst ends', async () => {
    const clock = new VirtualClock(0)
    const reads: number[] = []
    let program = ['claude']
    const monitor = new ForegroundMonitor(
      1,
      clock,
      async () => (reads.push(clock.now()), { tpgid: 5, rootPgrp: 1, argv: program }),
      () => null,
    )
    const seen: ForegroundState[] = []
    monitor.onDidChange((s) => seen.push(s))
    const step = stepper(clock, monitor)
    await step(2000)
    reads.length = 0
    // An agent redrawing every 100 ms for 10 s: a look at the burst's start, then one a second
    // (the old cadence read every 250 ms: 40 looks).
    for (let i = 0; i < 100; i++) {
      monitor.noteOutput()
      await step(100)
    }
    expect(reads.length).toBeGreaterThanOrEqual(10)
    expect(reads.length).toBeLessThanOrEqual(12)
    // Input is an edge: looked at within 30 ms, even mid-burst.
    const before = reads.length
    monitor.noteOutput()
    monitor.noteInput()
    await step(30)
    expect(reads).toHaveLength(before + 1)
    // The burst ends as the program in front changes: seen 200–250 ms after its last output (the
    // wake-ups that watch for a burst's end share a 50 ms grid across panes).
    program = ['bash']
    monitor.noteOutput()
    await step(190)
    expect(seen.at(-1)?.program.argv).toEqual(['claude'])
    await step(60)
    expect(seen.at(-1)?.program.argv).toEqual(['bash'])
    // Quiet: one look a second.
    const quiet = reads.length
    for (let i = 0; i < 50; i++) await step(100)
    expect(reads.length - quiet).toBe(5)
    monitor.dispose()
  })

  it('watches for the end of many panes’ bursts in shared wake-ups: 20 panes redrawing at 10 Hz, out of phase', async () => {
    const virtual = new VirtualClock(0)
    const wakeups = new Set<number>()
    const clock: Clock = {
      now: () => virtual.now(),
      setTimeout: (fn, ms) => virtual.setTimeout(() => (wakeups.add(virtual.now()), fn()), ms),
    }
    const monitors = Array.from(
      { length: 20 },
      () =>
        new ForegroundMonitor(
          1,
          clock,
          async () => ({ tpgid: 5, rootPgrp: 1, argv: ['claude'] }),
          () => null,
        ),
    )
    virtual.advanceTo(2000)
    await Promise.all(monitors.map((m) => m.looked()))
    wakeups.clear()
    // Pane i prints at 2000 + 5i, then every 100 ms, for 3 s.
    for (let t = 0; t < 3000; t += 5) {
      monitors[(t / 5) % 20]!.noteOutput()
      virtual.advanceTo(2000 + t + 5)
      await Promise.all(monitors.map((m) => m.looked()))
    }
    // One pane at a time these were 501 instants in 3 s; on the 50 ms grid the burst watch of all
    // panes shares at most 20 a second (54 measured: the once-a-second looks fall on it too).
    expect(wakeups.size).toBeLessThanOrEqual(80)
    for (const m of monitors) m.dispose()
  })

  it('looks again soon after input while the shell is still in front: a short job forked late is still seen', async () => {
    const clock = new VirtualClock(0)
    let front = 1
    const monitor = new ForegroundMonitor(
      1,
      clock,
      async () => ({ tpgid: front, rootPgrp: 1, argv: front === 1 ? ['bash'] : ['sleep', '0.2'] }),
      () => null,
    )
    const seen: ForegroundState[] = []
    monitor.onDidChange((s) => seen.push(s))
    const step = stepper(clock, monitor)
    await step(0)
    expect(seen.map((s) => s.program.argv[0])).toEqual(['bash'])
    monitor.noteInput()
    // The shell forks the job only after the first look (30 ms): the next look, 60 ms on, finds it.
    await step(30)
    front = 7
    await step(60)
    expect(seen.map((s) => s.program.argv[0])).toEqual(['bash', 'sleep'])
    monitor.dispose()
  })

  it('the shell caught running in front is decided only after three looks in a row; asleep in wait(), at once', async () => {
    const clock = new VirtualClock(0)
    let busy: 'running' | 'waiting for a child' | null = null
    const monitor = new ForegroundMonitor(
      1,
      clock,
      async () => ({ tpgid: 1, rootPgrp: 1, argv: ['bash'], rootBusy: busy }),
      () => null,
    )
    const seen: ForegroundState[] = []
    monitor.onDidChange((s) => seen.push(s))
    const step = stepper(clock, monitor)
    await step(0)
    expect(seen.map((s) => s.program.rootBusy)).toEqual([undefined])
    // Caught drawing its prompt: running once, asleep on the next look (30 ms on): nothing changes.
    busy = 'running'
    monitor.noteInput()
    await step(30)
    busy = null
    await step(30)
    expect(seen).toHaveLength(1)
    // A loop of builtins: running on three looks in a row is running.
    busy = 'running'
    monitor.noteInput()
    await step(30)
    await step(30)
    expect(seen).toHaveLength(1)
    await step(30)
    expect(seen.map((s) => s.program.rootBusy)).toEqual([undefined, 'running'])
    // `wait` for a job it started: known at the first look.
    busy = 'waiting for a child'
    monitor.noteInput()
    await step(30)
    expect(seen.at(-1)?.program.rootBusy).toBe('waiting for a child')
    busy = null
    monitor.noteInput()
    await step(30)
    expect(seen.at(-1)?.program).toEqual({ pid: 1, argv: ['bash'], isRoot: true })
    monitor.dispose()
  })

  it('an agent or a program as the root is never held or told busy: it runs now and then while it works', async () => {
    const clock = new VirtualClock(0)
    const asked: boolean[] = []
    const monitor = new ForegroundMonitor(
      1,
      clock,
      async (_pid, rootBusy) => (asked.push(rootBusy), { tpgid: 1, rootPgrp: 1, argv: ['node', 'claude'], rootBusy: 'running' }),
      () => null,
      false,
    )
    const seen: ForegroundState[] = []
    monitor.onDidChange((s) => seen.push(s))
    clock.advanceTo(0)
    await monitor.looked()
    expect(seen.map((s) => s.program)).toEqual([{ pid: 1, argv: ['node', 'claude'], isRoot: true }])
    expect(asked).toEqual([false])
    monitor.dispose()
  })
})
