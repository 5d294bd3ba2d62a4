import { spawn } from 'node:child_process'
import { closeSync } from 'node:fs'
import { openForAppend } from '../board/util/safeFiles'
import type { DaemonCommand } from '../board/ptyHostProtocol/protocol'

/**
 * Starts a daemon as `launcher` says, detached (its own session) with its output appended to its
 * log: what the pty host does when the daemon it served died, and what a daemon does for its
 * successor when its pty host died. `exited` is called when that process ends. Returns its pid
 * (undefined when it could not be started).
 */
export function startDetachedDaemon(launcher: DaemonCommand, exited: () => void = () => undefined): number | undefined {
  const fd = openForAppend(launcher.logFile, 0o600)
  try {
    const child = spawn(launcher.execPath, [...launcher.args], { cwd: launcher.cwd, env: launcher.env, detached: true, stdio: ['ignore', fd, fd] })
    child.once('exit', exited)
    child.once('error', exited)
    child.unref()
    return child.pid
  } finally {
    closeSync(fd)
  }
}
