import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { processCpuMs } from './ptyHostBoard'
import { benchEnv, sleep } from './support'

export interface TmuxSample {
  /** CPU ms of the tmux server per 1000 chars its panes' programs wrote. */
  readonly cpuPerKchar: number
  readonly cpuShare: number
}

/** Bytes a process has written so far (`wchar` of /proc/<pid>/io). */
export function bytesWritten(pid: number): number {
  const io = readFileSync(`/proc/${pid}/io`, 'utf8')
  return Number(/^wchar: (\d+)$/m.exec(io)?.[1] ?? 0)
}

/** Whether tmux can be run here; the row is left out where it cannot. */
export function tmuxInstalled(): boolean {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/**
 * tmux, a terminal multiplexer that owns its PTYs and parses every pane like the board: `panes`
 * windows of a private server (no config, no client attached), each running `argv`. What it parsed
 * is what the programs wrote (their `wchar`), in chars (`charsPerByte` of the frames: UTF-8).
 */
export async function tmuxRound(
  dir: string,
  argv: readonly string[],
  opts: { panes: number; cols: number; rows: number; warmMs: number; windowMs: number; charsPerByte: number },
): Promise<TmuxSample> {
  const socket = join(dir, `tmux-${process.pid}.sock`)
  const env = benchEnv() as NodeJS.ProcessEnv
  const tmux = (...args: string[]) => execFileSync('tmux', ['-S', socket, '-f', '/dev/null', ...args], { env, encoding: 'utf8' })
  const command = argv.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ')
  tmux('new-session', '-d', '-x', String(opts.cols), '-y', String(opts.rows), command, ';', 'set', '-g', 'default-size', `${opts.cols}x${opts.rows}`)
  try {
    for (let i = 1; i < opts.panes; i++) tmux('new-window', '-d', command)
    const server = Number(tmux('display-message', '-p', '#{pid}').trim())
    const programs = tmux('list-panes', '-a', '-F', '#{pane_pid}').trim().split('\n').map(Number)
    await sleep(opts.warmMs)
    const written = () => programs.reduce((sum, pid) => sum + bytesWritten(pid), 0)
    const cpu0 = processCpuMs(server)
    const bytes0 = written()
    const t0 = performance.now()
    await sleep(opts.windowMs)
    const ms = processCpuMs(server) - cpu0
    const chars = (written() - bytes0) * opts.charsPerByte
    return { cpuPerKchar: ms / (chars / 1000), cpuShare: ms / (performance.now() - t0) }
  } finally {
    tmux('kill-server')
  }
}
