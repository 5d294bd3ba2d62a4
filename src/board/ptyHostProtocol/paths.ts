import { join } from 'node:path'

/** The pty host's files, in the board's 0700 runtime dir, beside the daemon's. */
export interface PtyHostPaths {
  /** Where the daemon reaches it (0600). */
  readonly socket: string
  /** Its lock: its pid, created exclusively. */
  readonly pidFile: string
  /** Its stdout and stderr. */
  readonly logFile: string
}

export function ptyHostPaths(runtimeDir: string): PtyHostPaths {
  return { socket: join(runtimeDir, 'ptyhost.sock'), pidFile: join(runtimeDir, 'ptyhost.pid'), logFile: join(runtimeDir, 'ptyhost.log') }
}
