/**
 * The one place that knows how this window reaches the board. One bundle serves both hosts:
 * in Electron the preload exposes `window.switchboard`; in browser mode the page talks to the
 * server it was loaded from over a WebSocket at /ws, showing its login session first
 * (shared/ipc/browserLogin.ts: no cookie authorizes it).
 */
import type { BoardApi } from '../../../shared/ipc/contract'
import { apiFromPreload } from '../../../shared/ipc/preloadBridge'
import { RpcClient } from '../../../shared/ipc/rpcClient'
import type { ClientMessage, ServerMessage } from '../../../shared/ipc/wire'
import { AUTH_REFUSED_CLOSE, SESSION_HASH_KEY, SESSION_STORAGE_KEY, type AuthHello } from '../../../shared/ipc/browserLogin'

export type ConnectionStatus = { readonly kind: 'connecting' } | { readonly kind: 'open' } | { readonly kind: 'closed'; readonly reason: string }

export interface BoardConnection {
  readonly api: BoardApi
  readonly transport: 'electron' | 'websocket'
  /** Calls `listener` with the current status now and on every change; returns an unsubscribe. */
  onStatus(listener: (status: ConnectionStatus) => void): () => void
}

function statusCell(initial: ConnectionStatus) {
  let current = initial
  const listeners = new Set<(s: ConnectionStatus) => void>()
  return {
    set(next: ConnectionStatus) {
      current = next
      for (const l of [...listeners]) l(next)
    },
    subscribe(listener: (s: ConnectionStatus) => void) {
      listeners.add(listener)
      listener(current)
      return () => void listeners.delete(listener)
    },
  }
}

/** How often a tab whose board went away asks whether it is back. */
const RECONNECT_POLL_MS = 1_500

/**
 * The session a login handed this page (in the redirect's fragment), kept in this origin's
 * localStorage — port-scoped, unlike a cookie — and taken out of the address bar at once.
 */
function loginSession(win: Window): string | null {
  const loc = win.location
  const given = new URLSearchParams(loc.hash.slice(1)).get(SESSION_HASH_KEY)
  if (given) {
    try {
      win.localStorage.setItem(SESSION_STORAGE_KEY, given)
    } catch {
      // Swallow: storage may be off; this page still has the session.
    }
    win.history.replaceState(null, '', loc.pathname + loc.search)
    return given
  }
  try {
    return win.localStorage.getItem(SESSION_STORAGE_KEY)
  } catch {
    return null
  }
}

/**
 * The daemon keeps its address and token across restarts (src/daemon), so the session this
 * tab holds is good for the next one: once the page answers again, reload it — a fresh start of
 * the whole page, state and terminals, from the board that is there now.
 */
function reloadWhenBack(loc: Location, loggedOut: (reason: string) => void): void {
  const poll = () => {
    fetch(`${loc.origin}/`, { cache: 'no-store', credentials: 'same-origin' }).then(
      (res) => {
        if (res.ok) loc.reload()
        else if (res.status === 401 || res.status === 403)
          loggedOut('The board is back, but it does not know this tab’s login any more: run `switchboard open` to log in again.')
        else setTimeout(poll, RECONNECT_POLL_MS)
      },
      () => setTimeout(poll, RECONNECT_POLL_MS),
    )
  }
  setTimeout(poll, RECONNECT_POLL_MS)
}

function connectWebSocket(win: Window): BoardConnection {
  const loc = win.location
  const session = loginSession(win)
  const status = statusCell({ kind: 'connecting' })
  const ws = new WebSocket(`${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`)
  // Calls made before the socket opens wait here instead of failing.
  let outbox: string[] | null = []
  const client = new RpcClient((msg: ClientMessage) => {
    const text = JSON.stringify(msg)
    if (outbox) outbox.push(text)
    else if (ws.readyState === WebSocket.OPEN) ws.send(text)
  })
  let opened = false
  ws.addEventListener('open', () => {
    opened = true
    const hello: AuthHello = { t: 'auth', session: session ?? '' }
    ws.send(JSON.stringify(hello))
    for (const text of outbox ?? []) ws.send(text)
    outbox = null
    status.set({ kind: 'open' })
  })
  ws.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (typeof event.data !== 'string') return
    let msg: ServerMessage
    try {
      msg = JSON.parse(event.data) as ServerMessage
    } catch {
      return // Swallow: the board only sends JSON; a garbled frame is not ours to act on.
    }
    client.receive(msg)
  })
  ws.addEventListener('close', (event: CloseEvent) => {
    if (event.code === AUTH_REFUSED_CLOSE) {
      const why = session
        ? 'The board does not know this tab’s login any more (it expired, or the board’s token changed): run `switchboard open` to log in again.'
        : 'This tab has no login for the board: run `switchboard open` to log in.'
      outbox = null
      client.close(why)
      status.set({ kind: 'closed', reason: why })
      return
    }
    const reason = opened
      ? `The connection to the board closed${event.reason ? ` (${event.reason})` : ''}. The board may have stopped; this tab reconnects by itself when it is back.`
      : 'Could not connect to the board. It may have stopped, or this page was opened without its access token.'
    outbox = null
    client.close(reason)
    status.set({ kind: 'closed', reason })
    if (opened) reloadWhenBack(loc, (why) => status.set({ kind: 'closed', reason: why }))
  })
  return { api: client, transport: 'websocket', onStatus: status.subscribe }
}

/** Picks the preload bridge when Electron exposed it, else the WebSocket of browser mode. */
export function connectToBoard(win: Window = window): BoardConnection {
  if (win.switchboard) {
    const status = statusCell({ kind: 'open' })
    return { api: apiFromPreload(win.switchboard), transport: 'electron', onStatus: status.subscribe }
  }
  return connectWebSocket(win)
}
