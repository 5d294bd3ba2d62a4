import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { realClock } from '../util/clock'
import { silentLogger } from '../util/log'
import { ReportServer, TOKEN_HEADER } from '../reports/reportServer'
import { claudeProfile, claudeSettings } from './claude'
import { codexHookArgs } from './codex'
import { parse as parseToml } from 'smol-toml'
import { codexHookHash, codexHookKey, eventLabel, SESSION_FLAGS_SOURCE } from './codex/hookTrust'
import { AgentLaunches, agentCommand } from './agentLaunches'
import { launchAgent } from './launchAgent'
import { sweepStaleLaunchDirs } from './launchDirs'
import { opencodeProfile } from './opencode'
import { profileForCommand } from './registry'
import { reporterCommand, shellQuote } from './reporterCommand'
import { shellProfile } from './shell'

let server: ReportServer
let runtimeDir: string
const reports: string[] = []

beforeEach(async () => {
  server = await ReportServer.listen({ sink: (r) => reports.push(r.event), clock: realClock, log: silentLogger })
  runtimeDir = mkdtempSync(join(tmpdir(), 'sb-agents-'))
})
afterEach(async () => {
  await server.close()
  rmSync(runtimeDir, { recursive: true, force: true })
})

const request = (profile: Parameters<typeof launchAgent>[0]['profile'], env: Record<string, string> = {}) => ({
  paneId: '4',
  profile,
  executable: '/opt/bin/agent',
  userArgs: ['--resume', 'abc'],
  env,
  server,
  runtimeDir,
  resourcesDir: '/app/resources',
  runtime: '/usr/bin/node',
})

describe('launchAgent', () => {
  it('injects Claude reporting through a private settings file and the environment, and removes it all at the end', () => {
    const launch = launchAgent(request(claudeProfile))
    const [exe, flag, file, ...rest] = launch.argv
    expect([exe, flag, rest]).toEqual(['/opt/bin/agent', '--settings', ['--resume', 'abc']])
    expect(statSync(file!).mode & 0o777).toBe(0o600)
    expect(statSync(join(file!, '..')).mode & 0o777).toBe(0o700)
    const token = launch.env.SWITCHBOARD_REPORT_TOKEN!
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    expect(launch.argv.join(' ')).not.toContain(token)
    expect(readFileSync(file!, 'utf8')).not.toContain(token)
    expect(launch.env).toMatchObject({ SWITCHBOARD_REPORT_URL: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1\/report\/4$/), SWITCHBOARD_REPORT_RUNTIME: '/usr/bin/node' })
    expect(() => server.register('4', 'claude')).toThrow(/already/)
    launch.dispose()
    expect(existsSync(join(file!, '..'))).toBe(false)
    expect(() => server.register('4', 'claude').dispose()).not.toThrow()
  })

  it('gives Codex the token in a 0600 file, not the environment, and a marker for gated hooks', () => {
    const launch = launchAgent(request({ ...claudeProfile, kind: 'codex', tokenInFile: true, promptOpens: () => true }))
    expect(launch.env.SWITCHBOARD_REPORT_TOKEN).toBeUndefined()
    expect(statSync(launch.env.SWITCHBOARD_REPORT_TOKEN_FILE!).mode & 0o777).toBe(0o600)
    expect(launch.env.SWITCHBOARD_REPORT_MARKER).toMatch(/prompt-open$/)
    launch.dispose()
    expect(existsSync(launch.env.SWITCHBOARD_REPORT_TOKEN_FILE!)).toBe(false)
  })

  it('opens the marker on a dialog report and closes it on the next report', async () => {
    const launch = launchAgent(request({ ...claudeProfile, kind: 'codex', promptOpens: (r) => r.event === 'PermissionRequest' }))
    const marker = launch.env.SWITCHBOARD_REPORT_MARKER!
    const post = (event: string) =>
      fetch(launch.env.SWITCHBOARD_REPORT_URL!, { method: 'POST', headers: { [TOKEN_HEADER]: launch.env.SWITCHBOARD_REPORT_TOKEN! }, body: JSON.stringify({ hook_event_name: event }) })
    await post('PermissionRequest')
    expect(existsSync(marker)).toBe(true)
    await post('PostToolUse')
    expect(existsSync(marker)).toBe(false)
    launch.dispose()
  })

  it('tells the profile the report variables it gets (never the token), and runs its dispose before the directory goes', () => {
    let seen: Record<string, string> = {}
    let dirAtDispose: boolean | null = null
    const launch = launchAgent(
      request({
        kind: 'codex',
        executables: ['agent'],
        resources: [],
        tokenInFile: true,
        promptOpens: () => true,
        prepareLaunch: (ctx) => {
          seen = { ...ctx.reportEnv }
          return { argv: [ctx.executable], env: {}, dispose: () => (dirAtDispose = existsSync(ctx.dir)) }
        },
      }),
    )
    expect(seen).toEqual({
      SWITCHBOARD_REPORT_URL: launch.env.SWITCHBOARD_REPORT_URL,
      SWITCHBOARD_REPORT_RUNTIME: '/usr/bin/node',
      SWITCHBOARD_REPORT_TOKEN_FILE: launch.env.SWITCHBOARD_REPORT_TOKEN_FILE,
      SWITCHBOARD_REPORT_MARKER: launch.env.SWITCHBOARD_REPORT_MARKER,
    })
    expect(Object.values(seen)).not.toContain(readFileSync(launch.env.SWITCHBOARD_REPORT_TOKEN_FILE!, 'utf8'))
    launch.dispose()
    expect(dirAtDispose).toBe(true)
    expect(existsSync(launch.env.SWITCHBOARD_REPORT_TOKEN_FILE!)).toBe(false)
  })

  it('launches a shell as typed, with nothing injected and no registration', () => {
    const launch = launchAgent(request(shellProfile))
    expect(launch).toMatchObject({ agent: 'shell', argv: ['/opt/bin/agent', '--resume', 'abc'], env: {} })
    expect(() => server.register('4', 'claude').dispose()).not.toThrow()
  })
})

