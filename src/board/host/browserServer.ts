import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'
import type { AddressInfo } from 'node:net'
import { networkInterfaces } from 'node:os'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { IDisposable } from '../../core/lifecycle/disposable'
import type { BoardInfo } from '../../shared/ipc/contract'
import { MAX_CLIENT_MESSAGE_BYTES } from '../../shared/ipc/wire'
import { openConnection } from '../ipc/connection'
import type { ClientTransport } from '../ipc/clientOutbox'
import type { Board } from '../panes/board'
import type { Logger } from '../util/log'
import { BROWSER_CSP } from './csp'
import { BrowserSessions } from './browserSessions'
import { AUTH_REFUSED_CLOSE, SESSION_HASH_KEY } from '../../shared/ipc/browserLogin'

/** Opens the static page and its assets only; the WebSocket needs a session (BrowserSessions). */
const COOKIE = 'switchboard_view'
/** A connection must have shown the token within this time, or it is closed. */
export const PRE_AUTH_MS = 5000
/** Connections that have not shown the token yet, at most; a newer one closes the oldest. */
export const MAX_PRE_AUTH = 64
/** All connections at most (browser tabs keep a few each). */
export const MAX_CONNECTIONS = 256
/** However a client holds its socket, closing the server takes no longer. */
const CLOSE_DEADLINE_MS = 1000
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
}

export interface BrowserServerOptions {
  readonly board: Board
  readonly info: () => BoardInfo
  readonly log: Logger
  /** The built renderer (out/renderer). */
  readonly rendererDir: string
  readonly host?: string
  readonly port?: number
  /** Fixed token (the daemon keeps its own across restarts); by default a fresh random one per run. */
  readonly token?: string
  /** A single-use login code (`/?code=…`, see src/client/loginCode.ts) is redeemed here, when given. */
  readonly redeemCode?: (code: string) => boolean
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

function cookieToken(req: IncomingMessage): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === COOKIE) return rest.join('=')
  }
  return null
}

/** A request target as a URL on our origin, or null when it is not a plain path (`//x`, garbage). */
function parseRequestUrl(target: string | undefined): URL | null {
  if (!target?.startsWith('/') || target.startsWith('//')) return null
  try {
    return new URL(target, 'http://board.invalid')
  } catch {
    return null
  }
}

/** The Host headers a browser sends for this server: the bound address, or each loopback name. */
function allowedHosts(bound: string, port: number): Set<string> {
  const wildcard = bound === '0.0.0.0' || bound === '::'
  const names = wildcard || bound === '127.0.0.1' || bound === 'localhost' || bound === '::1' ? ['127.0.0.1', 'localhost', '[::1]'] : []
  // Exposed on every interface: each of this machine's own addresses is a name for us, no other.
  if (wildcard)
    for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) names.push(a.family === 'IPv6' ? `[${a.address}]` : a.address)
  names.push(bound.includes(':') ? `[${bound}]` : bound)
  return new Set(names.map((n) => `${n.toLowerCase()}:${port}`))
}

/**
 * Browser mode: serves the built renderer and carries the contract over a WebSocket. A login (the
 * token or a login code in the URL, once) gets a session, handed to the page in the redirect's
 * fragment and presented by it as the WebSocket's first message, and an HttpOnly cookie that
 * opens the page and its assets only. Without them every request — page, asset or WebSocket — is
 * refused; with the cookie alone (it reaches every port of the host) nothing but the page opens.
 */
