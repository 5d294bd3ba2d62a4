import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { realClock } from '../board/util/clock'
import { eventually } from '../board/test/support'
import { ChildSubreaper, childrenOfSelf } from './childSubreaper'
import { loadProcguard, type Procguard } from './procguard'

const guard = loadProcguard()
const built = !('missing' in guard)
const disposers: (() => void)[] = []
afterEach(() => disposers.splice(0).forEach((d) => d()))

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  } catch {
    return null
  }
}

// CI builds the addon (postinstall); where it cannot be built the board runs without it and says so.
describe.runIf(process.platform === 'linux')('ChildSubreaper (native/procguard)', () => {
  it('is built by the install', () => {
    expect(guard, 'missing' in guard ? guard.missing : '').not.toHaveProperty('missing')
  })

  it.runIf(built)('adopts what double-forks out of a child and reaps it once it exits, and leaves libuv its own children', async () => {
    const reaper = ChildSubreaper.start(guard as Procguard, realClock)
    if ('missing' in reaper) throw new Error(reaper.missing)
    disposers.push(() => reaper.dispose())
    // `setsid -f` forks and its parent exits at once: the grandchild is an orphan, as in the attack of issue 24.4.
    const launcher = spawn('setsid', ['-f', 'sh', '-c', 'echo $$; exec sleep 1'], { stdio: ['ignore', 'pipe', 'ignore'] })
    const orphan = await new Promise<number>((resolve) => launcher.stdout.once('data', (b: Buffer) => resolve(Number(String(b).trim()))))
    expect(parentOf(orphan), 'the orphan’s parent').toBe(process.pid)
    // One of libuv's: exits meanwhile and must still report its own exit code.
    const own = spawn('sh', ['-c', 'sleep 0.2; exit 3'])
    const ownExit = new Promise<number | null>((resolve) => own.on('exit', (code) => resolve(code)))
    expect(await ownExit).toBe(3)
    // Reaped: gone from /proc, not a zombie left behind.
    await eventually(() => (parentOf(orphan) === null ? true : undefined), 'the orphan reaped', 6000)
  })

  it('leaves out the children it is told to skip', () => {
    const a = spawn('sleep', ['30'])
    const b = spawn('sleep', ['30'])
    disposers.push(
      () => a.kill('SIGKILL'),
      () => b.kill('SIGKILL'),
    )
    const pids = childrenOfSelf(new Set([a.pid])).map((c) => c.pid)
    expect(pids).toContain(b.pid)
    expect(pids).not.toContain(a.pid)
  })

  it.runIf(built)('asks the look to skip its own programs and those it started (the panes: twenty stat reads a second)', () => {
    const asked: (ReadonlySet<number | undefined> | undefined)[] = []
    const reaper = ChildSubreaper.start(
      guard as Procguard,
      realClock,
      () => [101, 102],
      (skip) => {
        asked.push(skip)
        return []
      },
    )
    if ('missing' in reaper) throw new Error(reaper.missing)
    disposers.push(() => reaper.dispose())
    reaper.lookForAdopted(() => [7], { adopted: () => {}, gone: () => {} })
    expect([...(asked.at(-1) ?? [])].sort((x, y) => Number(x) - Number(y))).toEqual([7, 101, 102])
  })

  it.runIf(built)('ends what it adopted and what still runs, and spares its own children', async () => {
    // Only this test's two children are looked at: the test runner may have children of its own.
    const mine = new Set<number>()
    const reaper = ChildSubreaper.start(
      guard as Procguard,
      realClock,
      () => [],
      () => childrenOfSelf().filter((c) => mine.has(c.pid)),
    )
    if ('missing' in reaper) throw new Error(reaper.missing)
    disposers.push(() => reaper.dispose())
    const launcher = spawn('setsid', ['-f', 'sh', '-c', 'echo $$; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] })
    const orphan = await new Promise<number>((resolve) => launcher.stdout.once('data', (b: Buffer) => resolve(Number(String(b).trim()))))
    const own = spawn('sleep', ['30'])
    disposers.push(() => own.kill('SIGKILL'))
    mine.add(orphan).add(own.pid!)
    await eventually(() => (parentOf(orphan) === process.pid ? true : undefined), 'the orphan adopted')
    expect(reaper.killAdopted([own.pid])).toContain(orphan)
    await eventually(() => (parentOf(orphan) === null ? true : undefined), 'the orphan ended and reaped', 6000)
    expect(parentOf(own.pid!)).toBe(process.pid)
  })

  it.runIf(built)('reaps a zombie only at the second look and never a program node-pty waits for, so a parent about to wait for its child keeps it', () => {
    const reaped: number[] = []
    // 43 is node-pty's (its waitpid thread may be late on a loaded machine): never taken from it.
    const zombies = [
      { pid: 42, state: 'Z', start: '7' },
      { pid: 43, state: 'Z', start: '9' },
    ]
    const looks = [zombies, zombies]
    const fake: Procguard = { becomeSubreaper: () => true, reap: (pid) => (reaped.push(pid), 0) }
    const reaper = ChildSubreaper.start(
      fake,
      realClock,
      () => [43],
      () => looks.shift() ?? [],
    )
    if ('missing' in reaper) throw new Error(reaper.missing)
    disposers.push(() => reaper.dispose())
    expect(reaper.reapNow()).toEqual([])
    expect(reaper.reapNow()).toEqual([42])
    expect(reaped).toEqual([42])
  })

  it('tells of each adopted program once, and of its end, a reused pid as a new one, and none of its own or the boards’', () => {
    const fake: Procguard = { becomeSubreaper: () => true, reap: () => 0 }
    const looks: { pid: number; state: string; start: string }[][] = [
      [
        { pid: 50, state: 'S', start: '100' },
        { pid: 51, state: 'S', start: '101' },
        { pid: 60, state: 'S', start: '5' },
      ],
      [
        { pid: 50, state: 'S', start: '100' },
        { pid: 51, state: 'Z', start: '101' },
        { pid: 61, state: 'S', start: '6' },
      ],
      [{ pid: 50, state: 'S', start: '200' }],
    ]
    const reaper = ChildSubreaper.start(
      fake,
      realClock,
      () => [60],
      () => looks.shift() ?? [],
    )
    if ('missing' in reaper) throw new Error(reaper.missing)
    disposers.push(() => reaper.dispose())
    const heard: string[] = []
    const listener = { adopted: (c: { pid: number; start: string }) => heard.push(`+${c.pid}@${c.start}`), gone: (pid: number) => heard.push(`-${pid}`) }
    // 60: a pane's program (node-pty's); 61: a board that said hello.
    const ours = () => [61]
    reaper.lookForAdopted(ours, listener)
    expect(heard.splice(0)).toEqual(['+50@100', '+51@101'])
    reaper.lookForAdopted(ours, listener)
    expect(heard.splice(0)).toEqual(['-51'])
    reaper.lookForAdopted(ours, listener)
    expect(heard.splice(0)).toEqual(['-50', '+50@200'])
  })
})
