import { spawn } from 'node:child_process'
import { closeSync, lstatSync, renameSync } from 'node:fs'
import { ensurePrivateDir } from '../host/runtimeDir'
import { openForAppend, readRegularFile } from '../util/safeFiles'
import { pidAlive, readPidFile, runningDaemon, type DaemonPaths, type DaemonState } from './daemonState'

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
  const execPath = launcher.execPath ?? process.execPath
  const env: NodeJS.ProcessEnv = { ...launcher.env }
  // Electron's binary is Node only with this; plain Node ignores it.
  if (process.versions.electron && execPath === process.execPath) env.ELECTRON_RUN_AS_NODE = '1'
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null
  const child = spawn(execPath, [launcher.script, '--cwd', launcher.cwd, ...(launcher.args ?? []), '--background'], {
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
      throw new Error(`the board did not start (${failed.signal ?? `exit ${failed.code}`}); the end of its log ${paths.logFile}:\n${lastLines(paths.logFile, 8)}`)
    }
    if (Date.now() > deadline) throw new Error(`the board did not answer within ${Math.round((launcher.timeoutMs ?? START_TIMEOUT_MS) / 1000)} s of starting; see ${paths.logFile}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * Ends the running daemon the way SIGTERM always has (panes saved as running, so they come back
 * interrupted next start) and waits until its process is gone. Null when none was running.
 */
export async function stopDaemon(paths: DaemonPaths, timeoutMs = 10_000): Promise<{ pid: number } | null> {
  const lock = readPidFile(paths)
  const pid = (await runningDaemon(paths))?.pid ?? (lock?.pid && pidAlive(lock.pid) ? lock.pid : null)
  if (!pid) return null
  await stopProcess(pid, timeoutMs)
  return { pid }
}

/** SIGTERM to the daemon `pid`, then waits until its process is gone. */
export async function stopProcess(pid: number, timeoutMs = 10_000): Promise<void> {
  try {
    process.kill(pid, 'SIGTERM')
  } catch {
    return
  }
  const deadline = Date.now() + timeoutMs
  while (pidAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`the board (pid ${pid}) did not stop within ${timeoutMs / 1000} s of SIGTERM; \`kill -9 ${pid}\` ends it (its panes come back interrupted)`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
