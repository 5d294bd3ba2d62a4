import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { connect, type Socket } from 'node:net'
import { spawn } from 'node:child_process'
import { realClock } from '../util/clock'
import { createLogger, silentLogger } from '../util/log'
import { VirtualClock } from '../../core/lifecycle/clock'
import type { IncomingReport } from './report'
import { ReportConstants, ReportServer, TOKEN_HEADER, type Registration } from './reportServer'

let server: ReportServer
let reports: IncomingReport[]
let logLines: string[]

beforeEach(async () => {
  reports = []
  logLines = []
  server = await ReportServer.listen({
    sink: (r) => reports.push(r),
    clock: realClock,
    log: createLogger('debug', (l) => logLines.push(l)),
    maxBodyBytes: 64 * 1024,
  })
})
afterEach(async () => {
  await server.close()
})

const stop = { hook_event_name: 'Stop', session_id: 's1', last_assistant_message: 'Done. Should I go on?' }
const post = (reg: Pick<Registration, 'url'>, body: string, token?: string) =>
  fetch(reg.url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...(token !== undefined ? { [TOKEN_HEADER]: token } : {}) } })

function rawRequest(port: number, text: string): Promise<{ status: number; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text))
    let buf = ''
    socket.on('data', (d) => {
      buf += d.toString()
      const m = /^HTTP\/1\.1 (\d+)/.exec(buf)
      if (m) resolve({ status: Number(m[1]), socket })
    })
    socket.on('error', reject)
  })
}

