import { type ChildProcess, fork } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { startBoardHost } from '../../board/host/boardHost'
import type { Pane } from '../../board/panes/pane'
import { silentLogger } from '../../board/util/log'
import { CLIENT_FLAG, type FromClient, type ProbeResult, type ToClient } from './floodClient'
import { fmt, median, percentile } from './stats'
import { QUIET_SHELL, benchEnv, onCleanup, sleep, tempDir, waitForStates } from './support'
import { type Row, targetRow } from './table'

const SECTION = '16 panes, one flooding (`yes`), 15 quiet bash'
const QUIET_PANES = 15
const FLOOD_ARGV = ['yes', 'switchboard flood: the quick brown fox jumps over the lazy dog 0123456789']
/** Sampling interval of the event-loop monitor; its samples are intervals, so this is subtracted. */
const ELD_RESOLUTION_MS = 5
const PROBE_COMMAND = 'sleep 0.3\r'
const SLEEP_MS = 300

export interface FloodOptions {
  /** State-change probes per variant (the window is at least `windowMs`). */
  readonly probes: number
  readonly windowMs: number
}

export function request<T extends FromClient['t']>(child: ChildProcess, msg: ToClient, reply: T, timeoutMs = 60_000): Promise<Extract<FromClient, { t: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`flood client: no '${reply}' within ${timeoutMs} ms`)), timeoutMs)
    const onMessage = (m: FromClient) => {
      if (m.t === reply) finish(null, m as Extract<FromClient, { t: T }>)
      else if (m.t === 'failed') finish(new Error(`flood client: ${m.message}`))
    }
    const onExit = () => finish(new Error('flood client exited'))
    const finish = (err: Error | null, value?: Extract<FromClient, { t: T }>) => {
      clearTimeout(timer)
      child.off('message', onMessage)
      child.off('exit', onExit)
      if (err || !value) reject(err ?? new Error('no reply'))
      else resolve(value)
    }
    child.on('message', onMessage)
    child.once('exit', onExit)
    child.send(msg)
  })
}

export interface VariantResult {
  readonly label: string
  readonly eldP99: number
  readonly eldMax: number
  /** Share of the window the event loop was busy (not waiting for I/O). */
  readonly busy: number
  /** CPU time of the main thread alone over the window, share of one core (Linux; NaN elsewhere). */
  readonly mainCpu: number
  /** Mean size of a PTY chunk of the flood(s), chars. */
  readonly meanChunk: number
  readonly probes: ProbeResult[]
  readonly parsedRate: number
  readonly clientRate: number
  /** Snapshots the pane sent instead of data (the client had fallen behind): per second, mean size. */
  readonly resyncRate: number
  readonly resyncSize: number
}

/** utime + stime of the main thread (its tid is the pid), ms. */
function mainThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  } catch {
    return NaN
  }
}

export async function runVariant(
  label: string,
  child: ChildProcess,
  quiet: readonly Pane[],
  flood: Pane | readonly Pane[] | null,
  opts: FloodOptions,
): Promise<VariantResult> {
  await waitForStates(quiet, 'idle')
  let parsed = 0
  const floods = flood === null ? [] : Array.isArray(flood) ? (flood as readonly Pane[]) : [flood as Pane]
  let chunks = 0
  const counting = floods.map((f) =>
    f.onDidParse((data) => {
      parsed += data.length
      chunks++
    }),
  )
  const eld = monitorEventLoopDelay({ resolution: ELD_RESOLUTION_MS })
  eld.enable()
  const elu = performance.eventLoopUtilization()
  const cpu0 = mainThreadCpuMs()
  const t0 = performance.now()
  const reply = await request(child, { t: 'probe', panes: quiet.map((p) => p.id), count: opts.probes, command: PROBE_COMMAND }, 'probed')
  const rest = opts.windowMs - (performance.now() - t0)
  if (rest > 0) await sleep(rest)
  eld.disable()
  const busy = performance.eventLoopUtilization(elu).utilization
  const seconds = (performance.now() - t0) / 1000
  const mainCpu = (mainThreadCpuMs() - cpu0) / 1000 / seconds
  for (const c of counting) c.dispose()
  const delay = (ns: number) => Math.max(0, ns / 1e6 - ELD_RESOLUTION_MS)
  return {
    label,
    eldP99: delay(eld.percentile(99)),
    eldMax: delay(eld.max),
    busy,
    mainCpu,
    meanChunk: chunks ? parsed / chunks : 0,
    probes: reply.results,
    parsedRate: parsed / 1e6 / seconds,
    clientRate: reply.floodChars / 1e6 / (reply.elapsedMs / 1000),
    resyncRate: reply.resyncs / (reply.elapsedMs / 1000),
    resyncSize: reply.resyncs ? reply.resyncChars / reply.resyncs : 0,
  }
}

