import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { execFile } from 'node:child_process'
import type { RootBusy } from '../../shared/domain/pane'
import { parseCmdline, parseProcStat, rootBusy, type ProcStat } from '../../core/process/procStat'

export function readProcStat(pid: number): ProcStat | null {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return null
  }
}

export function readCmdline(pid: number): string[] | null {
  try {
    const argv = parseCmdline(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))
    return argv.length ? argv : null
  } catch {
    return null
  }
}

/**
 * A process's children, from /proc/<pid>/task/<tid>/children (a child belongs to the thread that
 * forked or adopted it): [] for a process that is gone, null where the kernel keeps no such file
 * (built without CONFIG_PROC_CHILDREN).
 */
export function childPids(pid: number | 'self'): number[] | null {
  let tasks: string[]
  try {
    tasks = readdirSync(`/proc/${pid}/task`)
  } catch {
    return []
  }
  const out: number[] = []
  for (const tid of tasks) {
    try {
      for (const c of readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ')) if (/^\d+$/.test(c)) out.push(Number(c))
    } catch (err) {
      // A thread that ended while we looked has no file any more; a kernel without them has none at all.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && existsSync(`/proc/${pid}/task/${tid}`)) return null
    }
  }
  return out
}

/**
 * Every process in a session (Linux): node-pty makes the pane's root a session leader, so this is
 * the pane's whole tree, including background jobs that live in their own process groups.
 */
export function sessionMembers(sid: number): ProcStat[] {
  if (process.platform !== 'linux') return []
  const out: ProcStat[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const stat = readProcStat(Number(name))
    // Zombies are already dead; they only wait for their parent to reap them.
    if (stat && stat.session === sid && stat.state !== 'Z') out.push(stat)
  }
  return out
}

function signalQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal)
  } catch {
    // Swallow: the process or group is already gone, which is what we want.
  }
}

/**
 * Sends a signal to every process group of the pane's session (or the root's group off Linux).
 * Once the root has exited its pid may be reused by an unrelated process, so the root's group is
 * signalled only while `rootAlive`; survivors are still found through their session id.
 */
export function signalSession(rootPid: number, signal: NodeJS.Signals, rootAlive: boolean): number {
  const members = sessionMembers(rootPid)
  const groups = new Set(members.map((m) => m.pgrp))
  if (rootAlive) groups.add(rootPid)
  for (const pgrp of groups) {
    signalQuietly(-pgrp, signal)
    // A stopped job (Ctrl-Z) would sit on the hang-up until continued.
    if (signal === 'SIGHUP') signalQuietly(-pgrp, 'SIGCONT')
  }
  if (signal === 'SIGKILL') for (const m of members) signalQuietly(m.pid, 'SIGKILL')
  return members.length
}

export interface ForegroundReading {
  readonly tpgid: number
  readonly rootPgrp: number
  readonly argv: readonly string[]
  /** The root's controlling terminal as /proc/<pid>/stat encodes it (Linux), so a caller need not read it again. */
  readonly ttyNr?: number
  /** The root holds the terminal but is not at rest (see core's rootBusy); null when it is, or when another group is in front. */
  readonly rootBusy?: RootBusy | null
}

/** A small /proc file of a process, or null when it is gone or not ours to read (ptrace rules). */
export function readProcText(pid: number, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8')
  } catch {
    return null
  }
}

/**
 * Who owns the terminal: the foreground process group (tpgid) and its leader's argv.
 * Linux reads /proc; macOS asks `ps` (async, one short process per reading).
 */
export async function readForeground(rootPid: number, withRootBusy = true): Promise<ForegroundReading | null> {
  if (process.platform === 'linux') {
    const root = readProcStat(rootPid)
    if (!root || root.tpgid <= 0) return null
    const argv = readCmdline(root.tpgid) ?? (root.tpgid === root.pgrp ? readCmdline(rootPid) : null)
    const comm = argv ?? [readProcStat(root.tpgid)?.comm ?? '?']
    // wchan only when the root is in front and asleep: one more small read, on the looks that need it.
    const busy =
      !withRootBusy || root.tpgid !== root.pgrp ? null : rootBusy(root.state, root.state === 'S' ? (readProcText(rootPid, 'wchan')?.trim() ?? null) : null)
    return { tpgid: root.tpgid, rootPgrp: root.pgrp, argv: comm, ttyNr: root.ttyNr, rootBusy: busy }
  }
  const ps = (args: string[]) => new Promise<string>((res) => execFile('ps', args, { timeout: 2000 }, (err, stdout) => res(err ? '' : stdout.trim())))
  const [tpgidText, pgidText, state = ''] = (await ps(['-o', 'tpgid=,pgid=,state=', '-p', String(rootPid)])).split(/\s+/)
  const [tpgid, pgid] = [Number(tpgidText), Number(pgidText)]
  if (!tpgid || !pgid || tpgid <= 0) return null
  const command = await ps(['-o', 'command=', '-p', String(tpgid)])
  // macOS ps: the first letter is the state (R running, S/I asleep); no wchan to tell a wait.
  return {
    tpgid,
    rootPgrp: pgid,
    argv: command ? command.split(/\s+/) : ['?'],
    rootBusy: withRootBusy && tpgid === pgid ? rootBusy(state.charAt(0), null) : null,
  }
}
