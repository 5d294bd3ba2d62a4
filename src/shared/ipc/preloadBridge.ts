import type { BoardApi, EventChannel, InvokeChannel, SendChannel } from './contract'
import { fromWireError, type WireError } from './errors'

/**
 * What the Electron preload exposes as `window.switchboard`: the contract's channels only, each
 * checked against the registry in the preload. The renderer wraps it into a typed BoardApi.
 */
export interface PreloadBridge {
  invoke(channel: InvokeChannel, args: unknown[]): Promise<{ value: unknown } | { error: WireError }>
  send(channel: SendChannel, args: unknown[]): void
  on(channel: EventChannel, listener: (payload: unknown) => void): () => void
}

export function apiFromPreload(bridge: PreloadBridge): BoardApi {
  return {
    async invoke(channel, ...args) {
      const reply = await bridge.invoke(channel, args)
      if ('error' in reply) throw fromWireError(reply.error)
      return reply.value as never
    },
    send(channel, ...args) {
      bridge.send(channel, args)
    },
    on(event, listener) {
      return bridge.on(event, listener as (payload: unknown) => void)
    },
  }
}
