import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import xtermHeadless from '@xterm/headless'
import type { Pane } from '../../board/panes/pane'
import { MirrorConstants } from '../../board/screen/headlessMirror'
import { fmt } from './stats'
import { findInRepo, type Gc, sleep, tempDir, waitFor } from './support'
import { ptyHostBoard } from './ptyHostBoard'
import { type Row, targetRow } from './table'

const { Terminal } = xtermHeadless
const SECTION = 'Idle agent panes (a real Claude Code 2.1.197 screen, replayed): resident memory of the board against bare @xterm/headless'
/** A recording of the real CLI, among the project's fixtures: its output up to its last idle marker is the idle pane's screen. */
const RECORDING = 'test/fixtures/claude/cc21197-manual-120x32.cast'
const COLS = 120
const ROWS = 32

export interface AgentMemoryOptions {
  /** Panes made first, so one-time costs (lazy init, JIT, the first worker) count in the base, not per pane. */
  readonly warm: number
  readonly panes: number
  readonly gc: Gc | null
}

/** The recording's output up to its last `state:idle` marker: what an idle Claude Code pane has printed. */
export function idleOutput(cast: string): string {
  let out = ''
  let upToIdle = ''
  for (const line of cast.split('\n').slice(1)) {
    if (!line.trim()) continue
    const [, kind, data] = JSON.parse(line) as [number, string, string]
    if (kind === 'o') out += data
    else if (kind === 'm' && data === 'state:idle') upToIdle = out
  }
  return upToIdle
}

const rssKiB = () => process.memoryUsage().rss / 1024

function vmRssKiB(pid: number): number {
  const match = /^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Number(match[1]) : NaN
}

/**
 * Resident memory of `panes` idle agent panes on a board as the daemon runs it (pty host, parser
 * worker, status engines with Claude's rules), against as many bare headless terminals of the same
 * size and scrollback fed the same bytes, in the same process, one after the other. Marginal: the
 * growth from `warm` to `panes`, after forced GCs; the base is what the board with `warm` panes
 * costs beyond the process before it (its worker thread, its caches).
 */
export async function benchAgentMemory(opts: AgentMemoryOptions): Promise<Row[]> {
  const file = findInRepo(RECORDING)
  if (!file) return [{ section: SECTION, name: 'skipped', value: '—', detail: `${RECORDING} not found (run from the repository)` }]
  setFlagsFromString('--no-flush-bytecode')
  const bytes = idleOutput(readFileSync(file, 'utf8'))
  const screenFile = join(tempDir('agentmem'), 'idle.bin')
  writeFileSync(screenFile, bytes)
  // No onlcr: the PTY delivers exactly these bytes, as to the bare terminals.
  const argv = ['sh', '-c', 'stty -onlcr; cat "$0"; exec sleep 1000000', screenFile]
  const settle = async () => {
    await sleep(500)
    await opts.gc?.collect()
  }

  await settle()
  const before = rssKiB()
  const { board, hostPid, runtimeDir, stop } = await ptyHostBoard()
  const panes: Pane[] = []
  const parsed = new Map<Pane, number>()
  const add = async (n: number) => {
    const added: Pane[] = []
    for (let i = 0; i < n; i++) {
      const pane = board.get(board.create({ command: argv, cols: COLS, rows: ROWS, title: 'claude' }, { agent: 'claude' }).id)
      parsed.set(pane, 0)
      pane.onDidParse((data) => parsed.set(pane, (parsed.get(pane) ?? 0) + data.length))
      added.push(pane)
    }
    await waitFor(() => added.every((p) => (parsed.get(p) ?? 0) >= bytes.length), `${n} panes to parse their screen`, 60_000)
    await Promise.all(added.map((p) => p.settled()))
    panes.push(...added)
    await settle()
  }
  let board0 = 0
  let boardWarm = 0
  let boardAll = 0
  let host0 = 0
  let hostAll = 0
  let logs = 0
  let idle = 0
  try {
    await settle()
    board0 = rssKiB()
    host0 = vmRssKiB(hostPid)
    await add(opts.warm)
    boardWarm = rssKiB()
    await add(opts.panes - opts.warm)
    boardAll = rssKiB()
    hostAll = vmRssKiB(hostPid)
    logs = filesKiB(join(runtimeDir, 'ptylog'))
    idle = panes.filter((p) => p.verdict.state === 'idle').length
  } finally {
    await stop()
  }

  await settle()
  const bare0 = rssKiB()
  const terminals: InstanceType<typeof Terminal>[] = []
  const feed = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const t = new Terminal({ cols: COLS, rows: ROWS, scrollback: MirrorConstants.Scrollback, allowProposedApi: true })
      await new Promise<void>((resolve) => t.write(bytes, resolve))
      terminals.push(t)
    }
    await settle()
  }
  await feed(opts.warm)
  const bareWarm = rssKiB()
  await feed(opts.panes - opts.warm)
  const bareAll = rssKiB()
  for (const t of terminals) t.dispose()

  const marginal = opts.panes - opts.warm
  const boardPer = (boardAll - boardWarm) / marginal
  const barePer = (bareAll - bareWarm) / marginal
  const ratio = boardPer / barePer
  const base = board0 - before + (boardWarm - board0) - opts.warm * boardPer
  const how = `${opts.warm} warm + ${marginal} more, ${(bytes.length / 1024).toFixed(0)} KiB of output each; ${opts.gc ? `GC forced (${opts.gc.how})` : 'no forced GC: noisy'}`
  return [
    targetRow(
      SECTION,
      `${opts.panes} idle agent panes: RSS per pane, ratio to a bare headless terminal`,
      ratio,
      fmt(ratio, 2),
      { limit: 1.2, atLeast: false, label: '≤ 1.2' },
      `board ${fmt(boardPer, 0)} KiB, bare ${fmt(barePer, 0)} KiB per pane; ${how}; ${idle} of ${panes.length} read idle`,
    ),
    {
      section: SECTION,
      name: 'the fixed base: the board with no pane, and what its first panes cost beyond the per-pane figure, KiB',
      value: fmt(base, 0),
      detail: `the board with no pane ${fmt(board0 - before, 0)}; bare terminals before any: ${fmt(bareWarm - bare0 - opts.warm * barePer, 0)}`,
    },
    {
      section: SECTION,
      name: `the pty host's growth with ${opts.panes} panes, KiB (its own process: the terminals it holds)`,
      value: fmt(hostAll - host0, 0),
      detail: `${fmt((hostAll - host0) / opts.panes, 0)} per pane; beside it the board's output logs (files in the runtime dir, tmpfs where XDG_RUNTIME_DIR is set): ${fmt(logs, 0)} KiB, no workspace here, so nothing is checkpointed`,
    },
  ]
}

/** The size of the files under `dir`, KiB (0 when it does not exist). */
function filesKiB(dir: string): number {
  try {
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    return files.reduce((bytes, e) => bytes + statSync(join(e.parentPath ?? e.path, e.name)).size, 0) / 1024
  } catch {
    return 0
  }
}
