import { connect, type Socket } from 'node:net'
import { performance } from 'node:perf_hooks'
import type { PaneId, PaneState } from '../../shared/domain/pane'
import type { RpcClient } from '../../shared/ipc/rpcClient'
import { rpcOverSocket } from '../../board/ipc/jsonLines'

/**
 * The flood scenario's client, in its own process like a renderer: one control-socket connection
 * that attaches (and acks) when told to, and times state changes of quiet panes after input.
 */
export const CLIENT_FLAG = '--bench-flood-client'

export type ToClient = { t: 'connect'; socketPath: string } | { t: 'attach'; paneId: PaneId } | { t: 'probe'; panes: PaneId[]; count: number; command: string }

export interface ProbeResult {
  readonly paneId: PaneId
  /** `pane:write` sent → matching `pane:state` 'working' received, one clock (ms); null if none came. */
  readonly workingMs: number | null
  /** `pane:write` sent → 'idle' received again (after the command ended), ms. */
  readonly idleMs: number | null
  /** Wall clock (Date.now, shared by both processes): write sent, board's state change, receipt. */
  readonly sentAt: number
  readonly boardAt: number | null
  readonly receivedAt: number | null
}

export type FromClient =
  | { t: 'connected' }
  | { t: 'attached'; paneId: PaneId }
  | { t: 'probed'; results: ProbeResult[]; floodChars: number; resyncs: number; resyncChars: number; elapsedMs: number }
  | { t: 'failed'; message: string }

interface Seen {
  readonly at: number
  readonly wall: number
  readonly boardAt: number
}
interface Waiter {
  readonly paneId: PaneId
  readonly state: PaneState
  readonly resolve: (seen: Seen | null) => void
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

function open(socketPath: string): Promise<{ socket: Socket; rpc: RpcClient }> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath)
    const rpc = rpcOverSocket(socket)
    socket.once('connect', () => resolve({ socket, rpc }))
    socket.once('error', reject)
    socket.on('close', () => rpc.close())
  })
}

export function runFloodClient(): void {
  const send = (msg: FromClient): void => void process.send?.(msg)
  const waiters = new Set<Waiter>()
  const attached = new Set<PaneId>()
  let floodChars = 0
  let resyncs = 0
  let resyncChars = 0
  let rpc: RpcClient | null = null

  const waitState = (paneId: PaneId, state: PaneState, timeoutMs: number) => {
    let waiter: Waiter | undefined
    const seen = new Promise<Seen | null>((resolve) => {
      const timer = setTimeout(() => done(null), timeoutMs)
      const done = (s: Seen | null) => {
        clearTimeout(timer)
        if (waiter) waiters.delete(waiter)
        resolve(s)
      }
      waiter = { paneId, state, resolve: done }
      waiters.add(waiter)
    })
    return { seen, cancel: () => waiter?.resolve(null) }
  }

  const probe = async (client: RpcClient, paneId: PaneId, command: string): Promise<ProbeResult> => {
    const working = waitState(paneId, 'working', 2000)
    const idle = waitState(paneId, 'idle', 4000)
    const sentAt = Date.now()
    const t0 = performance.now()
    const written = client.invoke('pane:write', paneId, command)
    const w = await working.seen
    if (!w) idle.cancel()
    const i = await idle.seen
    await written
    return {
      paneId,
      workingMs: w ? w.at - t0 : null,
      idleMs: i ? i.at - t0 : null,
      sentAt,
      boardAt: w ? w.boardAt : null,
      receivedAt: w ? w.wall : null,
    }
  }

  const handle = async (msg: ToClient): Promise<void> => {
    if (msg.t === 'connect') {
      const opened = await open(msg.socketPath)
      rpc = opened.rpc
      rpc.on('pane:data', ({ paneId, data, resync }) => {
        if (!attached.has(paneId)) return
        floodChars += data.length
        if (resync) {
          resyncs++
          resyncChars += data.length
        }
        opened.rpc.send('pane:ack', paneId, data.length)
      })
      rpc.on('pane:state', (change) => {
        const seen: Seen = { at: performance.now(), wall: Date.now(), boardAt: change.info.verdict.since }
        for (const w of [...waiters]) if (w.paneId === change.paneId && w.state === change.info.verdict.state) w.resolve(seen)
      })
      return send({ t: 'connected' })
    }
    if (!rpc) throw new Error('not connected')
    if (msg.t === 'attach') {
      attached.add(msg.paneId)
      await rpc.invoke('pane:attach', msg.paneId)
      return send({ t: 'attached', paneId: msg.paneId })
    }
    const results: ProbeResult[] = []
    const [chars0, resyncs0, resyncChars0] = [floodChars, resyncs, resyncChars]
    const t0 = performance.now()
    for (let i = 0; i < msg.count; i++) {
      const paneId = msg.panes[i % msg.panes.length] as PaneId
      const result = await probe(rpc, paneId, msg.command)
      results.push(result)
      // A missed 'working' means the command may still run: give it time before the next probe.
      await sleep(result.workingMs === null ? 800 : 100 + Math.random() * 100)
    }
    send({
      t: 'probed',
      results,
      floodChars: floodChars - chars0,
      resyncs: resyncs - resyncs0,
      resyncChars: resyncChars - resyncChars0,
      elapsedMs: performance.now() - t0,
    })
  }

  process.on('disconnect', () => process.exit(0))
  process.on('message', (msg: ToClient) => {
    handle(msg).catch((err: unknown) => send({ t: 'failed', message: err instanceof Error ? err.message : String(err) }))
  })
}
