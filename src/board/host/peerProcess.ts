import { execFile } from 'node:child_process'
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import type { Socket } from 'node:net'
import { parseProcStat, type ProcStat } from '../../core/process/procStat'

/**
 * Which process is at the other end of an accepted Unix socket. Node exposes no SO_PEERCRED, so
 * this asks the kernel's socket diagnostics through `ss -xp` (iproute2): the line of our end
 * names its peer's inode, the peer's line names its process. Linux only; null when it cannot tell.
 */
export async function peerPid(socket: Socket, claimed?: number): Promise<number | null> {
  if (process.platform !== 'linux') return null
  const fd = (socket as unknown as { _handle?: { fd?: number } })._handle?.fd
  if (typeof fd !== 'number' || fd < 0) return null
  let local: string
  try {
    local = /socket:\[(\d+)\]/.exec(readlinkSync(`/proc/self/fd/${fd}`))?.[1] ?? ''
  } catch {
    return null
  }
  if (!local) return null
  // A client that says who it is costs `ss -x` (no walk over every process's fds) and a look at
  // its own fds; the claim is believed only if that process holds our socket's peer.
  const withProcesses = claimed === undefined
  const table = await new Promise<string | null>((resolve) =>
    execFile('ss', [withProcesses ? '-xpH' : '-xH'], { timeout: 2000, maxBuffer: 8 * 1024 * 1024 }, (err, stdout) => resolve(err ? null : stdout)),
  )
  if (table === null) return null
  if (!withProcesses) {
    const peer = new RegExp(`^\\S+\\s+\\S+\\s+\\d+\\s+\\d+\\s+\\S+\\s+${local}\\s+\\S+\\s+(\\d+)`, 'm').exec(table)?.[1]
    if (peer && holdsSocket(claimed, peer)) return claimed
    return peerPid(socket)
  }
  // u_str ESTAB 0 0 <local addr> <inode> <peer addr> <peer inode> users:(("name",pid=N,fd=M))
  const rows = new Map<string, { peer: string; pid: number | null }>()
  for (const line of table.split('\n')) {
    const m = /^\S+\s+\S+\s+\d+\s+\d+\s+\S+\s+(\d+)\s+\S+\s+(\d+)(.*)$/.exec(line.trim())
    if (m) rows.set(m[1]!, { peer: m[2]!, pid: Number(/pid=(\d+)/.exec(m[3]!)?.[1] ?? NaN) || null })
  }
  const peer = rows.get(local)?.peer
  return peer ? (rows.get(peer)?.pid ?? null) : null
}

/** Whether process `pid` holds the socket with this inode among its fds. */
export function holdsSocket(pid: number, inode: string): boolean {
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`) return true
      } catch {
        // Swallow: the fd closed while we looked.
      }
    }
  } catch {
    // Swallow: no such process, or not ours to read.
  }
  return false
}

/** What the pane lookup reads of a process: its parent and its session. */
export type ProcessStat = Pick<ProcStat, 'ppid' | 'session'>

function statOf(pid: number): ProcessStat | null {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return null
  }
}

/** Where a process was found: in a pane, or below the pty host having left every pane (reparented there by the subreaper). */
export type ProcessPlace = { readonly kind: 'pane'; readonly paneId: string } | { readonly kind: 'left-pane'; readonly via: number }

/**
 * The pane a process belongs to: a pane's pid is the leader of its terminal's session, so a
 * process in that session or below that pid is in the pane; a process that left both (`setsid`,
 * reparented) still carries the pane's id in the environment it started with. A process that left
 * all three (`setsid -f env -i …`) is still below the pty host, a child subreaper that adopts
 * whatever double-forks out of a pane: it is the board's program, in no pane it can name. Walking
 * up from a process passes this board's own pid first for what the board itself started.
 */
export function paneOfProcess(
  pid: number,
  panes: readonly { readonly id: string; readonly pid: number }[],
  socketPath: string,
  stat: (pid: number) => ProcessStat | null = statOf,
  ancestors: { readonly board: number; readonly ptyHost?: number } = { board: process.pid },
): ProcessPlace | null {
  // Only running panes: a restored (interrupted) or exited pane has pid 0, and a process started
  // outside any session (`docker exec`, some CI runners) reads session 0 — that is no pane's.
  const byPid = new Map(panes.filter((p) => p.pid > 1).map((p) => [p.pid, p.id]))
  const inPane = (paneId: string): ProcessPlace => ({ kind: 'pane', paneId })
  const own = stat(pid)
  if (own && byPid.has(own.session)) return inPane(byPid.get(own.session)!)
  let leftVia: number | null = null
  for (let at = pid, hops = 0; at > 1 && hops < 64; hops++) {
    if (byPid.has(at)) return inPane(byPid.get(at)!)
    if (at === ancestors.board) break
    if (ancestors.ptyHost !== undefined && at === ancestors.ptyHost) {
      leftVia = at
      break
    }
    const parent = stat(at)
    if (!parent) break
    at = parent.ppid
  }
  try {
    const env = readFileSync(`/proc/${pid}/environ`, 'utf8')
    // Only this board's panes: a CLI run in another board's pane carries that board's socket.
    const m = /(?:^|\0)SWITCHBOARD_PANE_ID=([^\0]*)/.exec(env)
    if (m && env.split('\0').includes(`SWITCHBOARD_SOCKET=${socketPath}`)) return inPane(m[1]!)
  } catch {
    // Swallow: the process is gone or not ours; the caller decides on what it knows.
  }
  return leftVia === null ? null : { kind: 'left-pane', via: leftVia }
}
