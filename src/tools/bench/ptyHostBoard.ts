import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { Board } from '../../board/panes/board'
import { connectPtyHost, ptyHostScript } from '../../daemon/startPtyHost'
import { ptyHostPaths } from '../../board/ptyHostProtocol/paths'
import { realClock } from '../../board/util/clock'
import { silentLogger } from '../../board/util/log'
import { benchEnv, onCleanup, tempDir } from './support'

/** Clock ticks per second of /proc/<pid>/stat's times (sysconf(_SC_CLK_TCK); 100 on Linux). */
const TICKS_PER_SECOND = 100

/** A process's CPU so far (user + system, every thread), in ms. */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the comm.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
}

export interface PtyHostBoard {
  readonly board: Board
  /** The pty host's pid: its CPU is the board's too. */
  readonly hostPid: number
  /** Its runtime dir (the board's output logs are in `ptylog/`). */
  readonly runtimeDir: string
  stop(): Promise<void>
}

/**
 * A board as the daemon runs it: its terminals in a pty host of its own (out/main/ptyHost.js
 * beside this bundle), in a private runtime dir. `stop` ends its panes and the host.
 */
export async function ptyHostBoard(): Promise<PtyHostBoard> {
  const dir = tempDir('ptyhost')
  const env = benchEnv({ SWITCHBOARD_RUNTIME_DIR: dir }) as NodeJS.ProcessEnv
  const { client } = await connectPtyHost(
    ptyHostPaths(dir),
    {
      script: ptyHostScript(__dirname), // BENCH_HOST_EXEC: what runs the host instead of node (a wrapper adding --cpu-prof, to profile it).
      execPath: process.env.BENCH_HOST_EXEC || process.execPath,
      env,
    },
    { version: 'bench', launcher: null },
  )
  const board = new Board({
    clock: realClock,
    log: silentLogger,
    baseEnv: benchEnv(),
    defaultCwd: tmpdir(),
    userRulesDir: null,
    watchRules: false,
    ptys: client,
    reaperTag: client.welcome.reaperTag,
  })
  const stop = onCleanup(async () => {
    await client.shutdown()
    board.dispose()
  })
  return { board, hostPid: client.welcome.pid, runtimeDir: dir, stop }
}
