import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { shippedAgents } from '../../../src/board/agents/agentCatalog'
import { launchAgent } from '../../../src/board/agents/launchAgent'
import { ReportServer } from '../../../src/board/reports/reportServer'
import { realClock } from '../../../src/board/util/clock'
import { silentLogger } from '../../../src/board/util/log'
import { findResourcesDir } from '../../../src/board/util/resources'
import { hermesBundledPluginsDir } from './bundledPlugins'

const hermesProfile = shippedAgents().profile('hermes')

let root: string
beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'sb-hermes-')))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

/** A Hermes package root as pip lays it out: hermes_cli/plugins.py beside plugins/<name>/. */
function packageRoot(dir: string): string {
  mkdirSync(join(dir, 'hermes_cli'), { recursive: true })
  writeFileSync(join(dir, 'hermes_cli', 'plugins.py'), '')
  for (const name of ['disk-cleanup', 'image_gen', 'memory']) {
    mkdirSync(join(dir, 'plugins', name), { recursive: true })
    writeFileSync(join(dir, 'plugins', name, 'plugin.yaml'), `name: ${name}\n`)
  }
  writeFileSync(join(dir, 'plugins', '__init__.py'), '')
  return join(dir, 'plugins')
}

/** `<prefix>/bin/hermes`, a Python entry script naming `<prefix>/bin/python`. */
function entryScript(prefix: string, shebang = `#!${join(prefix, 'bin', 'python')}`): string {
  mkdirSync(join(prefix, 'bin'), { recursive: true })
  const exe = join(prefix, 'bin', 'hermes')
  writeFileSync(exe, `${shebang}\nimport sys\nfrom hermes_cli.main import main\nsys.exit(main())\n`)
  chmodSync(exe, 0o755)
  return exe
}

describe('hermesBundledPluginsDir', () => {
  it('finds a venv install (pip, pipx, uv tool) from the entry script on PATH', () => {
    const venv = join(root, 'venv')
    const plugins = packageRoot(join(venv, 'lib', 'python3.11', 'site-packages'))
    entryScript(venv)
    expect(hermesBundledPluginsDir('hermes', { PATH: `/nonexistent:${join(venv, 'bin')}` })).toBe(plugins)
    expect(hermesBundledPluginsDir(join(venv, 'bin', 'hermes'), {})).toBe(plugins)
  })

  it('follows a link to the entry script (~/.local/bin/hermes → the venv)', () => {
    const venv = join(root, 'venv')
    const plugins = packageRoot(join(venv, 'lib', 'python3.12', 'site-packages'))
    mkdirSync(join(root, 'bin'))
    symlinkSync(entryScript(venv), join(root, 'bin', 'hermes'))
    expect(hermesBundledPluginsDir('hermes', { PATH: join(root, 'bin') })).toBe(plugins)
  })

  it('finds the checkout of an editable install (the official installer), from direct_url.json or the folders above', () => {
    const checkout = join(root, 'hermes-agent')
    const plugins = packageRoot(checkout)
    // The venv outside the checkout: only the dist-info names it.
    const venv = join(root, 'elsewhere-venv')
    const info = join(venv, 'lib', 'python3.11', 'site-packages', 'hermes_agent-0.19.0.dist-info')
    mkdirSync(info, { recursive: true })
    writeFileSync(join(info, 'direct_url.json'), JSON.stringify({ url: pathToFileURL(checkout).href, dir_info: { editable: true } }))
    expect(hermesBundledPluginsDir(entryScript(venv), {})).toBe(plugins)
    // The venv inside the checkout, `/usr/bin/env python3` in the shebang: found from the folders above.
    expect(hermesBundledPluginsDir(entryScript(join(checkout, 'venv'), '#!/usr/bin/env python3'), {})).toBe(plugins)
  })

  it('takes HERMES_BUNDLED_PLUGINS as Hermes does (Nix), and gives up on anything else', () => {
    mkdirSync(join(root, 'nix-plugins'))
    expect(hermesBundledPluginsDir('/no/such/hermes', { HERMES_BUNDLED_PLUGINS: join(root, 'nix-plugins') })).toBe(join(root, 'nix-plugins'))
    expect(hermesBundledPluginsDir('hermes', { PATH: root })).toBeNull()
    expect(hermesBundledPluginsDir(entryScript(join(root, 'plain')), {})).toBeNull()
  })
})

describe('launchAgent(hermesProfile)', () => {
  let server: ReportServer
  beforeEach(async () => {
    server = await ReportServer.listen({ sink: () => undefined, clock: realClock, log: silentLogger })
  })
  afterEach(() => server.close())

  const launch = (executable: string, runtimeDir: string) =>
    launchAgent({
      paneId: '7',
      profile: hermesProfile,
      executable,
      userArgs: ['--resume', 's1'],
      env: {},
      server,
      runtimeDir,
      resourcesDir: findResourcesDir()!,
      runtime: '/usr/bin/node',
    })

  it('adds our plugin to a private copy of the bundled plugins (a link per entry), the token in a 0600 file', () => {
    const venv = join(root, 'venv')
    const plugins = packageRoot(join(venv, 'lib', 'python3.11', 'site-packages'))
    const before = readdirSync(plugins).sort()
    const runtimeDir = join(root, 'run')
    mkdirSync(runtimeDir, { mode: 0o700 })
    const l = launch(entryScript(venv), runtimeDir)
    expect(l.argv).toEqual([join(venv, 'bin', 'hermes'), '--resume', 's1'])
    const dir = l.env.HERMES_BUNDLED_PLUGINS!
    expect(dir.startsWith(runtimeDir)).toBe(true)
    expect(statSync(join(dir, '..')).mode & 0o777).toBe(0o700)
    expect(readdirSync(dir).sort()).toEqual([...before, 'switchboard'].sort())
    for (const name of before) expect(lstatSync(join(dir, name)).isSymbolicLink(), name).toBe(true)
    // Ours is a copy: Python writes its bytecode beside it, in the launch's folder.
    expect(lstatSync(join(dir, 'switchboard')).isSymbolicLink()).toBe(false)
    expect(readFileSync(join(dir, 'switchboard', 'plugin.yaml'), 'utf8')).toMatch(/^kind: backend$/m)
    expect(l.env.SWITCHBOARD_REPORT_TOKEN).toBeUndefined()
    expect(readFileSync(l.env.SWITCHBOARD_REPORT_TOKEN_FILE!, 'utf8')).toBe(l.secrets[0])
    l.dispose()
    expect(existsSync(dir)).toBe(false)
    expect(readdirSync(plugins).sort(), "the install's own folder is untouched").toEqual(before)
  })

  it('without an install it can find, launches Hermes as typed, reporting nothing', () => {
    const runtimeDir = join(root, 'run')
    mkdirSync(runtimeDir, { mode: 0o700 })
    const l = launch(entryScript(join(root, 'plain')), runtimeDir)
    expect(l.env).toEqual({})
    expect(readdirSync(runtimeDir)).toEqual([])
  })
})
