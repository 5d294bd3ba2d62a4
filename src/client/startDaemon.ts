import { spawn } from 'node:child_process'
import { closeSync, lstatSync, renameSync, writeSync } from 'node:fs'
import { ensurePrivateDir } from '../board/host/runtimeDir'
import { HAND_OVER_SIGNAL } from '../board/host/stopSignals'
import { ptyHostPaths } from '../board/ptyHostProtocol/paths'
import { createExclusive, openForAppend, readRegularFile } from '../board/util/safeFiles'
import { daemonRuntime } from './daemonRuntime'
import { pidAlive, readPidFile, removeQuietly, restartMarker, runningDaemon, type DaemonPaths, type DaemonState } from './daemonState'

/** A detached daemon's log is rotated once it grows past this: at the next start, and by the daemon as it writes. */
export const MAX_LOG_BYTES = 5 * 1024 * 1024
/** How long a starter waits for a new daemon to answer (it restores the workspace first). */
export const START_TIMEOUT_MS = 30_000

export interface DaemonLauncher {
  /** The daemon's script (out/main/daemon.js), run by `execPath`. */
  readonly script: string
  /** Node, or Electron's own binary (run as Node: ELECTRON_RUN_AS_NODE=1). */
  readonly execPath?: string
  readonly env: NodeJS.ProcessEnv
  /** The daemon's working directory and its new panes' default one. */
  readonly cwd: string
  /** Options for a new daemon (`--port`, `--host`, `--verbose`). */
  readonly args?: readonly string[]
  readonly timeoutMs?: number
}

function lastLines(path: string, n: number): string {
  try {
    return readRegularFile(path).trimEnd().split('\n').slice(-n).join('\n')
  } catch {
    return '(no log)'
  }
}

/**
 * The running daemon, or a new one started detached (its own session, stdio to the log file in the
 * runtime dir) when none runs. Two starters at once end up with the same daemon: the second
 * daemon finds the lock held and exits, and its starter waits for the first.
 */
