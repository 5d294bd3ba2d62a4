import { readdirSync, readFileSync } from 'node:fs'
import { childPids, readProcStat } from '../pty/processTree'
import type { ConnectionEnds } from '../reports/reportServer'
import { holdsSocket } from './peerProcess'

export const enum ReportPeerConstants {
  /** Processes looked into per pane at most (a build's worth of compilers is far below). */
  MaxProcesses = 4096,
}

/** What the check says: the sender is in the pane, is not, or the kernel cannot be asked here. */
export type PeerVerdict = 'in-pane' | 'elsewhere' | 'unknown'

/**
 * The inode of the client end of an accepted IPv4 loopback connection, from /proc/net/tcp: '0'
 * once the client closed it, null when the table cannot be read (no /proc). A row that is not
 * there is '0' too: a sender gone before we look is no sender we can vouch for.
 */
function clientInode(ends: ConnectionEnds): string | null {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0')
  const local = `0100007F:${hex(ends.clientPort)}`
  const remote = `0100007F:${hex(ends.serverPort)}`
  let table: string
  try {
    table = readFileSync('/proc/net/tcp', 'utf8')
  } catch {
    return null
  }
  for (const line of table.split('\n')) {
    const f = line.trim().split(/\s+/)
    if (f[1] === local && f[2] === remote) return f[9] ?? '0'
  }
  return '0'
}

/**
 * The pane's processes: its root and everything below it, plus what left its parents but not its
 * session (a `nohup … &` whose parent exited), which the pty host adopted as a child subreaper.
 * Without children files (a kernel without CONFIG_PROC_CHILDREN), every process is looked at.
 */
export function paneProcesses(root: number, ptyHost?: number): number[] {
  const seen = new Set<number>([root])
  const queue = [root]
  const visit = (pid: number) => {
    if (seen.has(pid)) return
    seen.add(pid)
    queue.push(pid)
  }
  if (ptyHost !== undefined) for (const adopted of childPids(ptyHost) ?? []) if (readProcStat(adopted)?.session === root) visit(adopted)
  while (queue.length && seen.size < ReportPeerConstants.MaxProcesses) {
    const kids = childPids(queue.shift()!)
    if (kids === null) return everyProcessOf(root)
    kids.forEach(visit)
  }
  return [...seen]
}

function everyProcessOf(root: number): number[] {
  const stats = new Map<number, { ppid: number; session: number }>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const st = readProcStat(Number(name))
    if (st) stats.set(Number(name), st)
  }
  const inPane = (pid: number): boolean => {
    if (stats.get(pid)?.session === root) return true
    for (let at = pid, hops = 0; at > 1 && hops < 64; hops++) {
      if (at === root) return true
      at = stats.get(at)?.ppid ?? 0
    }
    return false
  }
  return [...stats.keys()].filter(inPane)
}

/**
 * Whether the process at the other end of an accepted loopback connection (a reporter's POST)
 * runs in the pane whose root is `panePid`, by what the kernel says alone: the connection's inode
 * (/proc/net/tcp) held by one of the pane's processes. Never by environment: any program of the
 * user can read another pane's SWITCHBOARD_REPORT_TOKEN from /proc/PID/environ (issue 24.4). The
 * newest processes are looked into first: a hook's reporter is a leaf, started last.
 */
export function tcpPeerInPane(ends: ConnectionEnds, panePid: number, ptyHost?: number): PeerVerdict {
  if (process.platform !== 'linux') return 'unknown'
  const inode = clientInode(ends)
  if (inode === null) return 'unknown'
  // No ports (the connection was reset before it was accepted), no row, or a closed client: no sender to vouch for.
  if (!ends.clientPort || !ends.serverPort || inode === '0' || panePid <= 1) return 'elsewhere'
  for (const pid of paneProcesses(panePid, ptyHost).reverse()) if (holdsSocket(pid, inode)) return 'in-pane'
  return 'elsewhere'
}
