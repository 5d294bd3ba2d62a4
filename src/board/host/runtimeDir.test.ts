import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ensurePrivateDir } from './runtimeDir'
import { daemonPaths, writeDaemonState } from '../../client/daemonState'

/** A second local user (issue 24: "a second local uid via setpriv"); the suite runs as root. */
const OTHER_UID = 12345
const asOther = (...argv: string[]) => execFileSync('setpriv', ['--reuid', String(OTHER_UID), '--regid', String(OTHER_UID), '--clear-groups', ...argv])
const root = typeof process.getuid === 'function' && process.getuid() === 0

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})
function base(): string {
  const d = mkdtempSync(join(tmpdir(), 'sb-rundir-'))
  dirs.push(d)
  return d
}

describe('the runtime dir', () => {
  it('is created 0700, and a folder with only read bits for others is made 0700', () => {
    const dir = join(base(), 'run')
    ensurePrivateDir(dir)
    expect(statSync(dir).mode & 0o777).toBe(0o700)
    chmodSync(dir, 0o755)
    ensurePrivateDir(dir)
    expect(statSync(dir).mode & 0o777).toBe(0o700)
  })

  it.runIf(root)('that group or others could write is refused, with what to do: another user planted links there (issue 24.10)', () => {
    const parent = base()
    chmodSync(parent, 0o711) // the other user may pass through to the runtime dir
    const dir = join(parent, 'run')
    mkdirSync(dir)
    chmodSync(dir, 0o777)
    // The other user plants the log and the state file's temp name, pointing at files they want written.
    const victim = join(base(), 'root-owned')
    writeFileSync(victim, 'untouched\n', { mode: 0o644 })
    asOther('ln', '-s', victim, join(dir, 'daemon.log'))
    asOther('ln', '-s', victim, join(dir, `daemon.json.${process.pid}.tmp`))
    expect(() => ensurePrivateDir(dir)).toThrow(
      `${dir} is writable by its group and every user (mode 777): anything in it may have been put there by someone else, so the board does not use it. Check what it holds, then \`chmod 700 ${dir}\` (or remove it) and start again`,
    )
    // Made 0700 later by hand, its other user's entries still refuse it.
    chmodSync(dir, 0o700)
    expect(() => ensurePrivateDir(dir)).toThrow(
      `${dir} holds files of another user (daemon.json.${process.pid}.tmp, daemon.log): the board does not use it. Remove them (or the folder) and start again`,
    )
    expect(readFileSync(victim, 'utf8')).toBe('untouched\n')
  })

  it('has its files created anew, never written through a link planted at their names', () => {
    const dir = join(base(), 'run')
    ensurePrivateDir(dir)
    const paths = daemonPaths({ SWITCHBOARD_RUNTIME_DIR: dir })
    const victim = join(base(), 'elsewhere')
    writeFileSync(victim, 'untouched\n')
    symlinkSync(victim, `${paths.stateFile}.${process.pid}.tmp`)
    writeDaemonState(paths, {
      pid: process.pid,
      protocol: 1,
      version: 'x',
      socketPath: '/s',
      host: '127.0.0.1',
      port: 1,
      token: 't'.repeat(32),
      startedAt: 1,
      log: null,
    })
    expect(readFileSync(victim, 'utf8')).toBe('untouched\n')
    expect(lstatSync(paths.stateFile).isFile()).toBe(true)
    expect(statSync(paths.stateFile).mode & 0o777).toBe(0o600)
    expect(existsSync(`${paths.stateFile}.${process.pid}.tmp`)).toBe(false)
  })
})