export async function ensureDaemon(paths: DaemonPaths, launcher: DaemonLauncher): Promise<{ state: DaemonState; started: boolean }> {
  const running = await runningDaemon(paths)
  if (running) return { state: running, started: false }
  ensurePrivateDir(paths.dir)
  try {
    if (lstatSync(paths.logFile).size > MAX_LOG_BYTES) renameSync(paths.logFile, `${paths.logFile}.1`)
  } catch {
    // Swallow: no log yet.
  }
  // Never through a link or into a FIFO planted at its name.
  const fd = openForAppend(paths.logFile, 0o600)
  const runtime = daemonRuntime({ execPath: process.execPath, electron: process.versions.electron }, launcher.execPath)
  const execPath = runtime.execPath
  const env: NodeJS.ProcessEnv = { ...launcher.env, ...runtime.env }
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null
  const child = spawn(execPath, [...runtime.execArgv, launcher.script, '--cwd', launcher.cwd, ...(launcher.args ?? []), '--background'], {
    cwd: launcher.cwd,
    env,
    detached: true,
    stdio: ['ignore', fd, fd],
  })
  closeSync(fd)
  child.once('exit', (code, signal) => (exit = { code, signal }))
  child.once('error', () => (exit ??= { code: 127, signal: null }))
  child.unref()
  const deadline = Date.now() + (launcher.timeoutMs ?? START_TIMEOUT_MS)
  for (;;) {
    const state = await runningDaemon(paths)
    if (state) return { state, started: state.pid === child.pid }
    const failed = exit as { code: number | null; signal: NodeJS.Signals | null } | null
    // Exit 0: another starter's daemon won the lock; wait for that one.
    if (failed && failed.code !== 0) {
      throw new Error(
        `the board did not start (${failed.signal ?? `exit ${failed.code}`}); the end of its log ${paths.logFile}:\n${lastLines(paths.logFile, 8)}`,
      )
    }
    if (Date.now() > deadline)
      throw new Error(`the board did not answer within ${Math.round((launcher.timeoutMs ?? START_TIMEOUT_MS) / 1000)} s of starting; see ${paths.logFile}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The pty host's pid while it runs (it holds the panes; ptyHost/). */
export function ptyHostPid(paths: DaemonPaths): number | null {
  const lock = readPidFile({ pidFile: ptyHostPaths(paths.dir).pidFile })
  return lock?.pid && pidAlive(lock.pid) ? lock.pid : null
}

/** The daemon's pid while it runs (answering or not). */
function daemonPid(paths: DaemonPaths, running: DaemonState | null): number | null {
  const lock = readPidFile(paths)
  return running?.pid ?? (lock?.pid && pidAlive(lock.pid) ? lock.pid : null)
}

/**
 * Ends the running daemon the way SIGTERM always has — every pane ends (the daemon has its pty host
 * end them), saved as running, so they come back interrupted next start — and waits until its
 * process is gone. With no daemon but a pty host still holding panes (the daemon died and was not
 * brought back), the host is stopped instead, which ends its panes. Null when neither ran.
 */
export async function stopDaemon(paths: DaemonPaths, timeoutMs = 10_000): Promise<{ pid: number; what: 'board' | 'pty host' } | null> {
  const pid = daemonPid(paths, await runningDaemon(paths))
  const host = ptyHostPid(paths)
  if (pid) {
    await stopProcess(pid, timeoutMs)
    // A daemon ends its pty host on the way out; one that could not (it hung) leaves it to us.
    if (host) await stopProcess(host, timeoutMs, 'the pty host')
    return { pid, what: 'board' }
  }
  if (!host) return null
  await stopProcess(host, timeoutMs, 'the pty host')
  return { pid: host, what: 'pty host' }
}

/** SIGTERM (or `signal`) to `pid`, then waits until its process is gone. */
export async function stopProcess(pid: number, timeoutMs = 10_000, what = 'the board', signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  try {
    process.kill(pid, signal)
  } catch {
    return
  }
  const deadline = Date.now() + timeoutMs
  while (pidAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`${what} (pid ${pid}) did not stop within ${timeoutMs / 1000} s of ${signal}; \`kill -9 ${pid}\` ends it`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

export interface Restart {
  /** The daemon that went, if one ran. */
  readonly from: number | null
  readonly state: DaemonState
  /** The panes ran on in the pty host (a hand-over); false: they ended (a board before the pty host). */
  readonly handedOver: boolean
  /** From the signal to the new daemon answering. */
  readonly ms: number
}

/**
 * `daemon --restart`: the running daemon hands every pane over and exits (SIGUSR2), the programs
 * running on in the pty host, and a new daemon takes them over. A daemon without a pty host (one
 * older than it) would die of SIGUSR2 without saving anything: it is stopped as before instead,
 * and its panes come back interrupted.
 */
export async function restartDaemon(paths: DaemonPaths, launcher: DaemonLauncher, timeoutMs = 15_000): Promise<Restart> {
  const t0 = Date.now()
  const pid = daemonPid(paths, await runningDaemon(paths))
  const host = ptyHostPid(paths)
  const handedOver = pid !== null && host !== null
  const marker = restartMarker(paths.dir)
  if (handedOver) writeRestartMarker(marker)
  try {
    if (pid) await stopProcess(pid, timeoutMs, 'the board', handedOver ? HAND_OVER_SIGNAL : 'SIGTERM')
    const { state } = await ensureDaemon(paths, launcher)
    return { from: pid, state, handedOver, ms: Date.now() - t0 }
  } finally {
    if (handedOver && readPidFile({ pidFile: marker })?.pid === process.pid) removeQuietly(marker)
  }
}

/**
 * This process's pid in `restarting.pid`, created afresh (O_EXCL|O_NOFOLLOW: never written through
 * a link planted at its name); one a killed restart left behind is removed first.
 */
function writeRestartMarker(marker: string): void {
  removeQuietly(marker)
  const fd = createExclusive(marker, 0o600)
  try {
    writeSync(fd, `${process.pid}\n`)
  } finally {
    closeSync(fd)
  }
}
