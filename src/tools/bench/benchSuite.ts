/**
 * The bench suite (`npm run bench`, started by benchEntry.ts): prints a table of the board's
 * performance on this machine, targets beside the numbers and no assertions. Environment: BENCH_MB (size of the throughput file, default 200),
 * BENCH_REPS (throughput repetitions, default 3), BENCH_ONLY (comma list of memory, agentmem, flood, echo,
 * isolation, rules, redraw, restart, reports, cli, changes, throughput; default all), BENCH_ISOLATION (hostile, bells,
 * osc777, floods; default all), BENCH_ROUNDS (alternated runs of each mirror placement in isolation, default 2),
 * BENCH_CLI_RUNS (default 15), BENCH_REDRAW_MS (redraw window, default 8000), BENCH_REDRAW_WARM_MS (before it, default 12000), BENCH_REDRAW_ROUNDS
 * (default 3), BENCH_REDRAW_ONLY (comma list of bare, ptybare, board, agents, inprocess, floor, tmux, ccmanager; default all),
 * BENCH_CCMANAGER_DIR (a folder with ccmanager 4.2.3 and bun in its node_modules; default: installed from npm into
 * node_modules/.cache once), BENCH_RESTARTS (`daemon --restart` with 20 panes, default 3).
 */
import { cpus, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { benchChanges } from './changes'
import { benchCliStartup } from './cliStartup'
import { benchFlood } from './flood'
import { benchIsolation } from './isolation'
import { benchMemory } from './memory'
import { benchAgentMemory } from './agentMemory'
import { benchEchoBrowser } from './echoBrowser'
import { benchRedraw } from './redraw'
import { benchRules } from './ruleBench'
import { benchRestart } from './restart'
import { fmt } from './stats'
import { findGc } from './support'
import { type Row, renderTable } from './table'
import { benchThroughput } from './throughput'
import { benchReports } from './reportBench'
import { benchReportToClient } from './reportLatency'
import { findResourcesDir } from '../../board/util/resources'

function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name])
  return Number.isFinite(value) && value > 0 ? value : fallback
}

/** Runs the benches BENCH_ONLY names (all by default) and prints their table to stdout, progress to stderr. */
export async function runBenchSuite(): Promise<void> {
  const t0 = performance.now()
  const gc = findGc()
  const megabytes = envNumber('BENCH_MB', 200)
  const say = (msg: string) => process.stderr.write(`bench: ${msg} (${fmt((performance.now() - t0) / 1000, 0)} s)\n`)
  const only = (process.env.BENCH_ONLY ?? 'memory,agentmem,flood,echo,isolation,rules,redraw,restart,reports,cli,changes,throughput').split(',')
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')
  const loadAtStart = load()
  const rows: Row[] = []
  // A section that fails prints why in the table and the run goes on: one broken section cost a whole 13-minute run's table.
  const run = async (what: string, section: () => Promise<Row[]>) => {
    say(what)
    try {
      rows.push(...(await section()))
    } catch (err) {
      process.exitCode = 1
      process.stderr.write(`bench: ${what} failed: ${err instanceof Error ? err.stack : String(err)}\n`)
      rows.push({ section: what, name: 'FAILED', value: '—', detail: err instanceof Error ? err.message : String(err) })
    }
  }
  // Memory first, while the process is fresh; throughput last, as it churns the most memory.
  if (only.includes('memory')) {
    await run('memory per idle pane', () => benchMemory({ warm: 5, step: 10, steps: 2, gc }))
  }
  if (only.includes('agentmem')) {
    await run('50 idle agent panes against 50 bare headless terminals', () => benchAgentMemory({ warm: 10, panes: 50, gc }))
  }
  if (only.includes('flood')) {
    await run('16 panes, one flooding', () => benchFlood({ probes: 12, windowMs: 10_000 }))
  }
  if (only.includes('echo')) {
    await run('a keystroke echo in a browser client, 20 panes redrawing', () => benchEchoBrowser({ busyPanes: 20, keys: 80 }))
  }
  if (only.includes('isolation')) {
    await run('isolation: a hostile pane, a bell flood, an OSC 777 flood, then 20 floods, beside quiet panes', () =>
      benchIsolation(
        { probes: 12, windowMs: 10_000, rounds: envNumber('BENCH_ROUNDS', 2) },
        (process.env.BENCH_ISOLATION ?? 'hostile,bells,osc777,floods').split(','),
      ),
    )
  }
  if (only.includes('rules')) await run("Claude's status rules on a recorded session's screens", benchRules)
  if (only.includes('redraw')) {
    await run('20 panes redrawing every 100 ms against bare @xterm/headless', () =>
      benchRedraw({
        panes: 20,
        windowMs: envNumber('BENCH_REDRAW_MS', 8000),
        warmMs: envNumber('BENCH_REDRAW_WARM_MS', 12_000),
        rounds: envNumber('BENCH_REDRAW_ROUNDS', 3),
      }),
    )
  }
  if (only.includes('restart')) {
    await run('daemon --restart with 20 panes, a CLI client meanwhile', () => benchRestart({ panes: 20, restarts: envNumber('BENCH_RESTARTS', 3) }))
  }
  const resourcesDir = findResourcesDir()
  if (only.includes('reports') && resourcesDir) {
    await run('agent reports: reporter overhead and report → client latency', async () => [
      ...(await benchReports({ resourcesDir })),
      ...(await benchReportToClient()),
    ])
  }
  if (only.includes('cli')) {
    await run('CLI start-up against an idle board', () => benchCliStartup({ runs: envNumber('BENCH_CLI_RUNS', 15) }))
  }
  if (only.includes('changes')) {
    await run('change counts in a git repository', () => benchChanges({ files: 2000, changed: 200, untracked: 50, counts: 15 }))
  }
  if (only.includes('throughput')) {
    await run(`throughput, ${megabytes} MB`, () => benchThroughput({ megabytes, repetitions: envNumber('BENCH_REPS', 3), gc }))
  }
  const cpu = cpus()[0]?.model ?? 'unknown CPU'
  process.stdout.write(`\nSwitchboard bench — node ${process.version}, ${process.platform}/${process.arch}, ${cpus().length}× ${cpu}`)
  process.stdout.write(`, load average ${loadAtStart} at start, ${load()} at end (other work on the machine skews the numbers)\n\n`)
  process.stdout.write(renderTable(rows) + '\n')
  process.stdout.write(`\ntotal ${fmt((performance.now() - t0) / 1000, 0)} s\n`)
}
