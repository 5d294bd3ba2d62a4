/**
 * What the Electron window's IPC does with a call, apart from Electron itself (so it is unit
 * tested here, where Electron's binary cannot run): validate it against the contract exactly as
 * the daemon will, then pass it on over the window's own connection to the daemon.
 */
import type { BoardApi } from '../shared/ipc/contract'
import { toWireError, type WireError } from '../shared/ipc/errors'
import { parseInvoke, parseSend } from '../shared/ipc/validate'

export async function forwardInvoke(client: BoardApi, channel: unknown, args: unknown[]): Promise<{ value: unknown } | { error: WireError }> {
  try {
    const call = parseInvoke(channel, args)
    const value: unknown = await (client.invoke as (c: string, ...a: unknown[]) => Promise<unknown>)(call.channel, ...(call.args as unknown[]))
    // The daemon serves browsers too; this window is the desktop app.
    if (call.channel === 'board:info' && value && typeof value === 'object') return { value: { ...value, mode: 'electron' } }
    return { value }
  } catch (err) {
    return { error: toWireError(err) }
  }
}

/** Throws (BoardError 'invalid') when the send does not fit the contract; nothing is passed on then. */
export function forwardSend(client: BoardApi, channel: unknown, args: unknown[]): void {
  const call = parseSend(channel, args)
  ;(client.send as (c: string, ...a: unknown[]) => void)(call.channel, ...(call.args as unknown[]))
}
