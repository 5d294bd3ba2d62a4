import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { realClock } from '../util/clock'
import { silentLogger } from '../util/log'
import { ReportServer, TOKEN_HEADER } from '../reports/reportServer'
import { shippedAgents } from './agentCatalog'
import { AgentLaunches } from './agentLaunches'
import { launchAgent } from './launchAgent'
import { sweepStaleLaunchDirs } from './launchDirs'
import { shellProfile } from './profile'
import { reporterCommand, shellQuote } from './reporterCommand'

const agents = shippedAgents()
const claudeProfile = agents.profile('claude')

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
    expect(launch.env).toMatchObject({
      SWITCHBOARD_REPORT_URL: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1\/report\/4$/),
      SWITCHBOARD_REPORT_RUNTIME: '/usr/bin/node',
    })
    expect(() => server.register('4', { agent: 'claude', payload: 'hook' })).toThrow(/already/)
    launch.dispose()
    expect(existsSync(join(file!, '..'))).toBe(false)
    expect(() => server.register('4', { agent: 'claude', payload: 'hook' }).dispose()).not.toThrow()
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
      fetch(launch.env.SWITCHBOARD_REPORT_URL!, {
        method: 'POST',
        headers: { [TOKEN_HEADER]: launch.env.SWITCHBOARD_REPORT_TOKEN! },
        body: JSON.stringify({ hook_event_name: event }),
      })
    await post('PermissionRequest')
    expect(existsSync(marker)).toBe(true)
    await post('PostToolUse')
    expect(existsSync(marker)).toBe(false)
    launch.dispose()
  })

  it('tells the launch code the report variables it gets (never the token), and runs its dispose before the directory goes', () => {
    let seen: Record<string, string> = {}
    let dirAtDispose: boolean | null = null
    const launch = launchAgent(
      request({
        ...claudeProfile,
        kind: 'codex',
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
    expect(launch).toMatchObject({ agent: 'shell', argv: ['/opt/bin/agent', '--resume', 'abc'], env: {}, reporting: false })
    expect(() => server.register('4', { agent: 'claude', payload: 'hook' }).dispose()).not.toThrow()
  })

  it('adds the data launch of a folder without code (Pi: `-e <its folder>/switchboard-extension.js`)', () => {
    const pi = agents.get('pi')!
    const launch = launchAgent(request(pi.profile))
    expect(launch.argv).toEqual(['/opt/bin/agent', '-e', join(pi.manifest.folder, 'switchboard-extension.js'), '--resume', 'abc'])
    expect(launch.reporting).toBe(true)
    launch.dispose()
  })

  it('gates Codex hooks on the reports its manifest says open a dialog (prompt_opens)', () => {
    const opens = agents.profile('codex').promptOpens!
    const report = (event: string, payload: Record<string, unknown> = {}) => ({ paneId: '1', agent: 'codex', event, payload, receivedAt: 0 })
    expect(opens(report('PermissionRequest'))).toBe(true)
    expect(opens(report('PreToolUse', { tool_name: 'request_user_input' }))).toBe(true)
    expect(opens(report('PreToolUse', { tool_name: 'shell' }))).toBe(false)
    expect(opens(report('PostToolUse'))).toBe(false)
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

describe('AgentLaunches (the board entry point)', () => {
  it('injects for a recognised agent and passes anything else through', () => {
    const launches = new AgentLaunches({ server, runtimeDir, resourcesDir: '/app/resources', runtime: '/usr/bin/node' })
    const claude = launches.prepare('7', ['claude', '-c'], {}, agents.profileForCommand(['claude', '-c']))
    expect(claude.agent).toBe('claude')
    expect(claude.argv[1]).toBe('--settings')
    expect(claude.argv.at(-1)).toBe('-c')
    claude.dispose()
    const shell = launches.prepare('8', ['/bin/bash', '-l'], {}, agents.profileForCommand(['/bin/bash', '-l']))
    expect(shell).toMatchObject({ agent: 'shell', argv: ['/bin/bash', '-l'], env: {}, reporting: false })
  })
})

describe('choosing a profile and quoting the reporter', () => {
  it('picks the profile from the command line, through launchers', () => {
    expect(agents.profileForCommand(['claude']).kind).toBe('claude')
    expect(agents.profileForCommand(['node', '/x/node_modules/@openai/codex/bin/codex.js']).kind).toBe('codex')
    expect(agents.profileForCommand(['/usr/local/bin/opencode']).kind).toBe('opencode')
    expect(agents.profileForCommand(['bash']).kind).toBe('shell')
  })

  it('quotes the reporter path for sh', () => {
    expect(reporterCommand('/app/resources', true)).toBe('/bin/sh /app/resources/reporter/report.sh --gated')
    expect(shellQuote("/a b/it's")).toBe(`'/a b/it'\\''s'`)
  })
})
