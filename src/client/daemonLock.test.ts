import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { acquireDaemonLock, STARTING_GRACE_MS } from './daemonLock'
import { daemonPaths, type DaemonPaths } from './daemonState'

const dirs: string[] = []
const children: ChildProcess[] = []

function paths(): DaemonPaths {
  const dir = mkdtempSync(join(tmpdir(), 'sb-lock-'))
  dirs.push(dir)
  return daemonPaths({ SWITCHBOARD_RUNTIME_DIR: dir })
}

/** A real other process; with `listen`, it answers on the daemon's control socket. */
async function otherProcess(dir: string, listen: boolean): Promise<ChildProcess> {
  const code = listen
    ? `const s=require('net').createServer().listen(require('path').join(${JSON.stringify(dir)}, 'board.sock'), () => console.log('up')); setTimeout(()=>{}, 60000)`
    : `console.log('up'); setTimeout(()=>{}, 60000)`
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'ignore'] })
  children.push(child)
  await new Promise((resolve) => child.stdout!.once('data', resolve))
  return child
}

afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL')
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

describe('the daemon lock', () => {
  it('is taken by the first start, created 0600, and released only by its holder', async () => {
    const p = paths()
    const lock = await acquireDaemonLock(p)
    expect(lock.kind).toBe('acquired')
    expect(readFileSync(p.pidFile, 'utf8').trim()).toBe(String(process.pid))
    expect(statSync(p.pidFile).mode & 0o777).toBe(0o600)
    if (lock.kind === 'acquired') lock.release()
    expect(() => statSync(p.pidFile)).toThrow()
  })

  it('is held while its process lives and answers on its socket: a second start attaches', async () => {
    const p = paths()
    const other = await otherProcess(p.dir, true)
    writeFileSync(p.pidFile, `${other.pid}\n`, { mode: 0o600 })
    expect(await acquireDaemonLock(p, { waitMs: 0 })).toEqual({ kind: 'held', pid: other.pid })
  })

  it('is stale when its process is gone (kill -9): taken over', async () => {
    const p = paths()
    const other = await otherProcess(p.dir, true)
    writeFileSync(p.pidFile, `${other.pid}\n`, { mode: 0o600 })
    other.kill('SIGKILL')
    await new Promise((resolve) => other.once('exit', resolve))
    const lock = await acquireDaemonLock(p, { waitMs: 0 })
    expect(lock.kind).toBe('acquired')
    expect(readFileSync(p.pidFile, 'utf8').trim()).toBe(String(process.pid))
  })

  it('is stale when its pid lives on in a process that never answers (pid reused), once the start grace is over', async () => {
    const p = paths()
    const other = await otherProcess(p.dir, false)
    writeFileSync(p.pidFile, `${other.pid}\n`, { mode: 0o600 })
    // Within the grace it may be a daemon still starting: waited for, not taken.
    const t0 = Date.now()
    expect(await acquireDaemonLock(p, { waitMs: 300 })).toMatchObject({ kind: 'acquired' })
    // (waitMs bounds the wait; after it the lock counts as stale even within the grace.)
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250)
    const p2 = paths()
    writeFileSync(p2.pidFile, `${other.pid}\n`, { mode: 0o600 })
    const old = (Date.now() - STARTING_GRACE_MS - 1000) / 1000
    utimesSync(p2.pidFile, old, old)
    const t1 = Date.now()
    expect((await acquireDaemonLock(p2)).kind).toBe('acquired')
    expect(Date.now() - t1).toBeLessThan(2000)
  })

  it('is not taken from a start that has created it but not written its pid yet (two CLIs at once in CI ran two daemons)', async () => {
    const p = paths()
    const other = await otherProcess(p.dir, true)
    // The other start's O_EXCL create, with its write still to come.
    writeFileSync(p.pidFile, '', { mode: 0o600 })
    const fill = setTimeout(() => writeFileSync(p.pidFile, `${other.pid}\n`), 150)
    try {
      expect(await acquireDaemonLock(p, { waitMs: 2000 })).toEqual({ kind: 'held', pid: other.pid })
      expect(readFileSync(p.pidFile, 'utf8').trim()).toBe(String(other.pid))
    } finally {
      clearTimeout(fill)
    }
  })

  it('is stale when it stayed empty past the start grace (a start killed between create and write)', async () => {
    const p = paths()
    writeFileSync(p.pidFile, '', { mode: 0o600 })
    const old = (Date.now() - STARTING_GRACE_MS - 1000) / 1000
    utimesSync(p.pidFile, old, old)
    expect((await acquireDaemonLock(p)).kind).toBe('acquired')
  })

  it('is stale when the pid file holds garbage', async () => {
    const p = paths()
    writeFileSync(p.pidFile, 'not a pid', { mode: 0o600 })
    expect((await acquireDaemonLock(p, { waitMs: 0 })).kind).toBe('acquired')
  })
})
