import type { IDisposable } from '../../core/lifecycle/disposable'
import type { BoardInfo, InvokeChannel } from '../../shared/ipc/contract'
import { toWireError } from '../../shared/ipc/errors'
import { clientMessageSchema, type ServerMessage } from '../../shared/ipc/wire'
import type { Board } from '../panes/board'
import type { Logger } from '../util/log'
import { BOARD_SCOPE, checkScope, eventInScope, scopeResult, type ClientScope } from './clientScope'
import { createHandlers, dispatchInvoke, dispatchSend } from './handlers'

export interface Connection extends IDisposable {
  /** One complete message from the client, as text. */
  receive(text: string): void
}

/**
 * One client over a byte-stream transport (WebSocket or Unix socket). Every message is parsed
 * and validated; a bad one is answered with an error (when it has an id) or counted and dropped,
 * and never reaches the board.
 */
export function openConnection(
  board: Board,
  info: () => BoardInfo,
  transmit: (msg: ServerMessage) => void,
  log: Logger,
  scope: ClientScope = BOARD_SCOPE,
): Connection & { readonly rejected: number } {
  const client = board.connect((payload) => transmit({ t: 'event', channel: 'pane:data', payload }))
  const handlers = createHandlers(board, client, info)
  const events = board.onEvent((event) => eventInScope(scope, event) && transmit({ t: 'event', channel: event.channel, payload: event.payload } as ServerMessage))
  let rejected = 0
  let closed = false

  return {
    get rejected() {
      return rejected
    },
    receive(text) {
      if (closed) return
      let raw: unknown
      try {
        raw = JSON.parse(text)
      } catch {
        rejected++
        log.warn('dropped a client message that is not JSON', { client: client.id, bytes: text.length })
        return
      }
      const parsed = clientMessageSchema.safeParse(raw)
      if (!parsed.success) {
        rejected++
        log.warn('dropped a malformed client message', { client: client.id })
        return
      }
      const msg = parsed.data
      if (msg.t === 'send') {
        try {
          if (scope.kind !== 'board') throw new Error(`${msg.channel} is not open to a program inside a pane`)
          dispatchSend(handlers.send, msg.channel, msg.args)
        } catch (err) {
          rejected++
          log.warn('rejected a client send', { client: client.id, error: toWireError(err).message })
        }
        return
      }
      const call = async () => {
        if (scope.kind !== 'board') checkScope(scope, msg.channel as InvokeChannel, Array.isArray(msg.args) ? msg.args : [])
        return scopeResult(scope, msg.channel as InvokeChannel, await dispatchInvoke(handlers.invoke, msg.channel, msg.args))
      }
      call().then(
        (value) => !closed && transmit({ t: 'result', id: msg.id, ok: true, value: value ?? null }),
        (err: unknown) => !closed && transmit({ t: 'result', id: msg.id, ok: false, error: toWireError(err) }),
      )
    },
    dispose() {
      closed = true
      events.dispose()
      client.dispose()
    },
  }
}
