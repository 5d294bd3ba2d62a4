/**
 * How long `switchboard daemon --restart` takes with `panes` running panes, and what a client sees
 * meanwhile (issue 17): a real detached daemon and its pty host (out/main/daemon.js beside this
 * bundle), started by the real CLI in a private runtime dir, bash panes at their prompt. Each
 * restart is checked to keep every program (same pids); a CLI client calls `ls` back to back
 * throughout, and its longest call and any failure are what a user at a terminal would see.
 */
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fmt, median, range } from './stats'
import { benchEnv, onCleanup, QUIET_SHELL, tempDir } from './support'
import type { Row } from './table'

const SECTION = 'daemon --restart: every program kept running in the pty host'

export interface RestartOptions {
  readonly panes: number
  readonly restarts: number
}

interface Run {
  readonly code: number
  readonly out: string
  readonly ms: number
}

function cli(env: NodeJS.ProcessEnv, args: readonly string[]): Promise<Run> {
  const t0 = performance.now()
  return new Promise((resolve) =>
    execFile(process.execPath, [join(__dirname, 'cli.js'), ...args], { env, encoding: 'utf8', timeout: 60_000 }, (err, out, errOut) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: out + errOut, ms: performance.now() - t0 }),
    ),
  )
}

async function cliOk(env: NodeJS.ProcessEnv, args: readonly string[]): Promise<string> {
  const r = await cli(env, args)
  if (r.code !== 0) throw new Error(`switchboard ${args.join(' ')} failed (${r.code}): ${r.out}`)
  return r.out
}

const pidsOf = async (env: NodeJS.ProcessEnv) => (JSON.parse(await cliOk(env, ['ls', '--json'])) as { pid: number }[]).map((p) => p.pid).sort()

/** `ls` back to back until `done` says stop: each call's time, and the calls that failed. */
async function client(env: NodeJS.ProcessEnv, done: () => boolean): Promise<{ times: number[]; failed: string[] }> {
  const times: number[] = []
  const failed: string[] = []
  while (!done()) {
    const r = await cli(env, ['ls'])
    times.push(r.ms)
    if (r.code !== 0) failed.push(r.out.trim())
  }
  return { times, failed }
}

export async function benchRestart(opts: RestartOptions): Promise<Row[]> {
  const base = tempDir('restart')
  const dirs = { SWITCHBOARD_RUNTIME_DIR: join(base, 'run'), SWITCHBOARD_DATA_DIR: join(base, 'data'), SWITCHBOARD_CONFIG_DIR: join(base, 'config') }
  const env = { ...benchEnv(dirs), SWITCHBOARD_SOCKET: '' } as NodeJS.ProcessEnv
  const stop = onCleanup(async () => void (await cli(env, ['quit'])))
  try {
    await cliOk(env, ['daemon', '--detach', '--cwd', base])
    const ids = await Promise.all(Array.from({ length: opts.panes }, async () => (await cliOk(env, ['spawn', '--', ...QUIET_SHELL])).trim()))
    for (const id of ids) await cliOk(env, ['wait', id, '--state', 'idle', '--timeout', '30'])
    const pids = await pidsOf(env)
    const walls: number[] = []
    const own: number[] = []
    const calls: number[] = []
    const failures: string[] = []
    for (let i = 0; i < opts.restarts; i++) {
      let restarting = true
      const probe = client(env, () => !restarting)
      const r = await cli(env, ['daemon', '--restart'])
      restarting = false
      const seen = await probe
      if (r.code !== 0 || !/kept running \(same pids\)/.test(r.out)) throw new Error(`daemon --restart did not keep every pane: ${r.out}`)
      const after = await pidsOf(env)
      if (after.join() !== pids.join()) throw new Error(`the panes' pids changed across a restart: ${pids.join()} → ${after.join()}`)
      walls.push(r.ms)
      own.push(Number(/ in (\d+\.\d) s;/.exec(r.out)?.[1] ?? NaN) * 1000)
      calls.push(...seen.times)
      failures.push(...seen.failed)
    }
    return [
      {
        section: SECTION,
        name: `${opts.panes} idle bash panes: \`daemon --restart\` from the command to the new board answering (median)`,
        value: `${fmt(median(walls) / 1000, 2)} s`,
        detail: `${range(
          walls.map((ms) => ms / 1000),
          2,
        )} s over ${opts.restarts} restarts; the restart itself (signal → answers) ${fmt(median(own) / 1000, 1)} s; same ${opts.panes} pids every time`,
      },
      {
        section: SECTION,
        name: 'a CLI client meanwhile (`ls` back to back): longest call / failed calls',
        value: `${fmt(Math.max(...calls) / 1000, 2)} s / ${failures.length}`,
        detail: `${calls.length} calls, median ${fmt(median(calls), 0)} ms: a call waits for the board's socket instead of failing${failures.length ? `; first failure: ${failures[0]!.slice(0, 120)}` : ''}`,
      },
    ]
  } finally {
    await stop()
  }
}
