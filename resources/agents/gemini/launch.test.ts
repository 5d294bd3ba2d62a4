import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createHash } from 'node:crypto'
import { ReportServer } from '../../../src/board/reports/reportServer'
import { realClock } from '../../../src/board/util/clock'
import { silentLogger } from '../../../src/board/util/log'
import { launchAgent } from '../../../src/board/agents/launchAgent'
import { shippedAgents } from '../../../src/board/agents/agentCatalog'
import { GEMINI_EXTENSION, geminiExtensionFiles, namesExtensions } from './launch'
import { overlayGeminiHome } from './geminiHome'

const geminiProfile = shippedAgents().profile('gemini')

let root: string
let home: string
let runtimeDir: string
let server: ReportServer

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'sb-gemini-unit-'))
  home = join(root, 'home')
  runtimeDir = join(root, 'run')
  mkdirSync(home)
  mkdirSync(runtimeDir, { mode: 0o700 })
  server = await ReportServer.listen({ sink: () => {}, clock: realClock, log: silentLogger })
})
afterEach(async () => {
  await server.close()
  rmSync(root, { recursive: true, force: true })
})

const hash = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')
const launch = (userArgs: string[] = [], env: Record<string, string> = { HOME: home }) =>
  launchAgent({
    paneId: '1',
    profile: geminiProfile,
    executable: 'gemini',
    userArgs,
    env,
    server,
    runtimeDir,
    resourcesDir: '/app/resources',
    runtime: '/usr/bin/node',
  })

describe('Gemini CLI injection', () => {
  it('loads our extension from a per-launch GEMINI_CLI_HOME whose .gemini links to the user’s, and leaves their files alone', () => {
    const user = join(home, '.gemini')
    mkdirSync(join(user, 'extensions', 'theirs'), { recursive: true })
    writeFileSync(join(user, 'settings.json'), '{ "hooks": {} }\n')
    writeFileSync(join(user, 'extensions', 'extension-enablement.json'), '{}')
    const before = hash(join(user, 'settings.json'))
    const l = launch()
    const overlay = join(l.env.GEMINI_CLI_HOME!, '.gemini')
    expect(l.env.GEMINI_CLI_HOME!.startsWith(runtimeDir)).toBe(true)
    expect(readlinkSync(join(overlay, 'settings.json'))).toBe(join(user, 'settings.json'))
    // Files Gemini may create later are linked too, so its first write lands in the user's folder.
    expect(readlinkSync(join(overlay, 'projects.json'))).toBe(join(user, 'projects.json'))
    expect(readdirSync(join(overlay, 'extensions')).sort()).toEqual(['extension-enablement.json', GEMINI_EXTENSION, 'theirs'])
    expect(lstatSync(join(overlay, 'extensions', 'theirs')).isSymbolicLink()).toBe(true)
    expect(l.env.GEMINI_CLI_TRUSTED_FOLDERS_PATH).toBe(join(user, 'trustedFolders.json'))
    expect(hash(join(user, 'settings.json'))).toBe(before)
    // The folders Gemini makes on every start exist in the user's folder, as after any start.
    expect(existsSync(join(user, 'tmp')) && existsSync(join(user, 'history'))).toBe(true)
    l.dispose()
    expect(existsSync(l.env.GEMINI_CLI_HOME!)).toBe(false)
    expect(readdirSync(user).sort()).toEqual(['extensions', 'history', 'settings.json', 'tmp'])
  })

  it('reports through command hooks that carry the report variables themselves, the token only in its 0600 file', () => {
    const l = launch()
    const hooksFile = join(l.env.GEMINI_CLI_HOME!, '.gemini', 'extensions', GEMINI_EXTENSION, 'hooks', 'hooks.json')
    const { hooks } = JSON.parse(readFileSync(hooksFile, 'utf8')) as {
      hooks: Record<string, { matcher?: string; hooks: { name: string; command: string; timeout: number; env: Record<string, string> }[] }[]>
    }
    expect(Object.keys(hooks)).toEqual(['SessionStart', 'BeforeAgent', 'Notification', 'AfterTool', 'AfterAgent'])
    const hook = hooks.AfterTool![0]!
    expect(hook.matcher).toBe('*')
    expect(hook.hooks[0]).toMatchObject({ name: GEMINI_EXTENSION, command: '/bin/sh /app/resources/reporter/report.sh --gated', timeout: 10_000 })
    expect(hook.hooks[0]!.env).toEqual({
      SWITCHBOARD_REPORT_URL: l.env.SWITCHBOARD_REPORT_URL,
      SWITCHBOARD_REPORT_RUNTIME: '/usr/bin/node',
      SWITCHBOARD_REPORT_TOKEN_FILE: l.env.SWITCHBOARD_REPORT_TOKEN_FILE,
      SWITCHBOARD_REPORT_MARKER: l.env.SWITCHBOARD_REPORT_MARKER,
    })
    expect(hooks.BeforeAgent![0]!.hooks[0]!.command).toBe('/bin/sh /app/resources/reporter/report.sh')
    expect(l.env.SWITCHBOARD_REPORT_TOKEN).toBeUndefined()
    const token = readFileSync(l.env.SWITCHBOARD_REPORT_TOKEN_FILE!, 'utf8')
    expect(readFileSync(hooksFile, 'utf8')).not.toContain(token)
    expect(l.argv.join(' ')).not.toContain(token)
    l.dispose()
  })

  it('names our extension only when the user names theirs (`-e`): otherwise every extension loads anyway', () => {
    const argv = (args: string[]) => {
      const l = launch(args)
      l.dispose()
      return l.argv
    }
    expect(argv([])).toEqual(['gemini'])
    expect(argv(['-e', 'none', 'fix it'])).toEqual(['gemini', `--extensions=${GEMINI_EXTENSION}`, '-e', 'none', 'fix it'])
    for (const args of [['-e', 'a'], ['--extensions', 'a'], ['--extensions=a'], ['-ea']]) expect(namesExtensions(args), args.join(' ')).toBe(true)
    for (const args of [['--resume', 'latest'], ['explain -e'], ['-m', 'gemini-2.5-pro']]) expect(namesExtensions(args), args.join(' ')).toBe(false)
  })

  it("respects the user's own GEMINI_CLI_HOME and trust file", () => {
    const theirs = join(root, 'elsewhere')
    mkdirSync(join(theirs, '.gemini'), { recursive: true })
    const l = launch([], { HOME: home, GEMINI_CLI_HOME: theirs, GEMINI_CLI_TRUSTED_FOLDERS_PATH: '/etc/trust.json' })
    expect(readlinkSync(join(l.env.GEMINI_CLI_HOME!, '.gemini', 'settings.json'))).toBe(join(theirs, '.gemini', 'settings.json'))
    expect(l.env.GEMINI_CLI_TRUSTED_FOLDERS_PATH).toBeUndefined()
    l.dispose()
  })

  it('writes an install record of a local folder (an allowedExtensions policy then skips ours instead of failing the load)', () => {
    const files = geminiExtensionFiles('/run/x/ext', () => 'sh r.sh', {})
    expect(JSON.parse(files['.gemini-extension-install.json']!)).toEqual({ source: '/run/x/ext', type: 'local' })
    expect(JSON.parse(files['gemini-extension.json']!)).toMatchObject({ name: GEMINI_EXTENSION })
  })
})