export function variantRows(v: VariantResult, flooding: boolean, section: string = SECTION): Row[] {
  const s = `${section}: ${v.label}`
  const seen = v.probes.filter((p) => p.workingMs !== null)
  const e2e = seen.map((p) => p.workingMs as number)
  const toBoard = seen.map((p) => (p.boardAt as number) - p.sentAt)
  const toClient = seen.map((p) => (p.receivedAt as number) - (p.boardAt as number))
  const idleLag = v.probes.filter((p) => p.idleMs !== null).map((p) => (p.idleMs as number) - SLEEP_MS)
  const missed = v.probes.length - seen.length
  const out: Row[] = [
    targetRow(
      s,
      'event-loop delay p99 ms of the process serving clients',
      v.eldP99,
      fmt(v.eldP99),
      { limit: 50, atLeast: false, label: '≤ 50 ms' },
      `max ${fmt(v.eldMax)}, loop busy ${fmt(v.busy * 100, 0)} %, main thread CPU ${fmt(v.mainCpu * 100, 0)} % of a core`,
    ),
    targetRow(
      s,
      'input → client gets pane:state working, median ms',
      median(e2e),
      fmt(median(e2e)),
      { limit: 100, atLeast: false, label: '≤ 100 ms' },
      `n=${seen.length}${missed ? `, ${missed} MISSED (never reported)` : ''}`,
    ),
    targetRow(s, 'input → client gets pane:state working, p95 ms', percentile(e2e, 95), fmt(percentile(e2e, 95)), {
      limit: 100,
      atLeast: false,
      label: '≤ 100 ms',
    }),
    {
      section: s,
      name: '  of which: input → board state change ms (30 ms by design)',
      value: fmt(median(toBoard), 0),
      detail: `p95 ${fmt(percentile(toBoard, 95), 0)} (wall clock, ms resolution)`,
    },
    {
      section: s,
      name: '  of which: board state change → client receipt ms',
      value: fmt(median(toClient), 0),
      detail: `p95 ${fmt(percentile(toClient, 95), 0)}`,
    },
    { section: s, name: 'info: command ended → client gets idle, median ms', value: fmt(median(idleLag), 0), detail: `p95 ${fmt(percentile(idleLag, 95), 0)}` },
  ]
  if (flooding) {
    const client = `client got ${fmt(v.clientRate)} M chars/s, ${fmt(v.resyncRate)} resync snapshots/s of ${fmt(v.resyncSize / 1000, 0)} k chars`
    out.push({
      section: s,
      name: 'info: flood parsed by the mirror, M chars/s',
      value: fmt(v.parsedRate),
      detail: `${v.clientRate > 0 ? client : 'no client attached'}; mean chunk ${fmt(v.meanChunk, 0)} chars`,
    })
  }
  return out
}

export interface BenchBoard {
  readonly host: Awaited<ReturnType<typeof startBoardHost>>
  /** The client process, connected to the board's control socket. */
  readonly child: ChildProcess
}

/**
 * A board in this process (its event loop is the one measured) and the flood client in another
 * process, connected over the control socket like a renderer; both stopped afterwards.
 */
export async function withBoardAndClient<T>(runtimeName: string, run: (bench: BenchBoard) => Promise<T>): Promise<T> {
  const runtime = tempDir(runtimeName)
  const env = benchEnv({ SWITCHBOARD_RUNTIME_DIR: runtime }) as NodeJS.ProcessEnv
  const host = await startBoardHost({ mode: 'browser', log: silentLogger, persist: false, env, defaultCwd: tmpdir() })
  const stopHost = onCleanup(async () => void (await host.shutdown()))
  const script = process.argv[1]
  if (!script) throw new Error('cannot tell which script to fork for the client')
  const child = fork(script, [CLIENT_FLAG], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const stopChild = onCleanup(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill()
  })
  try {
    const socketPath = host.info().socketPath
    if (!socketPath) throw new Error('the host has no control socket')
    await request(child, { t: 'connect', socketPath }, 'connected')
    return await run({ host, child })
  } finally {
    await stopChild()
    await stopHost()
  }
}

export async function benchFlood(opts: FloodOptions): Promise<Row[]> {
  return withBoardAndClient('runtime', async ({ host, child }) => {
    const board = host.board
    const quiet = Array.from({ length: QUIET_PANES }, () => board.get(board.create({ command: QUIET_SHELL, title: 'quiet' }).id))
    await waitForStates(quiet, 'idle')
    const out: Row[] = []
    const control = await runVariant('control, 15 quiet panes, no flood', child, quiet, null, { ...opts, probes: Math.ceil(opts.probes / 2), windowMs: 0 })
    out.push(...variantRows(control, false))

    const flood = board.get(board.create({ command: FLOOD_ARGV, title: 'flood' }).id)
    await sleep(1000)
    out.push(...variantRows(await runVariant('flood, no client on it', child, quiet, flood, opts), true))
    await request(child, { t: 'attach', paneId: flood.id }, 'attached')
    await sleep(1000)
    out.push(...variantRows(await runVariant('flood, client attached + acking', child, quiet, flood, opts), true))
    return out
  })
}
