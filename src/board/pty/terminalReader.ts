import { statSync } from 'node:fs'
import { blockedReadFd } from '../../core/process/procStat'
import type { TerminalReader } from '../../core/status/processSignals'
import { readCmdline, readProcStat, readProcText, sessionMembers } from './processTree'

/** /dev/tty (5, 0), as st_rdev encodes it: sudo, ssh and git's getpass() open it to read a password. */
const DEV_TTY = (5 << 8) | 0

/** The process sleeps in read(2) on the pane's terminal (or on /dev/tty, which is the same one). */
function readsTerminal(pid: number, ttyNr: number): boolean {
  const syscall = readProcText(pid, 'syscall')
  const fd = syscall === null ? null : blockedReadFd(syscall, process.arch)
  if (fd === null) return false
  try {
    const rdev = statSync(`/proc/${pid}/fd/${fd}`).rdev
    return rdev === ttyNr || rdev === DEV_TTY
  } catch {
    return false
  }
}

/**
 * The leader sleeps waiting for another process of its job: for a child to end (`do_wait`) or on
 * a pipe (`anon_pipe_read`, `pipe_read`, `pipe_write`: `git ls-remote` reads its git-remote-http
 * helper, which asks for the password; the left side of `cmd | less`). Measured on 6.18.
 */
function waitsOnAnotherProcess(wchan: string | null): boolean {
  return wchan !== null && (wchan === 'do_wait' || wchan.includes('pipe'))
}

function reader(pid: number): TerminalReader {
  return { pid, argv: readCmdline(pid) ?? [readProcStat(pid)?.comm ?? '?'] }
}

/**
 * Which process of the pane's foreground job is waiting for the keyboard, read from the kernel
 * (Linux: /proc/<pid>/syscall shows a blocked read(0, …) — wchan `wait_woken` on 6.x kernels —
 * and the fd's device is the pane's terminal). The leader is looked at first (2 small files). Only
 * when it sleeps waiting on another process of its job (a child, a pipe: `git ls-remote` asking
 * for a password in git-remote-http) and `scanJob` allows it does this scan the session's
 * processes, which costs a read of every /proc/<pid>/stat. Null off Linux and when nobody reads.
 * `rootTty` is the root's tty_nr when the caller has just read it (saves reading it again).
 */
export function readTerminalReader(
  rootPid: number,
  tpgid: number,
  scanJob: boolean,
  previous: TerminalReader | null = null,
  rootTty?: number,
): TerminalReader | null {
  if (process.platform !== 'linux' || tpgid <= 0) return null
  const ttyNr = rootTty ?? readProcStat(rootPid)?.ttyNr ?? 0
  if (ttyNr === 0) return null
  if (readsTerminal(tpgid, ttyNr)) return reader(tpgid)
  // The reader a scan found earlier is looked at again directly (2 small reads), without a scan.
  if (previous && previous.pid !== tpgid && readProcStat(previous.pid)?.pgrp === tpgid && readsTerminal(previous.pid, ttyNr)) return previous
  if (!scanJob || !waitsOnAnotherProcess(readProcText(tpgid, 'wchan'))) return null
  for (const member of sessionMembers(rootPid)) {
    if (member.pgrp === tpgid && member.pid !== tpgid && readsTerminal(member.pid, ttyNr)) return reader(member.pid)
  }
  return null
}
