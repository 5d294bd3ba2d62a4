import { closeSync, lstatSync, renameSync, writeSync } from 'node:fs'
import { controlSocketPath } from '../board/host/runtimeDir'
import { createExclusive } from '../board/util/safeFiles'
import { pidAlive, readPidFile, removeQuietly, socketAnswers, type DaemonPaths } from './daemonState'

/** A daemon that holds the lock but is not listening yet gets this long before it counts as stale. */
export const STARTING_GRACE_MS = 20_000
/** Retries without a wait (the lock vanished or changed hands in between) before giving up: never a spin. */
const MAX_QUICK_RETRIES = 50

export type LockResult = { readonly kind: 'acquired'; release(): void } | { readonly kind: 'held'; readonly pid: number }

/**
 * One daemon per user: the pid file, created exclusively (O_EXCL), is the lock. A pid file whose
 * process is gone, or whose process has not answered on its control socket for STARTING_GRACE_MS
 * (the pid was reused, or the daemon hangs), is stale: it is renamed away — rename is atomic, so of
 * two starters only one removes it — and the lock is taken again. Waits while another daemon is
 * still starting, up to `waitMs`, and while another start has created the file but not yet written
 * its pid into it.
 */
export function acquireDaemonLock(paths: DaemonPaths, options: { now?: () => number; waitMs?: number } = {}): Promise<LockResult> {
  return acquireLock({ pidFile: paths.pidFile, socket: controlSocketPath(paths.dir) }, options)
}

/** What a lock is: a pid file, and the socket its holder answers on once it runs. */
export interface LockPaths {
  readonly pidFile: string
  readonly socket: string
}

/** The daemon's lock for any process of the board that must run once per user (the daemon, the pty host). */
export async function acquireLock(paths: LockPaths, options: { now?: () => number; waitMs?: number } = {}): Promise<LockResult> {
  const now = options.now ?? Date.now
  const deadline = now() + (options.waitMs ?? STARTING_GRACE_MS)
  let quick = 0
  const retry = async () => {
    if (++quick > MAX_QUICK_RETRIES)
      throw new Error(`could not take the lock ${paths.pidFile}: it keeps changing under this start; is another board starting in a loop?`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  for (;;) {
    try {
      // O_EXCL|O_NOFOLLOW: created here and now, never an existing file or where a link points.
      const fd = createExclusive(paths.pidFile, 0o600)
      try {
        writeSync(fd, `${process.pid}\n`)
      } finally {
        closeSync(fd)
      }
      return { kind: 'acquired', release: () => releaseLock(paths) }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
    const lock = readPidFile(paths)
    if (!lock) {
      // Something is there that no daemon wrote (a dangling symlink spun the start at 100 % CPU): say so and stop.
      const odd = notALock(paths.pidFile)
      if (odd) throw new Error(`${paths.pidFile} is ${odd}, not a lock a board wrote; the board does not follow or replace it. Remove it and start again`)
      await retry() // removed in between: try again
      continue
    }
    const starting = now() - lock.mtimeMs < STARTING_GRACE_MS && now() < deadline
    // Empty: another start has created it (O_EXCL) and not written its pid yet. Taken for stale,
    // both starts ran a daemon, and one of them failed (two CLIs at once, under load in CI).
    if (lock.text === '' && starting) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      continue
    }
    if (lock.pid && lock.pid !== process.pid && pidAlive(lock.pid)) {
      if (await socketAnswers(paths.socket)) return { kind: 'held', pid: lock.pid }
      if (starting) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        continue
      }
    }
    // Stale. Of several starters, only the one whose rename succeeds removes it.
    const aside = `${paths.pidFile}.stale-${process.pid}`
    try {
      renameSync(paths.pidFile, aside)
    } catch {
      await retry()
      continue
    }
    // Renamed a fresh lock by mistake (another starter took it between our read and rename)? Put it
    // back. Its time tells it from the stale one when both are still empty.
    const taken = readPidFile({ pidFile: aside })
    if (!taken || taken.text !== lock.text || taken.mtimeMs !== lock.mtimeMs) {
      try {
        renameSync(aside, paths.pidFile)
      } catch {
        removeQuietly(aside)
      }
      await retry()
      continue
    }
    removeQuietly(aside)
  }
}

/** What sits at `path` when it is there but is no regular file ("a symbolic link", "a FIFO"), else null. */
function notALock(path: string): string | null {
  try {
    const st = lstatSync(path)
    if (st.isFile()) return null
    return st.isSymbolicLink() ? 'a symbolic link' : st.isDirectory() ? 'a directory' : st.isFIFO() ? 'a FIFO' : 'not a regular file'
  } catch {
    return null
  }
}

/**
 * Removes the lock, but only while it is still this process's. The state file stays: the next
 * daemon takes the same port and token again, so an open tab's cookie still works.
 */
function releaseLock(paths: LockPaths): void {
  if (readPidFile(paths)?.pid === process.pid) removeQuietly(paths.pidFile)
}
