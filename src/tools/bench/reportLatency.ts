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
    const pane = host.board.create({ command: ['sleep', '600'] })
    const registration = host.reports.register(pane.id, { agent: 'claude', payload: 'hook' })
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
    registration.dispose()
    const p95 = percentile(latencies, 95)
    return [
      { section: SECTION, name: 'report POST → a client hears of it, p50 ms', value: fmt(percentile(latencies, 50)), detail: `n=${latencies.length}` },
      targetRow(SECTION, 'report POST → a client hears of it, p95 ms', p95, fmt(p95), { limit: 50, atLeast: false, label: 'p95 ≤ 50 ms' }),
    ]
  } finally {
    await stop()
  }
}