export class BrowserServer implements IDisposable {
  readonly token: string
  private readonly server: Server
  /** Every socket, so that close() can destroy even the ones taken over by an upgrade. */
  private readonly sockets = new Set<Socket>()
  /** Sockets that have not yet carried a request with the token, with their time-limit timers. */
  private readonly preAuth = new Map<Socket, NodeJS.Timeout>()
  private allowedHosts = new Set<string>()
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_MESSAGE_BYTES })
  /** Requests and upgrades refused for a missing or wrong token (reported by tests and logs). */
  refused = 0
  private readonly sessions: BrowserSessions

  private constructor(private readonly options: BrowserServerOptions) {
    this.token = options.token ?? randomBytes(24).toString('base64url')
    this.sessions = new BrowserSessions(this.token)
    this.server = createServer({ headersTimeout: PRE_AUTH_MS, requestTimeout: 30_000 }, (req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        this.options.log.warn('browser request failed', { err: String(err) })
        if (!res.headersSent) {
          res.writeHead(500, { connection: 'close' })
          res.end()
        } else res.destroy()
      })
    })
    this.server.maxConnections = MAX_CONNECTIONS
    this.server.on('connection', (socket: Socket) => this.track(socket))
    this.server.on('upgrade', (req, socket, head) => {
      try {
        this.upgrade(req, socket, head)
      } catch (err) {
        this.options.log.warn('browser upgrade failed', { err: String(err) })
        socket.destroy()
      }
    })
    this.wss.on('connection', (ws) => this.accept(ws))
  }

  static async listen(options: BrowserServerOptions): Promise<BrowserServer> {
    const server = new BrowserServer(options)
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject)
      server.server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
    })
    server.allowedHosts = allowedHosts(options.host ?? '127.0.0.1', server.port)
    return server
  }

  /** Sockets the server holds open now (upgraded ones included until they close). */
  connections(): Promise<number> {
    return new Promise((resolve, reject) => this.server.getConnections((err, n) => (err ? reject(err) : resolve(n))))
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port
  }

  /** The URL to open: it carries the token once; the page then drops it from the address bar. */
  get url(): string {
    const host = this.options.host && this.options.host !== '0.0.0.0' && this.options.host !== '::' ? this.options.host : '127.0.0.1'
    const shown = host.includes(':') ? `[${host}]` : host
    return `http://${shown}:${this.port}/?token=${this.token}`
  }

  private track(socket: Socket): void {
    this.sockets.add(socket)
    // Full: the oldest goes, not the newcomer — a browser sends its request at once, a flood of
    // idle sockets cannot keep it out.
    if (this.preAuth.size >= MAX_PRE_AUTH) {
      const [oldest, timer] = this.preAuth.entries().next().value!
      clearTimeout(timer)
      this.preAuth.delete(oldest)
      this.refused++
      oldest.destroy()
    }
    this.preAuth.set(
      socket,
      setTimeout(() => socket.destroy(), PRE_AUTH_MS),
    )
    socket.once('close', () => {
      this.sockets.delete(socket)
      this.authenticated(socket)
    })
  }

  /** The socket carried the token: it leaves the pre-auth pool and its time limit. */
  private authenticated(socket: Socket | Duplex): void {
    const timer = this.preAuth.get(socket as Socket)
    if (timer === undefined) return
    clearTimeout(timer)
    this.preAuth.delete(socket as Socket)
  }

  /** Pending pre-auth connections, for tests and the status line. */
  get pendingPreAuth(): number {
    return this.preAuth.size
  }

  /** The page cookie: enough for the page and its assets, and to ask for the WebSocket. */
  private authorized(req: IncomingMessage): boolean {
    const fromCookie = cookieToken(req)
    return fromCookie !== null && sameSecret(fromCookie, this.sessions.viewCookie())
  }

  /** A new login's session, for tests and hosts that hand it over themselves. */
  mintSession(): string {
    return this.sessions.mint()
  }

  /** A page on another name resolving to us (DNS rebinding) must not reach the board. */
  private hostAllowed(req: IncomingMessage): boolean {
    return req.headers.host !== undefined && this.allowedHosts.has(req.headers.host.toLowerCase())
  }

  private refuse(res: ServerResponse, status = 401): void {
    this.refused++
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', connection: 'close' })
    res.end(
      status === 421
        ? 'Switchboard: this server answers only to the address it printed at start.\n'
        : 'Switchboard: access refused. Open the URL the board printed at start; it carries the access token.\n',
    )
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!this.hostAllowed(req)) return this.refuse(res, 421)
    const url = parseRequestUrl(req.url)
    if (!url) {
      res.writeHead(400, { connection: 'close' })
      return void res.end()
    }
    const given = url.searchParams.get('token')
    const code = url.searchParams.get('code')
    if (given !== null || code !== null) {
      const ok = given !== null ? sameSecret(given, this.token) : (this.options.redeemCode?.(code!) ?? false)
      if (!ok) return this.refuse(res)
      this.authenticated(req.socket)
      // Always to our own root: a path taken from the request could read as another host (`//x`).
      // The session rides in the fragment, which the browser keeps for the page and sends nowhere.
      res.writeHead(303, {
        'set-cookie': `${COOKIE}=${this.sessions.viewCookie()}; HttpOnly; SameSite=Strict; Path=/`,
        location: `/#${SESSION_HASH_KEY}=${this.sessions.mint()}`,
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
      })
      return void res.end()
    }
    if (!this.authorized(req)) return this.refuse(res)
    this.authenticated(req.socket)
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' })
      return void res.end()
    }
    let decoded: string
    try {
      decoded = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname)
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' })
      return void res.end('bad path\n')
    }
    const rel = normalize(decoded).replace(/^([/\\])+/, '')
    const file = join(this.options.rendererDir, rel)
    if (!file.startsWith(this.options.rendererDir + sep) || rel.split(/[/\\]/).includes('..')) {
      res.writeHead(404)
      return void res.end()
    }
    try {
      const body = await readFile(file)
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-security-policy': BROWSER_CSP,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cache-control': 'no-store',
      })
      res.end(req.method === 'HEAD' ? undefined : body)
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
      res.end(rel === 'index.html' ? 'Switchboard: the renderer is not built; run `npm run build`.\n' : 'not found\n')
    }
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    // A page from another origin could ride on the cookie; the WebSocket handshake is not covered
    // by SameSite everywhere, so the Origin must be this very server (and the Host one of ours).
    const ok =
      this.hostAllowed(req) && req.headers.origin === `http://${req.headers.host}` && parseRequestUrl(req.url)?.pathname === '/ws' && this.authorized(req)
    if (!ok) {
      this.refused++
      // end() alone leaves a half-closed socket behind when the client never closes its side.
      socket.end('HTTP/1.1 401 Unauthorized\r\nconnection: close\r\ncontent-length: 0\r\n\r\n', () => socket.destroy())
      return
    }
    // Still pre-auth (and on its time limit) until its first message shows a session.
    this.wss.handleUpgrade(req, socket, head, (ws) => this.wss.emit('connection', ws, req))
  }

  /** The first message must be `{t: 'auth', session}` with a session of ours; then the contract flows. */
  private accept(ws: WebSocket): void {
    ws.once('message', (data, isBinary) => {
      let session: unknown
      try {
        const hello = isBinary ? null : (JSON.parse(data.toString()) as { t?: unknown; session?: unknown })
        session = hello?.t === 'auth' ? hello.session : undefined
      } catch {
        session = undefined
      }
      const socket = (ws as unknown as { _socket?: Duplex })._socket
      if (!this.sessions.valid(session)) {
        this.refused++
        ws.close(AUTH_REFUSED_CLOSE, 'this tab’s login is unknown or expired')
        // A client that never answers the close is cut off anyway.
        setTimeout(() => ws.terminate(), 1000).unref()
        return
      }
      if (socket) this.authenticated(socket)
      this.open(ws)
    })
    ws.on('error', () => ws.terminate())
  }

  private open(ws: WebSocket): void {
    const transport: ClientTransport = {
      write: (text) => ws.readyState === ws.OPEN && ws.send(text),
      buffered: () => ws.bufferedAmount,
      // Not reading at all: a close frame would queue behind the rest, so cut it off.
      close: () => ws.terminate(),
      pause: () => ws.pause(),
      resume: () => ws.resume(),
    }
    const connection = openConnection(this.options.board, this.options.info, transport, this.options.log)
    ws.on('message', (data, isBinary) => {
      if (isBinary) return
      connection.receive(data.toString())
    })
    ws.on('close', () => connection.dispose())
    ws.on('error', () => ws.terminate())
  }

  /** Stops listening and destroys every socket; never takes longer than CLOSE_DEADLINE_MS. */
  async close(): Promise<void> {
    for (const ws of this.wss.clients) ws.terminate()
    this.wss.close()
    for (const timer of this.preAuth.values()) clearTimeout(timer)
    this.preAuth.clear()
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()))
    this.server.closeAllConnections()
    for (const socket of this.sockets) socket.destroy()
    await Promise.race([closed, new Promise<void>((resolve) => setTimeout(resolve, CLOSE_DEADLINE_MS).unref())])
  }

  dispose(): void {
    void this.close()
  }
}