describe('stale launch directories', () => {
  it('removes those of boards that are gone, keeps ours and those of live boards', () => {
    const gone = join(runtimeDir, 'agent-999999999-claude-abc')
    const ours = join(runtimeDir, `agent-${process.pid}-codex-def`)
    const live = join(runtimeDir, 'agent-1-pi-ghi')
    for (const d of [gone, ours, live]) mkdirSync(d)
    expect(sweepStaleLaunchDirs(runtimeDir)).toEqual(['agent-999999999-claude-abc'])
    expect([existsSync(gone), existsSync(ours), existsSync(live)]).toEqual([false, true, true])
  })
})

describe('Claude settings', () => {
  it('posts every event but SessionStart over http with the token header from the environment', () => {
    const settings = claudeSettings('http://127.0.0.1:1/v1/report/1', 'REPORTER') as { hooks: Record<string, { matcher?: string; hooks: Record<string, unknown>[] }[]> }
    expect(settings.hooks.SessionStart![0]!.hooks[0]).toMatchObject({ type: 'command', command: 'REPORTER' })
    const stop = settings.hooks.Stop![0]!
    expect(stop.matcher).toBeUndefined()
    expect(stop.hooks[0]).toMatchObject({ type: 'http', headers: { [TOKEN_HEADER]: '$SWITCHBOARD_REPORT_TOKEN' }, allowedEnvVars: ['SWITCHBOARD_REPORT_TOKEN'] })
    expect(settings.hooks.PermissionRequest![0]!.matcher).toBe('*')
    expect(Object.keys(settings.hooks)).toEqual(expect.arrayContaining(['UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Notification', 'SessionEnd']))
  })
})

describe('Codex hook trust', () => {
  it('labels events as Codex keys them', () => {
    expect(eventLabel('PermissionRequest')).toBe('permission_request')
    expect(eventLabel('Stop')).toBe('stop')
    expect(codexHookKey(SESSION_FLAGS_SOURCE, 'PreToolUse', 0, 0)).toBe('/<session-flags>/config.toml:pre_tool_use:0:0')
  })

  it('hashes the canonical identity: default timeout, matcher only where Codex keeps it', () => {
    // sha256 of {"event_name":"stop","hooks":[{"async":false,"command":"echo hello","timeout":600,"type":"command"}]}.
    // That this is what codex 0.171.0 computes is proven on the real binary by test/agents/codex
    // (our hooks and the user's run without a review screen); this pins the value against refactors.
    expect(codexHookHash('Stop', undefined, { command: 'echo hello' })).toBe('sha256:b17846e5b9fcf932448a537996b5e9e212cf40709442d6d0d9d562ed19e040be')
    expect(codexHookHash('Stop', 'ignored', { command: 'echo hello', timeoutSec: 600 })).toBe(codexHookHash('Stop', undefined, { command: 'echo hello' }))
    expect(codexHookHash('PreToolUse', 'Bash', { command: 'x' })).not.toBe(codexHookHash('PreToolUse', undefined, { command: 'x' }))
    expect(codexHookHash('Stop', undefined, { command: 'echo hello' })).toMatch(/^sha256:[0-9a-f]{64}$/)
  })

  it('overrides one event per -c and trusts exactly those, never with the bypass flag', () => {
    const args = codexHookArgs((gated) => (gated ? 'sh r.sh --gated' : 'sh r.sh'))
    expect(args).not.toContain('--dangerously-bypass-hook-trust')
    const overrides = args.filter((_, i) => args[i - 1] === '-c')
    const state = overrides.at(-1)!
    expect(state.startsWith('hooks.state={')).toBe(true)
    const events = overrides.slice(0, -1).map((o) => /^hooks\.(\w+)=/.exec(o)![1]!)
    for (const event of events) expect(state).toContain(`"/<session-flags>/config.toml:${eventLabel(event)}:0:0"={trusted_hash="sha256:`)
    expect(overrides.find((o) => o.startsWith('hooks.PostToolUse='))).toContain('--gated')
    expect(overrides.find((o) => o.startsWith('hooks.PreToolUse='))).toContain('matcher="request_user_input"')
  })

  it('writes each override as TOML Codex can parse, whatever the command holds (quotes, backslashes, DEL)', () => {
    // JSON.stringify wrote these before: DEL stayed raw, which TOML refuses.
    const command = 'sh "/opt/my app/r.sh" \\x \x7f é'
    const args = codexHookArgs(() => command)
    const overrides = args.filter((_, i) => args[i - 1] === '-c')
    for (const o of overrides) {
      const eq = o.indexOf('=')
      const value = parseToml(`v = ${o.slice(eq + 1)}`).v as { hooks?: { command: string }[] }[] | Record<string, unknown>
      if (o.startsWith('hooks.state=')) expect(Object.keys(value).length).toBeGreaterThan(0)
      else expect((value as { hooks: { command: string }[] }[])[0]!.hooks[0]!.command).toBe(command)
    }
  })
})

