import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { IDisposable } from '../../core/lifecycle/disposable'
import type { BoardInfo } from '../../shared/ipc/contract'
import { MAX_CLIENT_MESSAGE_BYTES, type ServerMessage } from '../../shared/ipc/wire'
import { openConnection } from '../ipc/connection'
import type { Board } from '../panes/board'
import type { Logger } from '../util/log'
import { BROWSER_CSP } from './csp'

const COOKIE = 'switchboard_token'
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
  /** Fixed token (tests); by default a fresh random one per run. */
  readonly token?: string
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

/**
 * Browser mode: serves the built renderer and carries the contract over a WebSocket. Every
 * request needs the per-run token, given once in the URL and then kept as an HttpOnly cookie;
 * without it, every request — page, asset or WebSocket — is refused.
 */
export class BrowserServer implements IDisposable {
  readonly token: string
  private readonly server: Server
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_MESSAGE_BYTES })
  /** Requests and upgrades refused for a missing or wrong token (reported by tests and logs). */
  refused = 0

  private constructor(private readonly options: BrowserServerOptions) {
    this.token = options.token ?? randomBytes(24).toString('base64url')
    this.server = createServer((req, res) => void this.handle(req, res))
    this.server.on('upgrade', (req, socket, head) => this.upgrade(req, socket, head))
    this.wss.on('connection', (ws) => this.accept(ws))
  }

  static async listen(options: BrowserServerOptions): Promise<BrowserServer> {
    const server = new BrowserServer(options)
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject)
      server.server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
    })
    return server
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

  private authorized(req: IncomingMessage): boolean {
    const fromCookie = cookieToken(req)
    return fromCookie !== null && sameSecret(fromCookie, this.token)
  }

  private refuse(res: ServerResponse): void {
    this.refused++
    res.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
    res.end('Switchboard: access refused. Open the URL the board printed at start; it carries the access token.\n')
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://board.invalid')
    const given = url.searchParams.get('token')
    if (given !== null) {
      if (!sameSecret(given, this.token)) return this.refuse(res)
      url.searchParams.delete('token')
      res.writeHead(303, {
        'set-cookie': `${COOKIE}=${this.token}; HttpOnly; SameSite=Strict; Path=/`,
        location: url.pathname + url.search,
        'cache-control': 'no-store',
      })
      return void res.end()
    }
    if (!this.authorized(req)) return this.refuse(res)
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' })
      return void res.end()
    }
    const rel = normalize(decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname)).replace(/^([/\\])+/, '')
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
    const url = new URL(req.url ?? '/', 'http://board.invalid')
    // A page from another origin could ride on the cookie; the WebSocket handshake is not covered
    // by SameSite everywhere, so the Origin must be this very server.
    const origin = req.headers.origin
    const sameOrigin = origin !== undefined && req.headers.host !== undefined && new URL(origin).host === req.headers.host
    if (url.pathname !== '/ws' || !this.authorized(req) || !sameOrigin) {
      this.refused++
      socket.end('HTTP/1.1 401 Unauthorized\r\nconnection: close\r\ncontent-length: 0\r\n\r\n')
      return
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.wss.emit('connection', ws, req))
  }

  private accept(ws: WebSocket): void {
    const transmit = (msg: ServerMessage) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg))
    }
    const connection = openConnection(this.options.board, this.options.info, transmit, this.options.log)
    ws.on('message', (data, isBinary) => {
      if (isBinary) return
      connection.receive(data.toString())
    })
    ws.on('close', () => connection.dispose())
    ws.on('error', () => ws.terminate())
  }

  async close(): Promise<void> {
    for (const ws of this.wss.clients) ws.terminate()
    this.wss.close()
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  dispose(): void {
    void this.close()
  }
}
