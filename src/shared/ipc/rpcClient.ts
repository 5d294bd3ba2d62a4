import type { BoardApi, EventChannel, EventMap, InvokeArgs, InvokeChannel, InvokeResult, SendArgs, SendChannel } from './contract'
import { BoardError, fromWireError } from './errors'
import type { ClientMessage, ServerMessage } from './wire'

/**
 * The client half of the wire protocol, independent of the transport: the renderer gives it a
 * WebSocket, the CLI a Unix socket. Feed every server message to `receive`; call `close` when the
 * transport ends so pending calls fail instead of hanging.
 */
export class RpcClient implements BoardApi {
  private nextId = 1
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>()
  private readonly listeners = new Map<EventChannel, Set<(payload: never) => void>>()
  private closedWith: Error | null = null

  constructor(private readonly transmit: (msg: ClientMessage) => void) {}

  invoke<C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>): Promise<InvokeResult<C>> {
    if (this.closedWith) return Promise.reject(this.closedWith)
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject })
      this.transmit({ t: 'invoke', id, channel, args: args as unknown[] })
    })
  }

  send<C extends SendChannel>(channel: C, ...args: SendArgs<C>): void {
    if (!this.closedWith) this.transmit({ t: 'send', channel, args: args as unknown[] })
  }

  on<E extends EventChannel>(event: E, listener: (payload: EventMap[E]) => void): () => void {
    let set = this.listeners.get(event)
    if (!set) this.listeners.set(event, (set = new Set()))
    set.add(listener as (payload: never) => void)
    return () => void set.delete(listener as (payload: never) => void)
  }

  receive(msg: ServerMessage): void {
    if (msg.t === 'result') {
      const call = this.pending.get(msg.id)
      if (!call) return
      this.pending.delete(msg.id)
      if (msg.ok) call.resolve(msg.value)
      else call.reject(fromWireError(msg.error))
      return
    }
    for (const listener of this.listeners.get(msg.channel) ?? []) (listener as (p: unknown) => void)(msg.payload)
  }

  close(reason = 'the connection to the board closed'): void {
    this.closedWith = new BoardError('internal', reason)
    for (const call of this.pending.values()) call.reject(this.closedWith)
    this.pending.clear()
  }
}
