import { renameSync, writeFileSync } from 'node:fs'
import { readFileSync } from 'node:fs'
import { controlSocketPath } from '../host/runtimeDir'
import { pidAlive, readPidFile, removeQuietly, socketAnswers, type DaemonPaths } from './daemonState'

/** A daemon that holds the lock but is not listening yet gets this long before it counts as stale. */
export const STARTING_GRACE_MS = 20_000

export type LockResult = { readonly kind: 'acquired'; release(): void } | { readonly kind: 'held'; readonly pid: number }

/**
 * One daemon per user: the pid file, created exclusively (O_EXCL), is the lock. A pid file whose
 * process is gone, or whose process has not answered on its control socket for STARTING_GRACE_MS
 * (the pid was reused, or the daemon hangs), is stale: it is renamed away — rename is atomic, so of
 * two starters only one removes it — and the lock is taken again. Waits while another daemon is
 * still starting, up to `waitMs`.
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
  for (;;) {
    try {
      writeFileSync(paths.pidFile, `${process.pid}\n`, { flag: 'wx', mode: 0o600 })
      return { kind: 'acquired', release: () => releaseLock(paths) }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
    const lock = readPidFile(paths)
    if (!lock) continue // removed in between: try again
    if (lock.pid && lock.pid !== process.pid && pidAlive(lock.pid)) {
      if (await socketAnswers(paths.socket)) return { kind: 'held', pid: lock.pid }
      const starting = now() - lock.mtimeMs < STARTING_GRACE_MS
      if (starting && now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        continue
      }
    }
    // Stale. Of several starters, only the one whose rename succeeds removes it.
    const aside = `${paths.pidFile}.stale-${process.pid}`
    try {
      renameSync(paths.pidFile, aside)
    } catch {
      continue
    }
    // Renamed a fresh lock by mistake (another starter took it between our read and rename)? Put it back.
    let taken = ''
    try {
      taken = readFileSync(aside, 'utf8').trim()
    } catch {
      // Swallow: nothing to compare.
    }
    if (taken !== lock.text) {
      try {
        renameSync(aside, paths.pidFile)
      } catch {
        removeQuietly(aside)
      }
      continue
    }
    removeQuietly(aside)
  }
}

/**
 * Removes the lock, but only while it is still this process's. The state file stays: the next
 * daemon takes the same port and token again, so an open tab's cookie still works.
 */
function releaseLock(paths: LockPaths): void {
  if (readPidFile(paths)?.pid === process.pid) removeQuietly(paths.pidFile)
}
