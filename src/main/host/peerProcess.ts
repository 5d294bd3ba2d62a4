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

function holdsSocket(pid: number, inode: string): boolean {
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

/**
 * The pane a process belongs to: a pane's pid is the leader of its terminal's session, so a
 * process in that session or below that pid is in the pane; a process that left both (`setsid`,
 * reparented) still carries the pane's id in the environment it started with.
 */
export function paneOfProcess(
  pid: number,
  panes: readonly { readonly id: string; readonly pid: number }[],
  socketPath: string,
  stat: (pid: number) => ProcessStat | null = statOf,
): string | null {
  // Only running panes: a restored (interrupted) or exited pane has pid 0, and a process started
  // outside any session (`docker exec`, some CI runners) reads session 0 — that is no pane's.
  const byPid = new Map(panes.filter((p) => p.pid > 1).map((p) => [p.pid, p.id]))
  const own = stat(pid)
  if (own && byPid.has(own.session)) return byPid.get(own.session)!
  for (let at = pid, hops = 0; at > 1 && hops < 64; hops++) {
    if (byPid.has(at)) return byPid.get(at)!
    const parent = stat(at)
    if (!parent) break
    at = parent.ppid
  }
  try {
    const env = readFileSync(`/proc/${pid}/environ`, 'utf8')
    // Only this board's panes: a CLI run in another board's pane carries that board's socket.
    const m = /(?:^|\0)SWITCHBOARD_PANE_ID=([^\0]*)/.exec(env)
    if (m && env.split('\0').includes(`SWITCHBOARD_SOCKET=${socketPath}`)) return m[1]!
  } catch {
    // Swallow: the process is gone or not ours; the caller decides on what it knows.
  }
  return null
}

/** The inode of the client end of an accepted IPv4 loopback connection, from /proc/net/tcp; null when not found. */
function tcpClientInode(socket: Socket): string | null {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0')
  const local = `0100007F:${hex(socket.remotePort ?? 0)}`
  const remote = `0100007F:${hex(socket.localPort ?? 0)}`
  try {
    for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n')) {
      const f = line.trim().split(/\s+/)
      if (f[1] === local && f[2] === remote) return f[9] ?? null
    }
  } catch {
    // Swallow: no /proc; the caller cannot tell.
  }
  return null
}

/**
 * Whether the process holding the client end of an accepted loopback TCP connection (a
 * reporter's HTTP post) runs in the pane whose root is `panePid` — by what the kernel says alone:
 * the socket's inode (/proc/net/tcp) held by a process of the pane's session or below its root,
 * never by a process's environment, which any process can write. Only the pane's own processes
 * are looked into. Null when it cannot be told (not Linux, the connection is not in the table).
 */
export function tcpPeerInPane(socket: Socket, panePid: number): boolean | null {
  if (process.platform !== 'linux' || !socket.remotePort || !socket.localPort) return null
  const inode = tcpClientInode(socket)
  if (!inode || inode === '0') return null
  if (panePid <= 1) return false
  const stats = new Map<number, ProcessStat>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const st = statOf(Number(name))
    if (st) stats.set(Number(name), st)
  }
  const inPane = (pid: number): boolean => {
    if (stats.get(pid)?.session === panePid) return true
    for (let at = pid, hops = 0; at > 1 && hops < 64; hops++) {
      if (at === panePid) return true
      const parent = stats.get(at)
      if (!parent) return false
      at = parent.ppid
    }
    return false
  }
  for (const pid of stats.keys()) if (inPane(pid) && holdsSocket(pid, inode)) return true
  return false
}
