import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { bridgeScript, installScript, serverFiles } from './serverInstall'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** Runs a remote script the way the login shell there would (`$SHELL -c SCRIPT`), with PATH limited to `bin`. */
function runRemote(script: string, home: string, bin: string): string {
  return execFileSync('/bin/sh', ['-c', script], { env: { HOME: home, PATH: bin }, encoding: 'utf8' })
}

function remote(): { home: string; bin: string } {
  const base = mkdtempSync(join(tmpdir(), 'sb-remote-script-'))
  dirs.push(base)
  const home = join(base, 'home')
  const bin = join(base, 'bin')
  mkdirSync(home)
  mkdirSync(bin)
  symlinkSync('/bin/sh', join(bin, 'sh'))
  return { home, bin }
}

describe('the scripts the remote runs', () => {
  it('says there is no node when none is on the PATH', () => {
    const { home, bin } = remote()
    expect(runRemote(bridgeScript('0.1.0-abc'), home, bin)).toBe('SBR no-node\n')
  })

  it('says a node older than 20 is too old', () => {
    const { home, bin } = remote()
    writeFileSync(join(bin, 'node'), '#!/bin/sh\necho 18.19.0\n', { mode: 0o755 })
    expect(runRemote(bridgeScript('0.1.0-abc'), home, bin)).toBe('SBR old-node 18.19.0\n')
  })

  it('says the server is missing until this build is installed, and an install is whole or nothing', () => {
    const { home, bin } = remote()
    symlinkSync(process.execPath, join(bin, 'node'))
    symlinkSync('/bin/tar', join(bin, 'tar'))
    for (const tool of ['rm', 'mkdir', 'mv', 'gzip'])
      symlinkSync(execFileSync('/bin/sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim(), join(bin, tool))
    expect(runRemote(bridgeScript('0.1.0-abc'), home, bin)).toBe('SBR missing\n')
    // A broken archive leaves nothing that looks installed.
    expect(() =>
      execFileSync('/bin/sh', ['-c', installScript('0.1.0-abc')], { env: { HOME: home, PATH: bin }, input: 'not a tar', stdio: ['pipe', 'pipe', 'ignore'] }),
    ).toThrow()
    expect(runRemote(bridgeScript('0.1.0-abc'), home, bin)).toBe('SBR missing\n')
  })

  it('refuses an id a quote could break out of', () => {
    expect(() => bridgeScript("x'; rm -rf ~; '")).toThrow(/bad server id/)
    expect(() => installScript('a b')).toThrow(/bad server id/)
  })

  it('copies the build, the resources and the production dependencies only', () => {
    const files = serverFiles(join(__dirname, '../../..'))
    expect(files).toEqual(
      expect.arrayContaining(['package.json', 'out', 'resources', 'node_modules/node-pty', 'node_modules/better-sqlite3', 'node_modules/zod']),
    )
    expect(files).not.toContain('node_modules/electron')
    expect(files).not.toContain('node_modules/vitest')
  })
})
