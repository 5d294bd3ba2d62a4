import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, processesOfBoard, ptyHostOf, ROOT } from '../../../e2e/support/boardServer'
import { CLAUDE_SCRIPT, claudeEnv, setUpClaudeHome } from '../claude/setup'
import { FakeAnthropic } from '../support/fakeAnthropic'
import { claudeBin } from '../support/paths'
import { BoardCli } from '../support/boardCli'

const CLI = join(ROOT, 'out/main/cli.js')

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * Issue 17: the programs outlive the board's process. The real Claude Code 2.1.332 (against the
 * fake model server) and a shell with a background job run in panes of a daemon started by the
 * CLI, as a user's would be; `daemon --restart` and then a `kill -9` of the daemon change neither
 * pid, and afterwards each pane answers: the same screen, the right badge, typing, a permission
 * dialog shown blocked and answered through the report token the first daemon gave Claude, and a
 * CLI call from inside a pane with the control token it got then.
 */
describe('the agents keep running across a restart and a crash of the board process', () => {
  let base: string
  let work: string
  let runtime: string
  let env: Record<string, string>
  let anthropic: FakeAnthropic

  // The board's CLI without a socket: it finds (or starts) the board from SWITCHBOARD_RUNTIME_DIR, as a user's does.
  let on: BoardCli
  const run = async (...args: string[]) => {
    const r = await on.run(...args)
    return { code: r.code, out: r.stdout, err: r.stderr }
  }
  const cli = (...args: string[]) => on.cli(...args)
  const panes = () => on.panes()
  const flat = (pane: string) => on.screen(pane)
  const waitForScreen = (pane: string, re: RegExp, timeoutMs = 60_000) => on.waitForScreen(pane, re, timeoutMs)
  const submit = (pane: string, text: string) => on.submit(pane, text)
  /** kill -9 of the daemon, and its end: the next CLI call finds the daemon the pty host starts. */
  const killDaemon = async (pid: number) => {
    process.kill(pid, 'SIGKILL')
    await on.until(`daemon ${pid} to end`, () => !alive(pid), 10_000)
  }
  const daemonPid = () => (JSON.parse(readFileSync(join(runtime, 'daemon.json'), 'utf8')) as { pid: number }).pid

  beforeAll(async () => {
    ensureBuilt()
    base = mkdtempSync(join(tmpdir(), 'sb-keep-'))
    const home = join(base, 'home')
    work = join(base, 'work')
    runtime = join(base, 'run')
    for (const d of [home, work, runtime]) mkdirSync(d, { recursive: true })
    anthropic = await FakeAnthropic.start(CLAUDE_SCRIPT)
    setUpClaudeHome(home, work, join(base, 'claude-user-hooks.jsonl'), '2.1.332')
    env = {
      ...(process.env as Record<string, string>),
      HOME: home,
      SHELL: '/bin/bash',
      LANG: 'C.UTF-8',
      SWITCHBOARD_RUNTIME_DIR: runtime,
      SWITCHBOARD_DATA_DIR: join(base, 'data'),
      SWITCHBOARD_CONFIG_DIR: join(base, 'config'),
      ...claudeEnv(anthropic.url),
    }
    for (const name of ['SWITCHBOARD_SOCKET', 'SWITCHBOARD_PANE_TOKEN', 'SWITCHBOARD_PANE_ID', 'XDG_RUNTIME_DIR']) delete env[name]
    on = new BoardCli(env, undefined, work)
  })

  afterAll(async () => {
    await on?.run('quit')
    for (const p of processesOfBoard(runtime)) process.kill(Number(p.split(' ')[0]), 'SIGKILL')
    await anthropic?.close()
    if (process.env.KEEP_BASE) console.log('BASE', base)
    else if (base) rmSync(base, { recursive: true, force: true })
  })

  it('keeps Claude Code and a shell job at the same pids across daemon --restart and kill -9 of the daemon; each answers afterwards', async () => {
    // Its manual mode: 2.1.332 starts in auto mode otherwise, whose server-side check the fake cannot pass.
    expect((await cli('spawn', '--cwd', work, '--', claudeBin('2.1.332'), '--permission-mode', 'default')).trim()).toBe('1')
    expect(await cli('spawn', '--cwd', work, '--', 'bash', '--norc', '--noprofile')).toBe('2\n')
    await cli('write', '2', 'sleep 1000 & echo job-$!\r', '--escapes')
    await waitForScreen('2', /job-\d+/)
    const job = Number(/job-(\d+)/.exec(await flat('2'))![1])
    await waitForScreen('1', /\? for shortcuts/, 90_000)
    await submit('1', '[STEP1] Summarize the project.')
    await waitForScreen('1', /builds cleanly\..*\? for shortcuts/)
    await cli('wait', '1', '--state', 'idle', '--timeout', '30')
    const before = await panes()
    const claude = before[0]!
    expect(claude.sessionId).toMatch(/^[0-9a-f-]{36}$/)
    // The shell's screen is still: after the restart it must be exactly this. (Claude changes its own: a hint fades after a turn.)
    const shellBefore = await cli('screen', '2')

    // 1. A restart, as after an upgrade.
    const restarted = await run('daemon', '--restart')
    expect(restarted.code).toBe(0)
    expect(restarted.out).toMatch(/restarted the board \(pid \d+ → \d+, protocol \d+\) in [\d.]+ s; all 2 running panes kept running \(same pids\)/)
    const afterRestart = await panes()
    expect(afterRestart.map((p) => [p.id, p.pid, p.state, p.interrupted ?? null])).toEqual([
      ['1', claude.pid, 'idle', null],
      ['2', before[1]!.pid, 'idle', null],
    ])
    expect(afterRestart[0]!.sessionId).toBe(claude.sessionId)
    expect(alive(job)).toBe(true)
    expect(await cli('screen', '2')).toBe(shellBefore)
    expect(await flat('1')).toMatch(/Summarize the project\..*builds cleanly\..*manual mode on/)

    // Claude's hooks still reach the board (same port, its first token): a permission dialog is blocked, and answered.
    await submit('1', '[STEP2] Create x.txt')
    await cli('wait', '1', '--state', 'blocked', '--timeout', '60')
    const blocked = (await panes())[0]!
    expect(blocked.lastReport?.event).toBe('PermissionRequest')
    await on.answerOption('1', '1')
    await waitForScreen('1', /Created x\.txt/)
    expect(existsSync(join(work, 'x.txt'))).toBe(true)
    await cli('wait', '1', '--state', 'idle', '--timeout', '60')

    // 2. The board's process dies (kill -9): the pty host starts a new one, which takes over again.
    const pid = daemonPid()
    await killDaemon(pid)
    const afterCrash = await panes()
    expect(daemonPid()).not.toBe(pid)
    expect(afterCrash.map((p) => [p.id, p.pid, p.state])).toEqual([
      ['1', claude.pid, 'idle'],
      ['2', before[1]!.pid, 'idle'],
    ])
    expect(alive(job)).toBe(true)
    expect(ptyHostOf(runtime)).not.toBeNull()
    await waitForScreen('1', /Created x\.txt.*\? for shortcuts/)
    const from = anthropic.bodies.length
    await submit('1', '[STEP1] And once more?')
    await waitForScreen('1', /once more\?.*builds cleanly\./)
    // Still its conversation: the next request carries what came before the restart and the crash.
    const next = anthropic.bodies.slice(from).find((b) => b.includes('once more?') && b.includes('"tools"'))
    expect(next).toContain('Summarize the project.')
    expect(next).toContain('Create x.txt')

    // 3. A permission dialog open while the board's process dies: blocked again right away (from its screen), and answered.
    await submit('1', '[STEP2] Create x.txt again')
    await cli('wait', '1', '--state', 'blocked', '--timeout', '60')
    const again = daemonPid()
    await killDaemon(again)
    const whileBlocked = await panes()
    expect(daemonPid()).not.toBe(again)
    expect(whileBlocked.map((p) => [p.id, p.pid, p.state])).toEqual([
      ['1', claude.pid, 'blocked'],
      ['2', before[1]!.pid, 'idle'],
    ])
    await on.answerOption('1', '1')
    await waitForScreen('1', /Created x\.txt.*Created x\.txt/)
    await cli('wait', '1', '--state', 'idle', '--timeout', '60')

    // A program inside a pane still reaches the board with the control token of the first daemon: it sees its own pane.
    const out = join(work, 'inside.txt')
    await cli('write', '2', `node ${JSON.stringify(CLI)} ls > ${JSON.stringify(out)} 2>&1; echo inside-$?\r`, '--escapes')
    await waitForScreen('2', /inside-0/)
    const inside = readFileSync(out, 'utf8').trim().split('\n')
    expect(inside).toHaveLength(2)
    expect(inside[1]).toMatch(new RegExp(`^2\\s+\\S+\\s+\\S+\\s+${before[1]!.pid}\\s`))
  }, 420_000)
})
