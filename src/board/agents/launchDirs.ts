import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'

/** Per-launch directories are named after the board process that made them. */
export function launchDirPrefix(kind: string, pid: number = process.pid): string {
  return `agent-${pid}-${kind}-`
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: the process exists but is not ours.
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Removes the launch directories (settings files, token files) of boards that are gone: a board
 * that crashed could not remove its own. Call once at start. Returns the directories removed.
 */
export function sweepStaleLaunchDirs(runtimeDir: string): string[] {
  let names: string[]
  try {
    names = readdirSync(runtimeDir)
  } catch {
    return []
  }
  const removed: string[] = []
  for (const name of names) {
    const pid = /^agent-(\d+)-/.exec(name)?.[1]
    if (!pid || Number(pid) === process.pid || alive(Number(pid))) continue
    rmSync(join(runtimeDir, name), { recursive: true, force: true })
    removed.push(name)
  }
  return removed
}
