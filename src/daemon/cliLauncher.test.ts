import { spawnSync } from 'node:child_process'
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const LAUNCHER = resolve(__dirname, '../../resources/cli/switchboard')

/**
 * resources/cli/switchboard, the packaged app's CLI, run in a copy of electron-builder's layout:
 * <app>/switchboard (the binary; here a script that prints what it got) and
 * <app>/resources/app.asar.unpacked/resources/cli/switchboard (a copy), linked from a folder in PATH.
 */
describe('the packaged CLI launcher', () => {
  let root: string | null = null
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true })
    root = null
  })

  function layout(binary: string): { link: string; app: string } {
    root = mkdtempSync(join(tmpdir(), 'sb-launcher-'))
    const app = join(root, 'opt', 'Switchboard')
    const cli = join(app, 'resources', 'app.asar.unpacked', 'resources', 'cli')
    mkdirSync(cli, { recursive: true })
    // As electron-builder unpacks it: a file of the app (the user links to it from their PATH).
    copyFileSync(LAUNCHER, join(cli, 'switchboard'))
    writeFileSync(join(app, binary), '#!/bin/sh\necho "run-as-node=$ELECTRON_RUN_AS_NODE"\nfor a in "$@"; do echo "arg=$a"; done\n')
    chmodSync(join(app, binary), 0o755)
    const bin = join(root, 'bin')
    mkdirSync(bin)
    symlinkSync(join(cli, 'switchboard'), join(bin, 'switchboard'))
    return { link: join(bin, 'switchboard'), app }
  }

  it('runs the app’s own binary as Node on the asar’s CLI, passing every argument as given', () => {
    const { link, app } = layout('switchboard')
    const run = spawnSync(link, ['ls', '--json', 'two words'], { encoding: 'utf8' })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    // The launcher is reached through links: it finds the app from where the file really is.
    expect(run.stdout).toBe(`run-as-node=1\narg=${join(app, 'resources', 'app.asar', 'out', 'main', 'cli.js')}\narg=ls\narg=--json\narg=two words\n`)
  })

  it('says what is wrong when the app’s binary is not beside its resources', () => {
    const { link } = layout('not-the-binary')
    const run = spawnSync(link, ['ls'], { encoding: 'utf8' })
    expect(run.status).toBe(1)
    expect(run.stderr).toBe(
      `switchboard: the app's binary is not beside ${join(root!, 'opt', 'Switchboard', 'resources')} (looked for switchboard and MacOS/Switchboard)\n`,
    )
  })

  it('refuses to run from a checkout, and names what to run instead', () => {
    const run = spawnSync(LAUNCHER, ['ls'], { encoding: 'utf8' })
    expect(run.status).toBe(1)
    expect(run.stderr).toBe(
      'switchboard: this launcher runs only from a packaged app (…/app.asar.unpacked/resources/cli/); in a checkout run bin/switchboard.js\n',
    )
  })
})