describe('OpenCode injection', () => {
  const prepare = (env: Record<string, string>) =>
    opencodeProfile.prepareLaunch({ paneId: '1', executable: 'opencode', userArgs: [], env, reportUrl: 'u', dir: runtimeDir, resourcesDir: '/app/resources', reporterCommand: () => '', reportEnv: {} })

  it('adds its plugin through OPENCODE_CONFIG', () => {
    const prepared = prepare({})!
    const config = JSON.parse(readFileSync(prepared.env.OPENCODE_CONFIG!, 'utf8')) as { plugin: string[] }
    expect(config.plugin).toEqual(['file:///app/resources/agents/opencode/switchboard-plugin.js'])
  })

  it("leaves the user's own OPENCODE_CONFIG alone and merges into their inline config", () => {
    expect(prepare({ OPENCODE_CONFIG: '/home/u/oc.json' })!.env).toEqual({ OPENCODE_CONFIG_CONTENT: JSON.stringify({ plugin: ['file:///app/resources/agents/opencode/switchboard-plugin.js'] }) })
    const merged = JSON.parse(prepare({ OPENCODE_CONFIG: '/x', OPENCODE_CONFIG_CONTENT: '{"model":"m","plugin":["theirs"]}' })!.env.OPENCODE_CONFIG_CONTENT!) as Record<string, unknown>
    expect(merged).toEqual({ model: 'm', plugin: ['theirs', 'file:///app/resources/agents/opencode/switchboard-plugin.js'] })
    expect(prepare({ OPENCODE_CONFIG: '/x', OPENCODE_CONFIG_CONTENT: '{ // jsonc' })).toBeNull()
  })
})

describe('AgentLaunches (the board entry point)', () => {
  it('injects for a recognised agent and passes anything else through', () => {
    const launches = new AgentLaunches({ server, runtimeDir, resourcesDir: '/app/resources', runtime: '/usr/bin/node' })
    const claude = launches.prepare('7', ['claude', '-c'], {})
    expect(claude.agent).toBe('claude')
    expect(claude.argv[1]).toBe('--settings')
    expect(claude.argv.at(-1)).toBe('-c')
    claude.dispose()
    const shell = launches.prepare('8', ['/bin/bash', '-l'], {})
    expect(shell).toMatchObject({ agent: 'shell', argv: ['/bin/bash', '-l'], env: {} })
  })

  it('builds the command for an agent from settings or its name on PATH', () => {
    expect(agentCommand('codex')).toEqual(['codex'])
    expect(agentCommand('claude', { executable: '/opt/claude', args: ['--model', 'x'] })).toEqual(['/opt/claude', '--model', 'x'])
    expect(() => agentCommand('shell')).toThrow(/give the command/)
  })
})

describe('choosing a profile and quoting the reporter', () => {
  it('picks the profile from the command line, through launchers', () => {
    expect(profileForCommand(['claude']).kind).toBe('claude')
    expect(profileForCommand(['node', '/x/node_modules/@openai/codex/bin/codex.js']).kind).toBe('codex')
    expect(profileForCommand(['/usr/local/bin/opencode']).kind).toBe('opencode')
    expect(profileForCommand(['bash']).kind).toBe('shell')
  })

  it('quotes the reporter path for sh', () => {
    expect(reporterCommand('/app/resources', true)).toBe('/bin/sh /app/resources/reporter/report.sh --gated')
    expect(shellQuote("/a b/it's")).toBe(`'/a b/it'\\''s'`)
  })
})
