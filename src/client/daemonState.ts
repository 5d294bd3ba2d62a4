import { closeSync, fsyncSync, lstatSync, renameSync, unlinkSync, writeSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { runtimeDir } from '../board/host/runtimeDir'
import { createExclusive, readRegularFile } from '../board/util/safeFiles'

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

/**
 * `restarting.pid`: the pid of a `daemon --restart` under way. Between its two daemons no daemon
 * process runs at all; a client that finds this file (its process alive) waits for the new one
 * instead of saying no board runs (a new daemon took over 3 s to start at load 17).
 */
export const restartMarker = (dir: string) => join(dir, 'restarting.pid')

export interface DaemonState {
  readonly pid: number
  readonly protocol: number
  readonly version: string
  readonly socketPath: string
  readonly host: string
  readonly port: number
  readonly token: string
  readonly startedAt: number
  readonly log: string | null
}

const STATE_KEYS = ['pid', 'protocol', 'version', 'socketPath', 'host', 'port', 'token', 'startedAt', 'log']
const isInt = (v: unknown, min: number, max = Number.MAX_SAFE_INTEGER): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max

/**
 * Exactly what a daemon writes, and nothing else. Checked by hand, not with zod: every CLI call
 * reads this file, and loading zod alone cost ~50 ms of a start whose target is 1.3× `node -e 0`
 * (issue 13); the CLI bundle loads no zod.
 */
export function isDaemonState(v: unknown): v is DaemonState {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false
  const o = v as Record<string, unknown>
  if (Object.keys(o).length !== STATE_KEYS.length || !STATE_KEYS.every((k) => k in o)) return false
  return (
    isInt(o.pid, 1) &&
    isInt(o.protocol, 0) &&
    typeof o.version === 'string' &&
    typeof o.socketPath === 'string' &&
    typeof o.host === 'string' &&
    isInt(o.port, 1, 65535) &&
    typeof o.token === 'string' &&
    o.token.length >= 16 &&
    typeof o.startedAt === 'number' &&
    Number.isFinite(o.startedAt) &&
    (o.log === null || typeof o.log === 'string')
  )
}

/**
 * Written whole or not at all (temp file + rename), readable by the user alone. The temp file is
 * created anew (O_EXCL|O_NOFOLLOW): a link planted at its predictable name is removed, never written through.
 */
export function writeDaemonState(paths: DaemonPaths, state: DaemonState): void {
  const tmp = `${paths.stateFile}.${process.pid}.tmp`
  removeQuietly(tmp)
  const fd = createExclusive(tmp, 0o600)
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
    const parsed: unknown = JSON.parse(readRegularFile(paths.stateFile, 64 * 1024))
    return isDaemonState(parsed) ? parsed : null
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

/**
 * The lock's pid (0 when the file holds no pid), its text as read, and when it was written; null
 * when there is none — or when what is there is no lock a daemon wrote (a symlink, a FIFO): it is
 * never followed or opened (readRegularFile).
 */
export function readPidFile(paths: { readonly pidFile: string }): { pid: number; text: string; mtimeMs: number } | null {
  try {
    const mtimeMs = lstatSync(paths.pidFile).mtimeMs
    const text = readRegularFile(paths.pidFile, 4096).trim()
    const pid = Number(text)
    return { pid: Number.isSafeInteger(pid) && pid > 0 ? pid : 0, text, mtimeMs }
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
