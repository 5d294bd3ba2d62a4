import { spawn } from 'node:child_process'
import { closeSync, lstatSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import { BOARD_PROCESS_FLAGS } from '../board/util/heapLimits'
import { openForAppend, readRegularFile } from '../board/util/safeFiles'
import { pidAlive, readPidFile } from '../client/daemonState'
import type { PtyHostPaths } from '../board/ptyHostProtocol/paths'
import { PtyHostClient, type PtyHostClientOptions } from '../board/pty/ptyHostClient'

/** A host's log is rotated once it grows past this, when a new host starts. */
const MAX_LOG_BYTES = 5 * 1024 * 1024
const START_TIMEOUT_MS = 10_000

/** The pty host's bundle: beside the daemon's (`out/main/ptyHost.js`), or SWITCHBOARD_PTY_HOST_SCRIPT (tests run from source). */
export function ptyHostScript(mainDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.SWITCHBOARD_PTY_HOST_SCRIPT || join(mainDir, 'ptyHost.js')
}

export interface PtyHostLauncher {
  /** out/main/ptyHost.js (or SWITCHBOARD_PTY_HOST_SCRIPT). */
  readonly script: string
  readonly execPath: string
  /** Its environment: the board's own, which it passes on to a daemon it starts. */
  readonly env: NodeJS.ProcessEnv
}

function lastLines(path: string, n: number): string {
  try {
    return readRegularFile(path).trimEnd().split('\n').slice(-n).join('\n')
  } catch {
    return '(no log)'
  }
}

const noHost = (err: unknown) => ['ENOENT', 'ECONNREFUSED'].includes((err as NodeJS.ErrnoException).code ?? '')

/**
 * The running pty host, or a new one started detached (its own session, so neither a terminal's
 * hang-up nor the daemon's end reaches it; stdio to its log in the runtime dir). Only the daemon
 * calls this, under the daemon lock, so two hosts are never started at once.
 */
export async function connectPtyHost(
  paths: PtyHostPaths,
  launcher: PtyHostLauncher,
  options: PtyHostClientOptions,
): Promise<{ client: PtyHostClient; started: boolean }> {
  try {
    return { client: await PtyHostClient.connect(paths.socket, options), started: false }
  } catch (err) {
    if (!noHost(err)) throw err
  }
  // A host that is still starting (its lock taken, its socket not yet there) is waited for, not doubled.
  const lock = readPidFile({ pidFile: paths.pidFile })
  let child: ReturnType<typeof spawn> | null = null
  let exit: number | string | null = null
  if (!(lock?.pid && pidAlive(lock.pid))) {
    try {
      if (lstatSync(paths.logFile).size > MAX_LOG_BYTES) renameSync(paths.logFile, `${paths.logFile}.1`)
    } catch {
      // Swallow: no log yet.
    }
    // Never through a link or into a FIFO planted at its name.
    const fd = openForAppend(paths.logFile, 0o600)
    try {
      child = spawn(launcher.execPath, [...BOARD_PROCESS_FLAGS, launcher.script], { env: launcher.env, detached: true, stdio: ['ignore', fd, fd], cwd: '/' })
    } finally {
      closeSync(fd)
    }
    child.once('exit', (code, signal) => (exit = signal ?? code ?? 0))
    child.once('error', (err) => (exit = err.message))
    child.unref()
  }
  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    try {
      return { client: await PtyHostClient.connect(paths.socket, options), started: child !== null }
    } catch (err) {
      if (!noHost(err)) throw err
    }
    if (exit !== null) throw new Error(`the pty host did not start (${exit}); the end of its log ${paths.logFile}:\n${lastLines(paths.logFile, 8)}`)
    if (Date.now() > deadline) throw new Error(`the pty host did not answer within ${START_TIMEOUT_MS / 1000} s of starting; see ${paths.logFile}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
