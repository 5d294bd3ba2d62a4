import { closeSync, fsyncSync, lstatSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { z } from 'zod'
import { runtimeDir } from '../host/runtimeDir'

/** The daemon's files, all in the 0700 runtime dir (`$XDG_RUNTIME_DIR/switchboard`). */
export interface DaemonPaths {
  readonly dir: string
  /** The lock: the daemon's pid, created exclusively. */
  readonly pidFile: string
  /** What clients need to reach it (port, token, socket): 0600, written once it listens. */
  readonly stateFile: string
  /** Where a detached daemon's stdout and stderr go. */
  readonly logFile: string
}

export function daemonPaths(env: NodeJS.ProcessEnv = process.env): DaemonPaths {
  const dir = runtimeDir(env)
  return { dir, pidFile: join(dir, 'daemon.pid'), stateFile: join(dir, 'daemon.json'), logFile: join(dir, 'daemon.log') }
}

const daemonStateSchema = z
  .object({
    pid: z.number().int().positive(),
    protocol: z.number().int().nonnegative(),
    version: z.string(),
    socketPath: z.string(),
    host: z.string(),
    port: z.number().int().min(1).max(65535),
    token: z.string().min(16),
    startedAt: z.number(),
    log: z.string().nullable(),
  })
  .strict()
export type DaemonState = z.infer<typeof daemonStateSchema>

/** Written whole or not at all (temp file + rename), readable by the user alone. */
export function writeDaemonState(paths: DaemonPaths, state: DaemonState): void {
  const tmp = `${paths.stateFile}.${process.pid}.tmp`
  const fd = openSync(tmp, 'w', 0o600)
  try {
    writeSync(fd, JSON.stringify(state, null, 2) + '\n')
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(tmp, paths.stateFile)
}

/**
 * The state file, or null when there is none or it cannot be trusted: not a plain file, readable
 * by others, someone else's, or not what a daemon writes.
 */
export function readDaemonState(paths: DaemonPaths): DaemonState | null {
  try {
    const st = lstatSync(paths.stateFile)
    const uid = typeof process.getuid === 'function' ? process.getuid() : st.uid
    if (!st.isFile() || st.uid !== uid || (st.mode & 0o077) !== 0) return null
    const parsed = daemonStateSchema.safeParse(JSON.parse(readFileSync(paths.stateFile, 'utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function removeQuietly(path: string): void {
  try {
    unlinkSync(path)
  } catch {
    // Swallow: already gone.
  }
}

/** Whether a process with this pid exists (EPERM: it does, it is just not ours). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Whether something accepts connections on the Unix socket, within `timeoutMs`. */
export function socketAnswers(path: string, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(path)
    const done = (ok: boolean) => {
      clearTimeout(timer)
      socket.destroy()
      resolve(ok)
    }
    const timer = setTimeout(() => done(false), timeoutMs)
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}

/** The lock's pid (0 when the file holds no pid), its text as read, and when it was written. */
export function readPidFile(paths: DaemonPaths): { pid: number; text: string; mtimeMs: number } | null {
  try {
    const text = readFileSync(paths.pidFile, 'utf8').trim()
    const pid = Number(text)
    return { pid: Number.isSafeInteger(pid) && pid > 0 ? pid : 0, text, mtimeMs: lstatSync(paths.pidFile).mtimeMs }
  } catch {
    return null
  }
}

/**
 * The daemon that runs now, or null: its pid file names a live process, that process answers on
 * its control socket, and its state file is its own. Anything less is not a daemon to talk to.
 */
export async function runningDaemon(paths: DaemonPaths): Promise<DaemonState | null> {
  const lock = readPidFile(paths)
  if (!lock || !lock.pid || !pidAlive(lock.pid)) return null
  const state = readDaemonState(paths)
  if (!state || state.pid !== lock.pid) return null
  return (await socketAnswers(state.socketPath)) ? state : null
}
