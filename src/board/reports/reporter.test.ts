import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { createServer, type Server } from 'node:net'
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { realClock } from '../util/clock'
import { silentLogger } from '../util/log'
import type { IncomingReport } from './report'
import { ReportServer } from './reportServer'
import { reporterCommand } from '../agents/reporterCommand'
import { REPORT_ENV } from '../agents/reportEnv'

const resourcesDir = fileURLToPath(new URL('../../../resources', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'sb-reporter-'))
let server: ReportServer
const reports: IncomingReport[] = []

beforeAll(async () => {
  server = await ReportServer.listen({ sink: (r) => reports.push(r), clock: realClock, log: silentLogger })
})
afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

interface Run {
  code: number | null
  stdout: string
  ms: number
  stdinError: boolean
}

/** Runs the hook command exactly as an agent would: through `sh -c`, payload on stdin. */
function runHook(command: string, env: Record<string, string>, stdin: string | null): Promise<Run> {
  return new Promise((resolve) => {
    const t0 = Date.now()
    const child = spawn('/bin/sh', ['-c', command], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['pipe', 'pipe', 'pipe'] })
    let stdout = ''
    let stdinError = false
    child.stdout.on('data', (d) => (stdout += d))
    child.stdin.on('error', () => (stdinError = true))
    if (stdin !== null) child.stdin.end(stdin)
    child.once('exit', (code) => {
      if (stdin === null) child.stdin.destroy()
      resolve({ code, stdout, ms: Date.now() - t0, stdinError })
    })
  })
}

const baseEnv = (url: string, token: string, extra: Record<string, string> = {}) => ({
  [REPORT_ENV.url]: url,
  [REPORT_ENV.token]: token,
  [REPORT_ENV.runtime]: process.execPath,
  ...extra,
})
const payload = JSON.stringify({ hook_event_name: 'SessionStart', session_id: 'abc', source: 'startup' })

describe('reporter command', () => {
  it('posts the hook payload with the pane token, prints nothing and exits 0', async () => {
    const reg = server.register('r1', { agent: 'claude', payload: 'hook' })
    const run = await runHook(reporterCommand(resourcesDir, false), baseEnv(reg.url, reg.token), payload)
    expect(run).toMatchObject({ code: 0, stdout: '' })
    expect(reports.find((r) => r.paneId === 'r1')).toMatchObject({ event: 'SessionStart', payload: { session_id: 'abc' } })
    reg.dispose()
  })

  it('exits 0 silently and at once when the server is down', async () => {
    const run = await runHook(reporterCommand(resourcesDir, false), baseEnv('http://127.0.0.1:9/v1/report/x', 't'), payload)
    expect(run).toMatchObject({ code: 0, stdout: '' })
    expect(run.ms).toBeLessThan(1500)
  })

  it('gives up within 2 s when the server accepts but never answers, or stdin never closes', async () => {
    const sockets: import('node:net').Socket[] = []
    const blackhole: Server = createServer((s) => sockets.push(s))
    await new Promise<void>((r) => blackhole.listen(0, '127.0.0.1', r))
    const port = (blackhole.address() as import('node:net').AddressInfo).port
    const [hung, openStdin] = await Promise.all([
      runHook(reporterCommand(resourcesDir, false), baseEnv(`http://127.0.0.1:${port}/v1/report/x`, 't'), payload),
      runHook(reporterCommand(resourcesDir, false), baseEnv(`http://127.0.0.1:${port}/v1/report/x`, 't'), null),
    ])
    for (const run of [hung, openStdin]) {
      expect(run).toMatchObject({ code: 0, stdout: '' })
      // The reporter's own deadline is 1.8 s from its start; the runtime's start comes on top
      // (~50 ms idle, more on a busy CI machine), so 2 s from the agent's spawn, with slack.
      expect(run.ms).toBeGreaterThan(1700)
      expect(run.ms).toBeLessThan(3000)
    }
    for (const s of sockets) s.destroy()
    blackhole.close()
  })

  it('exits 0 without a URL or token (a pane without reporting)', async () => {
    const run = await runHook(reporterCommand(resourcesDir, false), { [REPORT_ENV.runtime]: process.execPath }, payload)
    expect(run).toMatchObject({ code: 0, stdout: '' })
  })

  it('a gated event with no dialog open costs a `test -e`: the runtime never starts, stdin is drained', async () => {
    const started = join(dir, 'runtime-started')
    const fakeRuntime = join(dir, 'fake-runtime')
    writeFileSync(fakeRuntime, `#!/bin/sh\ntouch ${started}\n`)
    chmodSync(fakeRuntime, 0o755)
    const big = JSON.stringify({ hook_event_name: 'PostToolUse', tool_response: 'z'.repeat(512 * 1024) })
    const env = { ...baseEnv('http://127.0.0.1:9/x', 't'), [REPORT_ENV.runtime]: fakeRuntime, [REPORT_ENV.marker]: join(dir, 'no-marker') }
    const run = await runHook(reporterCommand(resourcesDir, true), env, big)
    expect(run).toMatchObject({ code: 0, stdout: '', stdinError: false })
    expect(existsSync(started)).toBe(false)
    // Ungated, the same runtime does start.
    await runHook(reporterCommand(resourcesDir, false), env, payload)
    expect(existsSync(started)).toBe(true)
  })

  it('a gated event is reported while the marker exists', async () => {
    const reg = server.register('r2', { agent: 'codex', payload: 'hook' })
    const marker = join(dir, 'marker')
    writeFileSync(marker, '')
    const body = JSON.stringify({ hook_event_name: 'PostToolUse', tool_name: 'Bash' })
    const run = await runHook(reporterCommand(resourcesDir, true), baseEnv(reg.url, reg.token, { [REPORT_ENV.marker]: marker }), body)
    expect(run).toMatchObject({ code: 0, stdout: '' })
    expect(reports.find((r) => r.paneId === 'r2')).toMatchObject({ event: 'PostToolUse' })
    reg.dispose()
  })

  it('reads the token from a private file when the pane passes it that way (Codex)', async () => {
    const reg = server.register('r4', { agent: 'codex', payload: 'hook' })
    const tokenFile = join(dir, 'token')
    writeFileSync(tokenFile, reg.token, { mode: 0o600 })
    const env = { [REPORT_ENV.url]: reg.url, [REPORT_ENV.tokenFile]: tokenFile, [REPORT_ENV.runtime]: process.execPath }
    const run = await runHook(reporterCommand(resourcesDir, false), env, JSON.stringify({ hook_event_name: 'Stop' }))
    expect(run).toMatchObject({ code: 0, stdout: '' })
    expect(reports.find((r) => r.paneId === 'r4')).toMatchObject({ event: 'Stop' })
    const missing = await runHook(reporterCommand(resourcesDir, false), { ...env, [REPORT_ENV.tokenFile]: join(dir, 'nope') }, payload)
    expect(missing).toMatchObject({ code: 0, stdout: '' })
    reg.dispose()
  })

  it('works from a resources path with spaces and quotes', async () => {
    const odd = join(dir, "it's a dir")
    const { cpSync } = await import('node:fs')
    cpSync(join(resourcesDir, 'reporter'), join(odd, 'reporter'), { recursive: true })
    const reg = server.register('r3', { agent: 'claude', payload: 'hook' })
    const run = await runHook(reporterCommand(odd, false), baseEnv(reg.url, reg.token), payload)
    expect(run).toMatchObject({ code: 0, stdout: '' })
    expect(reports.find((r) => r.paneId === 'r3')).toBeDefined()
    reg.dispose()
  })
})
