import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AgentReport } from '../shared/domain/agents'
import { npmVersion, pypiVersion, versionInOutput } from '../board/agents/agentInstall'
import { runCli, type CliIo } from './run'

/**
 * Issue 18 item 3: `switchboard agents [--json]` — every agent (shipped, the user's own), its
 * source, the executable found or not, the installed version as its manifest says to read it (an
 * npm package's package.json, a Python distribution's METADATA, or a bounded version command),
 * the versions its knowledge was verified on, and whether the installed one is newer. Read
 * without a board, from the user's folders, settings and PATH.
 */
const MYTOOL = resolve(__dirname, '../board/agents/__fixtures__/mytool')

let root: string
let out: string
let err: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'sb-agents-cli-'))
  out = ''
  err = ''
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const io = (env: NodeJS.ProcessEnv): CliIo => ({ out: (t) => (out += t), err: (t) => (err += t), env, cwd: root, interrupted: new Promise(() => undefined) })

/** An npm install of `pkg` at `version` whose bin `name` is on `bin/` (as npm links it: a symlink into the package). */
function npmInstall(pkg: string, version: string, name: string): void {
  const dir = join(root, 'node_modules', ...pkg.split('/'))
  mkdirSync(join(dir, 'bin'), { recursive: true })
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: pkg, version }))
  writeFileSync(join(dir, 'bin', `${name}.js`), '#!/bin/sh\nexit 0\n')
  chmodSync(join(dir, 'bin', `${name}.js`), 0o755)
  mkdirSync(join(root, 'bin'), { recursive: true })
  symlinkSync(join(dir, 'bin', `${name}.js`), join(root, 'bin', name))
}

/** A pip install of `dist` at `version` in a venv of its own whose entry script `name` is linked onto `bin/` (pipx, Hermes' own installer). */
function venvInstall(dist: string, version: string, name: string): void {
  const venv = join(root, 'venvs', dist)
  script(join(venv, 'bin', name), '#!/bin/sh\nexit 0\n')
  const info = join(venv, 'lib', 'python3.11', 'site-packages', `${dist.replace(/-/g, '_')}-${version}.dist-info`)
  mkdirSync(info, { recursive: true })
  writeFileSync(join(info, 'METADATA'), `Metadata-Version: 2.1\nName: ${dist}\nVersion: ${version}\n`)
  mkdirSync(join(root, 'bin'), { recursive: true })
  symlinkSync(join(venv, 'bin', name), join(root, 'bin', name))
}

function script(path: string, text: string): string {
  mkdirSync(resolve(path, '..'), { recursive: true })
  writeFileSync(path, text)
  chmodSync(path, 0o755)
  return path
}

async function agents(env: NodeJS.ProcessEnv): Promise<{ agents: AgentReport[]; problems: string[] }> {
  expect(await runCli(['agents', '--json'], io(env))).toBe(0)
  return JSON.parse(out) as { agents: AgentReport[]; problems: string[] }
}

