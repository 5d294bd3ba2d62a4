/** The fields of Linux's /proc/<pid>/stat that tell who owns a terminal. */
export interface ProcStat {
  readonly pid: number
  readonly comm: string
  readonly state: string
  readonly ppid: number
  readonly pgrp: number
  readonly session: number
  readonly tpgid: number
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
  const rest = text.slice(close + 1).trim().split(/\s+/)
  // After the comm: state(3) ppid(4) pgrp(5) session(6) tty_nr(7) tpgid(8)
  const [state, ppid, pgrp, session, , tpgid] = rest
  const nums = [pid, Number(ppid), Number(pgrp), Number(session), Number(tpgid)]
  if (!state || nums.some((n) => !Number.isInteger(n))) return null
  return {
    pid,
    comm: text.slice(open + 1, close),
    state,
    ppid: Number(ppid),
    pgrp: Number(pgrp),
    session: Number(session),
    tpgid: Number(tpgid),
  }
}

/** /proc/<pid>/cmdline is NUL-separated with a trailing NUL. */
export function parseCmdline(raw: string): string[] {
  return raw.split('\0').filter((part, i, all) => part !== '' || i < all.length - 1)
}
