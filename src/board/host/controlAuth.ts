import type { Socket } from 'node:net'
import { BOARD_SCOPE, type ClientScope } from '../ipc/clientScope'
import { paneOfProcess, peerPid } from './peerProcess'

/**
 * The first line a control client may send, before any contract message: a program inside a pane
 * shows the pane's token from its environment (SWITCHBOARD_PANE_TOKEN, never in argv).
 */
export interface ControlHello {
  readonly t: 'hello'
  readonly paneToken?: string
  /** The client's pid: a claim, checked against the kernel's socket table (saves a process walk). */
  readonly pid?: number
}

export function parseHello(line: string): ControlHello | null {
  try {
    const raw = JSON.parse(line) as unknown
    if (typeof raw !== 'object' || raw === null || (raw as { t?: unknown }).t !== 'hello') return null
    const token = (raw as { paneToken?: unknown }).paneToken
    const pid = (raw as { pid?: unknown }).pid
    return {
      t: 'hello',
      paneToken: typeof token === 'string' ? token : undefined,
      pid: Number.isSafeInteger(pid) && (pid as number) > 1 ? (pid as number) : undefined,
    }
  } catch {
    return null
  }
}

export interface ScopeSources {
  /** `security.paneControl` from the settings, read per connection. */
  readonly paneControl: () => 'own' | 'board'
  readonly paneForToken: (token: string) => string | null
  readonly panes: () => readonly { readonly id: string; readonly pid: number }[]
  readonly socketPath: string
  /** The pty host's pid: a process below it in no pane left one (see paneOfProcess). */
  readonly ptyHostPid?: number
  /** The peer's pid (default: the kernel's socket table); injectable for tests. */
  readonly peer?: (socket: Socket, claimed?: number) => Promise<number | null>
}

/**
 * Decides what a control connection may do. A pane token scopes it to that pane. Without one, the
 * kernel tells who is connecting: a process of a pane gets that pane only — dropping the token from
 * the environment gains nothing — and one that double-forked out of its pane gets none. Everyone else (the user's own terminal) has the whole board.
 */
export async function decideScope(socket: Socket, hello: ControlHello | null, sources: ScopeSources): Promise<ClientScope> {
  if (sources.paneControl() === 'board') return BOARD_SCOPE
  if (hello?.paneToken) {
    const paneId = sources.paneForToken(hello.paneToken)
    return { kind: 'pane', paneId, why: paneId ? 'it showed its pane token' : 'its pane token belongs to no pane' }
  }
  const pid = await (sources.peer ?? peerPid)(socket, hello?.pid)
  if (pid === null) return BOARD_SCOPE
  const place = paneOfProcess(pid, sources.panes(), sources.socketPath, undefined, { board: process.pid, ptyHost: sources.ptyHostPid })
  if (place === null) return BOARD_SCOPE
  if (place.kind === 'left-pane')
    return { kind: 'pane', paneId: null, why: `process ${pid} left its pane (it is below the pty host, pid ${place.via}, in no pane)` }
  return { kind: 'pane', paneId: place.paneId, why: `process ${pid} runs inside it` }
}