describe('ReportServer', () => {
  it('delivers an authenticated, valid report to the sink with pane, agent, event and time', async () => {
    const reg = server.register('7', { agent: 'claude', payload: 'hook' })
    const before = Date.now()
    const res = await post(reg, JSON.stringify(stop), reg.token)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({})
    expect(reports).toHaveLength(1)
    expect(reports[0]).toMatchObject({ paneId: '7', agent: 'claude', event: 'Stop', payload: stop })
    expect(reports[0]!.receivedAt).toBeGreaterThanOrEqual(before)
    expect(server.stats().accepted).toBe(1)
  })

  it('hands a pane its own reports before the sink, so a marker exists before the hook returns', async () => {
    const order: string[] = []
    const reg = server.register('1', { agent: 'codex', payload: 'hook' }, (r) => order.push(`pane:${r.event}`))
    await post(reg, JSON.stringify({ hook_event_name: 'PermissionRequest', tool_name: 'Bash' }), reg.token)
    order.push(...reports.map((r) => `sink:${r.event}`))
    expect(order).toEqual(['pane:PermissionRequest', 'sink:PermissionRequest'])
  })

  it('reads the event of a plugin envelope (OpenCode, Pi)', async () => {
    const reg = server.register('2', { agent: 'opencode', payload: 'plugin' })
    const res = await post(reg, JSON.stringify({ event: 'permission.asked', payload: { sessionID: 'ses_1', permission: 'bash' } }), reg.token)
    expect(res.status).toBe(200)
    expect(reports[0]).toMatchObject({ agent: 'opencode', event: 'permission.asked', payload: { sessionID: 'ses_1', permission: 'bash' } })
  })

  it('rejects a wrong, missing or other pane’s token and an unknown pane with 401, counts them, and delivers nothing', async () => {
    const a = server.register('1', { agent: 'claude', payload: 'hook' })
    const b = server.register('2', { agent: 'claude', payload: 'hook' })
    expect((await post(a, JSON.stringify(stop), 'forged')).status).toBe(401)
    expect((await post(a, JSON.stringify(stop))).status).toBe(401)
    expect((await post(a, JSON.stringify(stop), b.token)).status).toBe(401)
    expect((await post({ url: a.url.replace(/\/1$/, '/99') }, JSON.stringify(stop), a.token)).status).toBe(401)
    b.dispose()
    expect((await post(b, JSON.stringify(stop), b.token)).status).toBe(401)
    expect(reports).toEqual([])
    expect(server.stats().rejected.unauthorized).toBe(5)
    expect(server.stats().accepted).toBe(0)
  })

  it('rejects malformed JSON (400) and payloads of the wrong shape (422)', async () => {
    const reg = server.register('1', { agent: 'claude', payload: 'hook' })
    expect((await post(reg, '{"hook_event_name": "Stop"', reg.token)).status).toBe(400)
    expect((await post(reg, JSON.stringify({ session_id: 's' }), reg.token)).status).toBe(422)
    expect((await post(reg, JSON.stringify({ hook_event_name: 'Stop', last_assistant_message: 42 }), reg.token)).status).toBe(422)
    expect((await post(reg, JSON.stringify({ hook_event_name: '../../etc' }), reg.token)).status).toBe(422)
    expect((await post(reg, JSON.stringify([1, 2]), reg.token)).status).toBe(422)
    const oc = server.register('2', { agent: 'opencode', payload: 'plugin' })
    expect((await post(oc, JSON.stringify({ event: 'session.idle' }), oc.token)).status).toBe(422)
    expect(server.stats().rejected).toMatchObject({ malformed: 1, invalid: 5 })
    expect(reports).toEqual([])
  })

  it('refuses a session id that could pass for an option on the resume command line (issue 24.7)', async () => {
    const reg = server.register('1', { agent: 'claude', payload: 'hook' })
    const forged = { hook_event_name: 'SessionStart', session_id: '--dangerously-skip-permissions', source: 'startup' }
    expect((await post(reg, JSON.stringify(forged), reg.token)).status).toBe(422)
    const pi = server.register('2', { agent: 'pi', payload: 'plugin' })
    expect((await post(pi, JSON.stringify({ event: 'input', payload: { sessionId: '-x' } }), pi.token)).status).toBe(422)
    expect((await post(pi, JSON.stringify({ event: 'input', payload: { sessionId: null } }), pi.token)).status).toBe(200)
    expect((await post(reg, JSON.stringify({ ...forged, session_id: '01a22ace-820d-70f1-9f9a-59f9815c3f14' }), reg.token)).status).toBe(200)
    expect(reports.map((r) => r.payload.session_id ?? r.payload.sessionId)).toEqual([null, '01a22ace-820d-70f1-9f9a-59f9815c3f14'])
  })

  it('refuses oversize bodies, declared or streamed, without buffering them, and keeps serving', async () => {
    const reg = server.register('1', { agent: 'claude', payload: 'hook' })
    const big = JSON.stringify({ hook_event_name: 'PostToolUse', tool_response: 'x'.repeat(200 * 1024) })
    expect((await post(reg, big, reg.token)).status).toBe(413)
    // Chunked, no content-length: the cap applies while the body streams in.
    const chunked = await rawRequest(
      server.port,
      `POST /v1/report/1 HTTP/1.1\r\nHost: x\r\n${TOKEN_HEADER}: ${reg.token}\r\nTransfer-Encoding: chunked\r\n\r\n` +
        `10000\r\n${'y'.repeat(0x10000)}\r\n`.repeat(2),
    )
    expect(chunked.status).toBe(413)
    chunked.socket.destroy()
    expect(server.stats().rejected.oversize).toBe(2)
    expect((await post(reg, JSON.stringify(stop), reg.token)).status).toBe(200)
  })

  it('cuts off a slow client without stalling the reports of others', async () => {
    const reg = server.register('1', { agent: 'claude', payload: 'hook' })
    // Headers sent, body promised and never delivered.
    const slow = connect(server.port, '127.0.0.1')
    await new Promise((r) => slow.once('connect', r))
    slow.write(`POST /v1/report/1 HTTP/1.1\r\nHost: x\r\n${TOKEN_HEADER}: ${reg.token}\r\nContent-Length: 100\r\n\r\n{"hook`)
    const closed = new Promise<number>((r) => slow.once('close', () => r(Date.now())))
    slow.on('error', () => {})
    slow.resume()
    const t0 = Date.now()
    expect((await post(reg, JSON.stringify(stop), reg.token)).status).toBe(200)
    expect(Date.now() - t0).toBeLessThan(500)
    const closedAt = await closed
    expect(closedAt - t0).toBeLessThan(7000)
    expect(server.stats().rejected.timeout).toBe(1)
  }, 15_000)

  it('survives a flood from another process: forged reports are cheap 401s and others still get through', async () => {
    const victim = server.register('1', { agent: 'claude', payload: 'hook' })
    const runaway = server.register('2', { agent: 'claude', payload: 'hook' })
    // Another process floods for 2 s with 64 connections: forged tokens for pane 1, the real token of pane 2.
    const script = `
      const http = require('node:http'); const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
      const [forgedUrl, runawayUrl, token] = process.argv.slice(1); const end = Date.now() + 2000; const counts = {}
      const one = (i) => new Promise((done) => {
        const req = http.request(i % 2 ? forgedUrl : runawayUrl, { method: 'POST', agent, headers: { 'content-type': 'application/json', '${TOKEN_HEADER}': i % 2 ? 'nope' : token } }, (res) => {
          counts[res.statusCode] = (counts[res.statusCode] || 0) + 1; res.resume(); res.on('end', done) })
        req.on('error', () => { counts.error = (counts.error || 0) + 1; done() }); req.end('${JSON.stringify(stop)}') })
      let i = 0; const worker = async () => { while (Date.now() < end) await one(i++) }
      Promise.all(Array.from({ length: 64 }, worker)).then(() => { console.log(JSON.stringify(counts)); process.exit(0) })`
    const child = spawn(process.execPath, ['-e', script, victim.url, runaway.url, runaway.token], { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    const exited = new Promise((r) => child.once('exit', r))
    expect((await post(victim, JSON.stringify(stop), victim.token)).status).toBe(200)
    await new Promise((r) => setTimeout(r, 700))
    const latencies: number[] = []
    for (let i = 0; i < 5; i++) {
      const t0 = Date.now()
      expect((await post(victim, JSON.stringify(stop), victim.token)).status).toBe(200)
      latencies.push(Date.now() - t0)
    }
    await exited
    const counts = JSON.parse(out) as Record<string, number>
    expect(counts.error ?? 0).toBe(0)
    expect(counts['401']).toBeGreaterThan(50)
    // 503: the runaway pane's 32 connections beyond its own capacity of 16 wait; nobody else does.
    expect(Object.keys(counts).every((k) => ['200', '401', '429', '503'].includes(k))).toBe(true)
    expect(server.paneStats('1')!.rejected.busy ?? 0).toBe(0)
    expect(server.paneStats('2')!.rejected.busy ?? 0).toBe(counts['503'] ?? 0)
    // Generous: CI runs other suites on the same two cores. A stalled server would not answer at all
    // (the reporter gives up at 2 s); the latency target itself is measured by the bench.
    expect(Math.max(...latencies)).toBeLessThan(3000)
    expect(reports.filter((r) => r.paneId === '1')).toHaveLength(6)
    expect(server.stats().rejected.unauthorized).toBe(counts['401'])
  }, 30_000)

  it('rate-limits a runaway pane (burst, then per second) without touching other panes', async () => {
    await server.close()
    const clock = new VirtualClock(0)
    server = await ReportServer.listen({ sink: (r) => reports.push(r), clock, log: silentLogger })
    const runaway = server.register('1', { agent: 'claude', payload: 'hook' })
    const calm = server.register('2', { agent: 'claude', payload: 'hook' })
    const statuses: number[] = []
    for (let i = 0; i < ReportConstants.Burst + 20; i++) statuses.push((await post(runaway, JSON.stringify(stop), runaway.token)).status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(ReportConstants.Burst)
    expect(statuses.filter((s) => s === 429)).toHaveLength(20)
    expect((await post(calm, JSON.stringify(stop), calm.token)).status).toBe(200)
    clock.advance(1000)
    expect((await post(runaway, JSON.stringify(stop), runaway.token)).status).toBe(200)
    expect(server.stats().rejected['rate-limited']).toBe(20)
  }, 30_000)

  it('drops garbage that is not HTTP', async () => {
    const socket = connect(server.port, '127.0.0.1')
    await new Promise((r) => socket.once('connect', r))
    socket.on('error', () => {})
    socket.resume()
    socket.write('\x00\x01 not http at all\r\n\r\n')
    await new Promise((r) => socket.once('close', r))
    expect(server.stats().rejected['bad-request']).toBe(1)
  })

  it('never writes a token into its log', async () => {
    const reg = server.register('1', { agent: 'claude', payload: 'hook' })
    await post(reg, JSON.stringify(stop), reg.token)
    await post(reg, '{', reg.token)
    await post(reg, JSON.stringify(stop), reg.token + 'x')
    expect(logLines.length).toBeGreaterThan(0)
    expect(logLines.join('\n')).not.toContain(reg.token)
  })

  it('keeps going when the sink throws', async () => {
    await server.close()
    server = await ReportServer.listen({
      sink: () => {
        throw new Error('boom')
      },
      clock: realClock,
      log: createLogger('error', () => {}),
    })
    const reg = server.register('1', { agent: 'claude', payload: 'hook' })
    expect((await post(reg, JSON.stringify(stop), reg.token)).status).toBe(200)
    expect((await post(reg, JSON.stringify(stop), reg.token)).status).toBe(200)
  })
})

describe('ReportServer under a slow-connection flood without a token (issue 9, 4)', () => {
  it('accepts every legitimate report while 300 connections hold half-sent headers', async () => {
    const panes = [server.register('1', { agent: 'claude', payload: 'hook' }), server.register('2', { agent: 'codex', payload: 'hook' })]
    const slow: Socket[] = []
    const openSlow = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const s = connect(server.port, '127.0.0.1')
        s.on('error', () => undefined)
        s.write('POST /v1/report/1 HTTP/1.1\r\nHost: x\r\n')
        slow.push(s)
      }
      // This batch connected (or was already dropped) before the next one comes.
      await Promise.all(slow.slice(-n).map((s) => new Promise<void>((r) => (s.once('connect', () => r()), s.once('close', () => r())))))
    }
    await openSlow(300)
    const statuses: (number | string)[] = []
    const deadline = Date.now() + 4000
    // The flood keeps coming back (as fast as the server drops it) while the panes report.
    const refill = setInterval(() => void openSlow(50), 200)
    try {
      while (Date.now() < deadline) {
        const batch = panes.map(async (reg) => {
          try {
            const res = await post(reg, JSON.stringify(reg.agent === 'claude' ? stop : { hook_event_name: 'Stop', session_id: 's' }), reg.token)
            statuses.push(res.status)
          } catch (err) {
            statuses.push(String(err))
          }
        })
        await Promise.all(batch)
        await new Promise((r) => setTimeout(r, 50))
      }
    } finally {
      clearInterval(refill)
      for (const s of slow) s.destroy()
    }
    expect(statuses.length).toBeGreaterThan(20)
    expect(statuses.filter((s) => s !== 200)).toEqual([])
    const stats = server.stats()
    expect(stats.connections.droppedPreAuth).toBeGreaterThan(0)
  }, 30_000)

  it('gives each pane its own connection capacity: one pane holding many does not block another', async () => {
    const [greedy, calm] = [server.register('1', { agent: 'claude', payload: 'hook' }), server.register('2', { agent: 'claude', payload: 'hook' })]
    const held: Socket[] = []
    const busyBefore = server.stats().connections.busy
    for (let i = 0; i < ReportConstants.PerPaneConnections + 10; i++) {
      const s = connect(server.port, '127.0.0.1')
      s.on('error', () => undefined)
      s.write(`POST /v1/report/1 HTTP/1.1\r\nHost: x\r\n${TOKEN_HEADER}: ${greedy.token}\r\nContent-Length: 100\r\n\r\n{`)
      held.push(s)
    }
    // The greedy pane's connections are all in: every one past its capacity was turned away busy.
    await expect.poll(() => server.stats().connections.busy - busyBefore, { timeout: 10_000 }).toBeGreaterThanOrEqual(10)
    expect((await post(calm, JSON.stringify(stop), calm.token)).status).toBe(200)
    for (const s of held) s.destroy()
  }, 15_000)
})
