/**
 * Issue 24, items 9–13: the daemon's runtime and data dirs, as a real daemon (out/main/daemon.js)
 * meets them. Each test has its own dirs; every daemon it starts is bounded in time and ended.
 */
import { execFile, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DAEMON_JS, ensureBuilt } from './support/boardServer'

interface Home {
  readonly base: string
  readonly runtime: string
  readonly data: string
  readonly env: NodeJS.ProcessEnv
}

const homes: Home[] = []
const children: ChildProcess[] = []

function newHome(): Home {
  const base = mkdtempSync(join(tmpdir(), 'sb-runfiles-e2e-'))
  const d = { runtime: join(base, 'run'), data: join(base, 'data'), config: join(base, 'config'), home: join(base, 'home') }
  for (const dir of Object.values(d)) mkdirSync(dir, { recursive: true, mode: 0o700 })
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SWITCHBOARD_RUNTIME_DIR: d.runtime,
    SWITCHBOARD_DATA_DIR: d.data,
    SWITCHBOARD_CONFIG_DIR: d.config,
    HOME: d.home,
    SHELL: '/bin/bash',
  }
  for (const name of ['SWITCHBOARD_SOCKET', 'SWITCHBOARD_PANE_TOKEN', 'SWITCHBOARD_PANE_ID', 'XDG_RUNTIME_DIR']) delete env[name]
  const home = { base, runtime: d.runtime, data: d.data, env }
  homes.push(home)
  return home
}

/** `switchboard daemon ARGS` in the foreground, killed after `timeoutMs` at the latest. */
function daemon(
  h: Home,
  args: string[],
  timeoutMs = 15_000,
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; out: string; err: string; ms: number }> {
  const t0 = Date.now()
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [DAEMON_JS, ...args],
      { cwd: h.base, env: { ...h.env, ...env }, encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL' },
      (err, out, errOut) => resolve({ code: err ? ((err as { code?: number | null }).code ?? null) : 0, out, err: errOut, ms: Date.now() - t0 }),
    )
  })
}

/** Daemons whose environment names this home's runtime or data dir (a test that failed may leave one). */
function daemonsOf(h: Home): number[] {
  const found: number[] = []
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const env = readFileSync(`/proc/${pid}/environ`, 'utf8')
      if (env.includes(`SWITCHBOARD_RUNTIME_DIR=${h.runtime}\0`) || env.includes(`SWITCHBOARD_DATA_DIR=${h.data}\0`)) found.push(Number(pid))
    } catch {
      // Swallow: gone, or not ours to read.
    }
  }
  return found.filter((pid) => pid !== process.pid)
}

const CLI = join(DAEMON_JS, '..', 'cli.js')

function cli(h: Home, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(process.execPath, [CLI, ...args], { cwd: h.base, env: h.env, encoding: 'utf8', timeout: 40_000 }, (err, out, errOut) =>
      err ? reject(new Error(`switchboard ${args.join(' ')}: ${errOut}${out}`)) : resolve(out),
    ),
  )
}

afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL')
  for (const h of homes.splice(0)) {
    for (const pid of daemonsOf(h)) process.kill(pid, 'SIGKILL')
    rmSync(h.base, { recursive: true, force: true })
  }
})

describe('the runtime dir as a daemon meets it', () => {
  beforeAll(() => ensureBuilt())

  it('two daemons on one data dir: the second is refused with what to do, and the first one’s panes are all kept (issue 24.11)', async () => {
    const a = newHome()
    const b = newHome()
    const shared = { ...b, data: a.data, env: { ...b.env, SWITCHBOARD_DATA_DIR: a.data } }
    homes.push(shared)
    for (let i = 0; i < 3; i++) await cli(a, 'spawn', '--', 'sleep', '600')
    const r = await daemon(shared, [])
    expect(r.code).toBe(1)
    expect(r.err).toContain(`the saved workspace ${join(a.data, 'workspace.db')} is in use by another board (one board per data dir`)
    await cli(a, 'quit')
    await cli(a, 'daemon', '--detach')
    const panes = (await cli(a, 'ls')).trim().split('\n').slice(1)
    expect(panes).toHaveLength(3)
    await cli(a, 'quit')
  })

  it('a dangling daemon.pid symlink is refused at once with what to do, not spun on (issue 24.9)', async () => {
    const h = newHome()
    symlinkSync(join(h.base, 'nowhere'), join(h.runtime, 'daemon.pid'))
    const r = await daemon(h, [])
    expect(r.code).toBe(1)
    expect(r.ms).toBeLessThan(10_000)
    expect(r.err).toContain(
      `${join(h.runtime, 'daemon.pid')} is a symbolic link, not a lock a board wrote; the board does not follow or replace it. Remove it and start again`,
    )
  })

  it('a daemon.log symlink is not followed by a detached start: the file it points to is untouched (issue 24.10)', async () => {
    const h = newHome()
    const victim = join(h.base, 'victim')
    writeFileSync(victim, 'untouched\n')
    symlinkSync(victim, join(h.runtime, 'daemon.log'))
    const r = await daemon(h, ['--detach'])
    expect(r.code).toBe(1)
    expect(r.err).toContain(`${join(h.runtime, 'daemon.log')} is a symbolic link: the board does not follow it (replace it with a plain file)`)
    expect(readFileSync(victim, 'utf8')).toBe('untouched\n')
  })
})
