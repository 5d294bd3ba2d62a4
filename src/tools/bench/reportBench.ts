import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { Row } from './table'
import { fmt, percentile } from './stats'
import { reporterCommand } from '../../board/agents/reporterCommand'
import { REPORT_ENV } from '../../board/agents/reportEnv'
import { realClock } from '../../board/util/clock'
import { silentLogger } from '../../board/util/log'
import { ReportServer, TOKEN_HEADER } from '../../board/reports/reportServer'

export interface ReportBenchOptions {
  /** The app's resources folder (for resources/reporter). */
  readonly resourcesDir: string
  /** Runs per reporter case; the server-down case runs a third of them. */
  readonly runs?: number
  /** Reports for the latency percentiles. */
  readonly reports?: number
}

const PAYLOAD = JSON.stringify({ hook_event_name: 'PostToolUse', session_id: 'bench', tool_name: 'Bash', tool_response: { stdout: 'x'.repeat(2000) } })

/** One hook invocation as an agent makes it (`sh -c <command>`, payload on stdin); wall ms. */
function runHook(command: string, env: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const t0 = performance.now()
    const child = spawn('/bin/sh', ['-c', command], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['pipe', 'ignore', 'ignore'] })
    child.stdin.on('error', () => {})
    child.stdin.end(PAYLOAD)
    child.once('exit', () => resolve(performance.now() - t0))
  })
}

async function times(n: number, one: () => Promise<number>): Promise<number[]> {
  const out: number[] = []
  for (let i = 0; i < n; i++) out.push(await one())
  return out
}

const row = (name: string, ms: number[], target?: { ms: number; label: string }): Row => {
  const p50 = percentile(ms, 50)
  const p95 = percentile(ms, 95)
  return {
    section: 'agent reports',
    name,
    value: `${fmt(p50)} ms`,
    detail: `p95 ${fmt(p95)} ms, n=${ms.length}`,
    ...(target ? { target: target.label, met: p95 <= target.ms } : {}),
  }
}

/**
 * Reporter overhead per hook invocation (gated with no dialog open, reported, server down) and
 * the latency from a report's POST to the report server's sink (p50/p95; the target is for the
 * whole way to a client, which the board adds on top of this).
 */
export async function benchReports(options: ReportBenchOptions): Promise<Row[]> {
  const runs = options.runs ?? 30
  const received = new Map<string, number>()
  const server = await ReportServer.listen({ sink: (r) => received.set(String(r.payload.session_id), performance.now()), clock: realClock, log: silentLogger })
  const dir = mkdtempSync(join(tmpdir(), 'sb-bench-reports-'))
  try {
    const reg = server.register('1', { agent: 'claude', payload: 'hook' })
    const env = {
      [REPORT_ENV.url]: reg.url,
      [REPORT_ENV.token]: reg.token,
      [REPORT_ENV.runtime]: process.execPath,
      [REPORT_ENV.marker]: join(dir, 'no-marker'),
    }
    // What any hook costs an agent before our code runs: the fork and exec of a shell.
    const baseline = await times(runs, () => runHook('true', env))
    const gated = await times(runs, () => runHook(reporterCommand(options.resourcesDir, true), env))
    const reported = await times(runs, () => runHook(reporterCommand(options.resourcesDir, false), env))
    const down = await times(Math.max(3, Math.round(runs / 3)), () =>
      runHook(reporterCommand(options.resourcesDir, false), { ...env, [REPORT_ENV.url]: 'http://127.0.0.1:9/v1/report/1' }),
    )

    const latencies: number[] = []
    for (let i = 0; i < (options.reports ?? 200); i++) {
      const id = `r${i}`
      const body = JSON.stringify({ hook_event_name: 'Stop', session_id: id, last_assistant_message: 'Done.' })
      const t0 = performance.now()
      await new Promise<void>((resolve) => {
        const req = request(reg.url, { method: 'POST', headers: { 'content-type': 'application/json', [TOKEN_HEADER]: reg.token } }, (res) => {
          res.resume()
          res.on('end', resolve)
        })
        req.on('error', () => resolve())
        req.end(body)
      })
      const at = received.get(id)
      if (at !== undefined) latencies.push(at - t0)
    }
    return [
      row('hook spawn baseline (sh -c true)', baseline),
      row('reporter, gated event, no dialog open (sh + test -e)', gated),
      row('reporter, event reported (sh + runtime + POST)', reported),
      row('reporter, server down (connection refused)', down, { ms: 2000, label: 'p95 ≤ 2000 ms' }),
      row('report POST → report server sink', latencies),
    ]
  } finally {
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
