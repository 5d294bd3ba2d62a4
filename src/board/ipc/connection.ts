import type { IDisposable } from '../../core/lifecycle/disposable'
import type { BoardInfo, InvokeChannel } from '../../shared/ipc/contract'
import { toWireError } from '../../shared/ipc/errors'
import { clientMessageSchema, type ClientMessage, type ServerMessage } from '../../shared/ipc/wire'
import type { Board } from '../panes/board'
import type { Logger } from '../util/log'
import { BOARD_SCOPE, checkScope, eventInScope, scopeResult, type ClientScope } from './clientScope'
import { ClientOutbox, type ClientTransport } from './clientOutbox'
import { createHandlers, dispatchInvoke, dispatchSend } from './handlers'

/** Invokes of one client running at once, and waiting before its transport stops reading. */
const MAX_IN_FLIGHT = 8
const MAX_QUEUED = 64

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
  transport: ClientTransport,
  log: Logger,
  scope: ClientScope = BOARD_SCOPE,
): Connection & { readonly rejected: number } {
  const outbox = new ClientOutbox(
    transport,
    () =>
      [...board.list(), ...(board.remotes?.list() ?? [])]
        .filter((p) => scope.kind === 'board' || p.id === scope.paneId)
        .map((payload) => ({ t: 'event', channel: 'pane:changed', payload })),
    (reason) => log.warn('closed a client that does not read', { reason }),
  )
  const transmit = (msg: ServerMessage) => outbox.send(msg)
  const client = board.connect(
    (payload) => transmit({ t: 'event', channel: 'pane:data', payload }),
    () => outbox.backedUp,
  )
  const handlers = createHandlers(board, client, info)
  const events = board.onEvent(
    (event) => eventInScope(scope, event) && transmit({ t: 'event', channel: event.channel, payload: event.payload } as ServerMessage),
  )
  // The user's own windows and tabs may be told to show a notification; a program in a pane never.
  const attention =
    scope.kind === 'board' ? board.attention.attach(client.id, (channel, payload) => transmit({ t: 'event', channel, payload } as ServerMessage)) : null
  let rejected = 0
  let closed = false
  // Invokes run a few at a time per client: 4000 pipelined `pane:screen`s must not all hold
  // their answers in memory at once.
  const queue: Extract<ClientMessage, { t: 'invoke' }>[] = []
  let inFlight = 0
  const next = () => {
    while (!closed && inFlight < MAX_IN_FLIGHT && queue.length) {
      const msg = queue.shift()!
      inFlight++
      const call = async () => {
        if (scope.kind !== 'board') checkScope(scope, msg.channel as InvokeChannel, Array.isArray(msg.args) ? msg.args : [])
        return scopeResult(scope, msg.channel as InvokeChannel, await dispatchInvoke(handlers.invoke, msg.channel, msg.args))
      }
      call()
        .then(
          (value) => !closed && transmit({ t: 'result', id: msg.id, ok: true, value: value ?? null }),
          (err: unknown) => !closed && transmit({ t: 'result', id: msg.id, ok: false, error: toWireError(err) }),
        )
        .finally(() => {
          inFlight--
          if (queue.length < MAX_QUEUED / 2) transport.resume?.()
          next()
        })
    }
  }

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
      queue.push(msg)
      // A client that asks faster than the board answers waits: its transport stops reading.
      if (queue.length >= MAX_QUEUED) transport.pause?.()
      next()
    },
    dispose() {
      closed = true
      outbox.dispose()
      events.dispose()
      attention?.dispose()
      board.remotes?.clientGone(client.id)
      client.dispose()
    },
  }
}