describe('switchboard agents', () => {
  it('lists every agent with its executable, installed version, what it was verified on and whether that is newer', async () => {
    npmInstall('@openai/codex', '0.172.0', 'codex')
    npmInstall('@mariozechner/pi-coding-agent', '0.73.1', 'pi')
    npmInstall('@google/gemini-cli', '0.61.0', 'gemini')
    venvInstall('hermes-agent', '0.20.0', 'hermes')
    const config = join(root, 'config')
    cpSync(MYTOOL, join(config, 'agents', 'mytool'), { recursive: true, filter: (src) => !src.includes('/bin') })
    // A second agent of the user's that says how to read its version: by running it.
    mkdirSync(join(config, 'agents', 'deployer'), { recursive: true })
    writeFileSync(
      join(config, 'agents', 'deployer', 'agent.toml'),
      'id = "deployer"\nname = "Deployer"\ncommand = ["deployer"]\nverified_on = "2.0.0"\n[version]\nargs = ["--version"]\npattern = \'DEPLOYER v(?<version>\\S+)\'\n',
    )
    script(join(root, 'bin', 'deployer'), '#!/bin/sh\necho "DEPLOYER v2.1.0 (build 7)"\n')
    // The settings name mytool's executable, as a user with it outside PATH would.
    writeFileSync(join(config, 'settings.json'), JSON.stringify({ agents: { mytool: { executable: join(MYTOOL, 'bin', 'mytool') } } }))
    const { agents: list, problems } = await agents({ PATH: `${join(root, 'bin')}:/usr/bin:/bin`, SWITCHBOARD_CONFIG_DIR: config, HOME: root })
    expect(problems).toEqual([])
    const byId = Object.fromEntries(list.map((a) => [a.id, a]))
    expect(list.map((a) => [a.id, a.source])).toEqual([
      ['claude', 'shipped'],
      ['codex', 'shipped'],
      ['gemini', 'shipped'],
      ['hermes', 'shipped'],
      ['opencode', 'shipped'],
      ['pi', 'shipped'],
      ['deployer', 'user'],
      ['mytool', 'user'],
    ])
    expect(byId.claude).toMatchObject({
      name: 'Claude Code',
      executable: null,
      looked: 'claude',
      version: null,
      newer: null,
      verifiedOn: { agent: '2.1.197 - 2.1.332', rules: '2.1.197 - 2.1.332' },
    })
    expect(byId.codex).toMatchObject({ executable: join(root, 'bin', 'codex'), version: '0.172.0', newer: true, verifiedOn: { agent: '0.171.0' } })
    expect(byId.pi).toMatchObject({ version: '0.73.1', newer: false })
    expect(byId.gemini).toMatchObject({
      name: 'Gemini CLI',
      executable: join(root, 'bin', 'gemini'),
      version: '0.61.0',
      newer: false,
      verifiedOn: { agent: '0.61.0', rules: '0.61.0' },
    })
    // Read through the link on PATH, in the venv the entry script lives in.
    expect(byId.hermes).toMatchObject({
      name: 'Hermes',
      executable: join(root, 'bin', 'hermes'),
      version: '0.20.0',
      newer: true,
      verifiedOn: { agent: '0.19.0', rules: '0.19.0' },
    })
    expect(byId.deployer).toMatchObject({
      executable: join(root, 'bin', 'deployer'),
      version: '2.1.0',
      newer: true,
      rules: false,
      verifiedOn: { agent: '2.0.0', rules: null },
    })
    expect(byId.mytool).toMatchObject({
      name: 'My Tool',
      executable: join(MYTOOL, 'bin', 'mytool'),
      version: null,
      versionProblem: "mytool's agent.toml does not say how to read its version ([version])",
      newer: null,
      verifiedOn: { agent: null, rules: '1.0.0' },
    })
  })

  it('prints a table, and the folders that did not load on stderr', async () => {
    const config = join(root, 'config')
    mkdirSync(join(config, 'agents', 'broken'), { recursive: true })
    writeFileSync(join(config, 'agents', 'broken', 'agent.toml'), 'id = "broken"\n')
    npmInstall('@openai/codex', '0.171.0', 'codex')
    expect(await runCli(['agents'], io({ PATH: join(root, 'bin'), SWITCHBOARD_CONFIG_DIR: config, HOME: root }))).toBe(0)
    const lines = out.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^ID\s+NAME\s+SOURCE\s+EXECUTABLE\s+VERSION\s+VERIFIED ON$/)
    expect(lines.find((l) => l.startsWith('codex'))).toMatch(/^codex\s+Codex\s+shipped\s+\S+\/bin\/codex\s+0\.171\.0\s+0\.171\.0$/)
    expect(lines.find((l) => l.startsWith('claude'))).toMatch(/^claude\s+Claude Code\s+shipped\s+not found \(claude\)\s+-\s+2\.1\.197 - 2\.1\.332$/)
    expect(err).toMatch(new RegExp(`^not loaded: ${join(config, 'agents', 'broken', 'agent.toml')}:1: name: `))
  })
})

describe('reading an installed version', () => {
  it('from the npm package the executable belongs to, its symlinks resolved', () => {
    npmInstall('opencode-ai', '1.18.33', 'opencode')
    expect(npmVersion(join(root, 'node_modules', 'opencode-ai', 'bin', 'opencode.js'), 'opencode-ai')).toEqual({ version: '1.18.33', problem: null })
    expect(npmVersion(join(root, 'node_modules', 'opencode-ai', 'bin', 'opencode.js'), 'other')).toMatchObject({
      version: null,
      problem: expect.stringContaining('is not part of the npm package other'),
    })
  })

  it('from a Python distribution in the environment of the executable (a venv)', () => {
    const venv = join(root, 'venv')
    script(join(venv, 'bin', 'hermes'), '#!/bin/sh\n')
    mkdirSync(join(venv, 'lib', 'python3.11', 'site-packages', 'hermes_agent-0.4.2.dist-info'), { recursive: true })
    writeFileSync(
      join(venv, 'lib', 'python3.11', 'site-packages', 'hermes_agent-0.4.2.dist-info', 'METADATA'),
      'Metadata-Version: 2.1\nName: hermes-agent\nVersion: 0.4.2\n',
    )
    expect(pypiVersion(join(venv, 'bin', 'hermes'), 'hermes-agent')).toEqual({ version: '0.4.2', problem: null })
    expect(pypiVersion(join(venv, 'bin', 'hermes'), 'other-dist').version).toBeNull()
    expect(pypiVersion('/usr/bin/true', 'x').version).toBeNull()
  })

  it('from a version command’s output: group version, group 1, or the first version-looking word', () => {
    expect(versionInOutput('2.1.332 (Claude Code)', undefined)).toBe('2.1.332')
    expect(versionInOutput('codex-cli 0.171.0', undefined)).toBe('0.171.0')
    expect(versionInOutput('MYTOOL v1.0.0', 'MYTOOL v(?<version>\\S+)')).toBe('1.0.0')
    expect(versionInOutput('no digits here', undefined)).toBeNull()
  })
})
