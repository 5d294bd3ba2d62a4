/**
 * How quick the everyday commands are: `switchboard screen` and `ls` against an idle board, side
 * by side with a bare `node -e 0` (the floor any Node CLI pays), interleaved so that the
 * machine's load hits both alike. Target (issue 13): ≤ 1.3× the bare start.
 */
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { tmpdir } from 'node:os'
import { startBoardHost } from '../../board/host/boardHost'
import { silentLogger } from '../../board/util/log'
import { fmt, median, range } from './stats'
import { benchEnv, onCleanup, QUIET_SHELL, tempDir, waitForStates } from './support'
import type { Row } from './table'

function run(argv: readonly string[]): Promise<number> {
  const t0 = performance.now()
  return new Promise((resolve, reject) =>
    execFile(process.execPath, argv, { env: { ...process.env, SWITCHBOARD_SOCKET: '' } }, (err) => (err ? reject(err) : resolve(performance.now() - t0))),
  )
}

export async function benchCliStartup(opts: { runs: number }): Promise<Row[]> {
  const env = benchEnv({ SWITCHBOARD_RUNTIME_DIR: tempDir('runtime') }) as NodeJS.ProcessEnv
  const host = await startBoardHost({ mode: 'browser', log: silentLogger, persist: false, env, defaultCwd: tmpdir() })
  const stop = onCleanup(async () => void (await host.shutdown()))
  try {
    const pane = host.board.get(host.board.create({ command: QUIET_SHELL, title: 'quiet' }).id)
    await waitForStates([pane], 'idle')
    const cli = join(__dirname, 'cli.js')
    const socket = host.info().socketPath!
    const commands = { bare: ['-e', '0'], screen: [cli, '--socket', socket, 'screen', pane.id], ls: [cli, '--socket', socket, 'ls'] }
    const times: Record<keyof typeof commands, number[]> = { bare: [], screen: [], ls: [] }
    for (const argv of Object.values(commands)) await run(argv) // warm the file cache
    for (let i = 0; i < opts.runs; i++) for (const [name, argv] of Object.entries(commands)) times[name as keyof typeof commands].push(await run(argv))
    const bare = median(times.bare)
    const row = (name: 'screen' | 'ls'): Row => {
      // The median of pair-by-pair ratios (each run beside the bare start just before it): the
      // machine's speed drifts between pairs far more than within one.
      const ratio = median(times[name].map((t, i) => t / times.bare[i]!))
      return {
        section: 'CLI',
        name: `switchboard ${name} ÷ node -e 0 (idle board)`,
        value: `${fmt(ratio, 2)}×`,
        detail: `median of ${opts.runs} paired ratios; median ${fmt(median(times[name]), 0)} ms vs ${fmt(bare, 0)} ms, ${range(times[name], 0)} ms`,
        target: '≤ 1.3×',
        met: ratio <= 1.3,
      }
    }
    return [row('screen'), row('ls')]
  } finally {
    await stop()
  }
}
