import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { connect } from 'node:net'
import { request } from 'node:http'
import { performance } from 'node:perf_hooks'
import { rpcOverSocket } from '../../board/ipc/jsonLines'
import { startBoardHost } from '../../board/host/boardHost'
import { TOKEN_HEADER } from '../../board/reports/reportServer'
import { silentLogger } from '../../board/util/log'
import { fmt, percentile } from './stats'
import { benchEnv, onCleanup, tempDir } from './support'
import { type Row, targetRow } from './table'

const SECTION = 'agent reports'

function post(url: string, token: string, body: string): Promise<void> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token } }, (res) => {
      res.resume()
      res.on('end', resolve)
    })
    req.on('error', () => resolve())
    req.end(body)
  })
}

/** The report URL and token a pane's program was given, read from its environment. */
function injectedReporting(pid: number): { url: string; token: string } {
  const env = new Map(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)] as const),
  )
  const url = env.get('SWITCHBOARD_REPORT_URL')
  const tokenFile = env.get('SWITCHBOARD_REPORT_TOKEN_FILE')
  const token = env.get('SWITCHBOARD_REPORT_TOKEN') ?? (tokenFile ? readFileSync(tokenFile, 'utf8').trim() : undefined)
  if (!url || !token) throw new Error(`pane process ${pid} has no report URL or token in its environment: the board injected no reporting`)
  return { url, token }
}

/**
 * Report → client: a hook's POST to the moment a client of the board (over the control socket,
 * as the CLI or a window would be) hears of it as a pane change. The whole way: report server,
 * board, pane, status engine, contract, socket.
 */
export async function benchReportToClient(reports = 100): Promise<Row[]> {
  const env = { ...benchEnv(), SWITCHBOARD_RUNTIME_DIR: tempDir('sb-bench-rl-') }
  // The bench posts from its own process, outside any pane: the per-connection check that a report
  // comes from its pane's processes (a walk of the pane's process tree, once per connection) is left out.
  const host = await startBoardHost({ mode: 'browser', log: silentLogger, persist: false, env, verifyReportPeers: false })
  const stop = onCleanup(async () => void (await host.shutdown()))
  try {
    // A Claude pane, with the reporting the board injects at its launch: a report to a pane with no
    // agent changes no state, and its info change waited in the per-pane coalescer (50 ms). Its
    // program takes the arguments the launch adds (Claude's --settings) and waits: `sleep 600`
    // itself refused them and was gone before its environment could be read (a whole run died on it).
    const program = join(tempDir('sb-bench-rl-bin-'), 'agent')
    writeFileSync(program, '#!/bin/sh\nexec sleep 600\n', { mode: 0o755 })
    const pane = host.board.create({ command: [program] }, { agent: 'claude' })
    const registration = injectedReporting((await host.board.spawned(pane.id)).pid)
    const socket = connect(host.control.path)
    const client = rpcOverSocket(socket)
    await client.invoke('board:info')
    let heard: ((at: number) => void) | null = null
    client.on('pane:changed', (info) => info.id === pane.id && info.lastReport && heard?.(performance.now()))
    // A report that changes the state is announced by pane:state alone (with the info).
    client.on('pane:state', ({ info }) => info.id === pane.id && info.lastReport && heard?.(performance.now()))
    const latencies: number[] = []
    for (let i = 0; i < reports; i++) {
      const event = i % 2 ? 'UserPromptSubmit' : 'Stop'
      const body = JSON.stringify({ hook_event_name: event, session_id: 'bench', prompt: 'x', last_assistant_message: 'Done.' })
      const t0 = performance.now()
      const arrived = new Promise<number>((resolve) => (heard = resolve))
      await post(registration.url, registration.token, body)
      latencies.push((await Promise.race([arrived, new Promise<number>((r) => setTimeout(() => r(Infinity), 2000))])) - t0)
    }
    socket.destroy()
    const p95 = percentile(latencies, 95)
    return [
      { section: SECTION, name: 'report POST → a client hears of it, p50 ms', value: fmt(percentile(latencies, 50)), detail: `n=${latencies.length}` },
      targetRow(SECTION, 'report POST → a client hears of it, p95 ms', p95, fmt(p95), { limit: 50, atLeast: false, label: 'p95 ≤ 50 ms' }),
    ]
  } finally {
    await stop()
  }
}
