import type { RootBusy } from '../../shared/domain/pane'
/** The fields of Linux's /proc/<pid>/stat that tell who owns a terminal. */
export interface ProcStat {
  readonly pid: number
  readonly comm: string
  readonly state: string
  readonly ppid: number
  readonly pgrp: number
  readonly session: number
  /** The controlling terminal's device number (0: none). */
  readonly ttyNr: number
  readonly tpgid: number
  /** Field 22, when it started (clock ticks since boot), kept as written: with the pid, it names one process for good. */
  readonly startTime: string
}

/**
 * Parses /proc/<pid>/stat. The command name is in parentheses and may itself contain spaces and
 * ')' characters, so the fixed fields are read after the *last* ')'.
 */
export function parseProcStat(text: string): ProcStat | null {
  const open = text.indexOf('(')
  const close = text.lastIndexOf(')')
  if (open < 0 || close < open) return null
  const pid = Number(text.slice(0, open).trim())
  const rest = text
    .slice(close + 1)
    .trim()
    .split(/\s+/)
  // After the comm: state(3) ppid(4) pgrp(5) session(6) tty_nr(7) tpgid(8)
  const [state, ppid, pgrp, session, ttyNr, tpgid] = rest
  const nums = [pid, Number(ppid), Number(pgrp), Number(session), Number(ttyNr), Number(tpgid)]
  if (!state || nums.some((n) => !Number.isInteger(n))) return null
  return {
    pid,
    comm: text.slice(open + 1, close),
    state,
    ppid: Number(ppid),
    pgrp: Number(pgrp),
    session: Number(session),
    ttyNr: Number(ttyNr),
    tpgid: Number(tpgid),
    // rest[0] is field 3, so field 22 is rest[19].
    startTime: rest[19] ?? '',
  }
}

/** /proc/<pid>/cmdline is NUL-separated with a trailing NUL. */
export function parseCmdline(raw: string): string[] {
  return raw.split('\0').filter((part, i, all) => part !== '' || i < all.length - 1)
}

/**
 * System calls that wait for terminal input, by architecture (the numbers differ): read(2) and
 * readv(2). A process blocked in one of them on the pane's terminal is waiting for the user.
 * poll/select are left out on purpose: their fds are behind a pointer (/proc cannot show them),
 * and an interactive shell's prompt (readline) or an event loop sits in them while idle.
 */
const READ_SYSCALLS: Readonly<Record<string, readonly number[]>> = { x64: [0, 19], arm64: [63, 65], ia32: [3, 145], arm: [3, 145] }

/**
 * Parses /proc/<pid>/syscall ("nr arg0 arg1 …" in hex; "running" or "-1 …" when not blocked in a
 * call): the fd a process is blocked reading, or null when it is not blocked in a read.
 */
export function blockedReadFd(text: string, arch: string): number | null {
  const [nr, fd] = text.trim().split(/\s+/)
  const calls = READ_SYSCALLS[arch]
  if (!calls || nr === undefined || fd === undefined || !/^\d+$/.test(nr)) return null
  if (!calls.includes(Number(nr))) return null
  const n = Number.parseInt(fd, 16)
  return Number.isInteger(n) && n >= 0 ? n : null
}

/**
 * A shell holding the terminal is at its prompt only while it sleeps there (bash: pselect6, wchan
 * `poll_schedule_timeout`). Running (`R`, `D`), it runs its own commands — a loop of builtins, or
 * the moment between a loop's jobs; asleep in `do_wait`, it waits for a child it started (`wait`,
 * or a job that has not taken the terminal yet). Measured with bash 5 on Linux 6.18; macOS `ps`
 * gives the state letter but no wchan, so there only running is seen.
 */
export function rootBusy(state: string, wchan: string | null): RootBusy | null {
  if (state === 'R' || state === 'D') return 'running'
  if (wchan === 'do_wait') return 'waiting for a child'
  return null
}