describe('the overlay home', () => {
  it("moves home what Gemini created in the overlay and the user lacks, and leaves the user's own entries alone", () => {
    const user = join(home, '.gemini')
    mkdirSync(user)
    writeFileSync(join(user, 'projects.json'), '{"projects":{"/a":"a"}}')
    const dir = join(runtimeDir, 'launch')
    mkdirSync(dir)
    const overlay = overlayGeminiHome({ dir, env: { HOME: home }, extension: { name: 'ours', files: () => ({ 'gemini-extension.json': '{}' }) } })
    const geminiDir = join(dir, 'home', '.gemini')
    // A write by rename replaces the link (projects.json); a folder of a later version is new.
    rmSync(join(geminiDir, 'projects.json'))
    writeFileSync(join(geminiDir, 'projects.json'), '{"projects":{}}')
    mkdirSync(join(geminiDir, 'commands'))
    writeFileSync(join(geminiDir, 'commands', 'mine.toml'), 'prompt = "x"')
    mkdirSync(join(geminiDir, 'extensions', 'installed-now'))
    overlay.adopt()
    expect(readFileSync(join(user, 'projects.json'), 'utf8')).toBe('{"projects":{"/a":"a"}}')
    expect(readFileSync(join(user, 'commands', 'mine.toml'), 'utf8')).toBe('prompt = "x"')
    expect(existsSync(join(user, 'extensions', 'installed-now'))).toBe(true)
    expect(existsSync(join(user, 'extensions', 'ours'))).toBe(false)
  })

  it('refuses to run without a home to read the user settings from', () => {
    expect(() => overlayGeminiHome({ dir: runtimeDir, env: {}, extension: { name: 'ours', files: () => ({}) } })).toThrow(/HOME/)
  })
})
