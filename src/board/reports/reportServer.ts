import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { AddressInfo, Socket } from 'node:net'
import type { Clock } from '../../core/lifecycle/clock'
import type { IDisposable } from '../../core/lifecycle/disposable'
import type { PaneId } from '../../shared/domain/pane'
import type { PayloadFormat } from '../../core/agents/agentManifest'
import type { Logger } from '../util/log'
import { PAYLOAD_PARSERS } from './payloads'
import { REJECTION_REASONS, type IncomingReport, type RejectionReason, type PaneReportStats, type ReportSink, type ReportStats } from './report'
import { TokenBucket } from './tokenBucket'

export const enum ReportConstants {
  /** Largest body accepted. A Claude `PostToolUse` carries the tool's output (Claude cuts it to
   * ~30k chars); 1 MiB leaves room and bounds what one request can make main buffer (emdash's cap). */
  MaxBodyBytes = 1024 * 1024,
  /** A client that has not sent its headers by then is cut off (slowloris). */
  HeadersTimeoutMs = 2000,
  /** A whole request (headers and body) must arrive within this; reporters give up at 2 s anyway. */
  RequestTimeoutMs = 5000,
  /** How often Node checks the two timeouts above (its default, 30 s, would let them slip). */
  TimeoutCheckMs = 500,
  /**
   * Connections that have not shown a token yet, at most: a newer one closes the oldest, so a
   * flood of idle or slow connections cannot keep a reporter (which sends at once) out.
   */
  MaxPreAuth = 64,
  /** Connections one pane's token may hold at once; the next gets 503 and its pane only waits. */
  PerPaneConnections = 16,
  /** All connections at once, as a guard on file descriptors. */
  MaxConnections = 2048,
  /** Per pane: reports at once, then per second. Real agents stay far below (a few per tool call). */
  Burst = 200,
  PerSecond = 100,
}

/** The header carrying the pane's token (Claude sends it through `allowedEnvVars`). */
export const TOKEN_HEADER = 'x-switchboard-token'
/** Reports go to `POST /v1/report/<paneId>`: the id routes, the token authenticates. */
export const REPORT_PATH = '/v1/report/'

/** Who reports for a pane: the agent's id and the body its reporter posts (null: it reports nothing, every body is refused). */
export interface Reporter {
  readonly agent: string
  readonly payload: PayloadFormat | null
}

export interface Registration extends IDisposable {
  readonly paneId: PaneId
  readonly agent: string
  /** The pane's secret: give it to the pane in its environment only (never argv, never a log). */
  readonly token: string
  /** Where this pane's reports go. */
  readonly url: string
}

interface Entry {
  readonly agent: string
  readonly payload: PayloadFormat | null
  readonly digest: Buffer
  readonly bucket: TokenBucket
  readonly onReport: ReportSink | undefined
}

export interface ReportServerOptions {
  readonly sink: ReportSink
  readonly clock: Clock
  readonly log: Logger
  readonly maxBodyBytes?: number
  readonly port?: number
  /**
   * Whether the process at the other end of `socket` runs in pane `paneId` (true also where that
   * cannot be told). A token alone is not enough: any program of the user can read another pane's
   * token from /proc/PID/environ, and one in pane 2 posted a PermissionRequest as pane 54.
   */
  readonly peerInPane?: (ends: ConnectionEnds, paneId: PaneId) => boolean
}

/** A loopback connection's two ports, read when it is accepted (a reset connection no longer says). */
export interface ConnectionEnds {
  readonly clientPort: number
  readonly serverPort: number
}

const digest = (token: string) => createHash('sha256').update(token).digest()

/**
 * The authenticated report server: HTTP on 127.0.0.1 (random port), one random token per pane.
 * A report with an unknown pane or a wrong token gets 401 and changes nothing; malformed JSON,
 * invalid payloads, oversize bodies, slow clients and floods are refused and counted, never
 * thrown. Accepted reports go to the pane's own `onReport` (e.g. the prompt marker) and then to
 * the sink, both before the response, so a hook that waits for its answer knows main has it.
 */
export class ReportServer implements IDisposable {
  private readonly panes = new Map<PaneId, Entry>()
  private readonly counts = Object.fromEntries(REJECTION_REASONS.map((r) => [r, 0])) as Record<RejectionReason, number>
  private accepted = 0
  private readonly maxBody: number
  /** Sockets that have not carried a valid token yet, oldest first (a Set keeps insertion order). */
  private readonly preAuth = new Set<Socket>()
  private readonly owner = new Map<Socket, PaneId>()
  /** Connections whose sending process was found in the pane they post for (a kept-alive one is not looked up again). */
  private readonly verified = new WeakMap<Socket, PaneId>()
  private readonly ends = new WeakMap<Socket, ConnectionEnds>()
  private readonly perPane = new Map<PaneId, { sockets: Set<Socket>; accepted: number; rejected: Partial<Record<RejectionReason, number>> }>()
  private droppedPreAuth = 0

  private constructor(
    private readonly server: Server,
    private readonly options: ReportServerOptions,
  ) {
    this.maxBody = options.maxBodyBytes ?? ReportConstants.MaxBodyBytes
    server.on('connection', (socket: Socket) => this.track(socket))
    server.on('request', (req, res) => this.handle(req, res))
    // Garbage that is not HTTP at all: count it and drop the connection (the default would answer 400).
    server.on('clientError', (_err, socket) => {
      this.counts['bad-request']++
      socket.destroy()
    })
  }

  /**
   * Listens on 127.0.0.1, on `options.port` when given (the port the running agents' hooks were
   * configured with, for a board restarted under the pty host), else on a random one.
   */
  static listen(options: ReportServerOptions): Promise<ReportServer> {
    const server = createServer({
      headersTimeout: ReportConstants.HeadersTimeoutMs,
      requestTimeout: ReportConstants.RequestTimeoutMs,
      connectionsCheckingInterval: ReportConstants.TimeoutCheckMs,
    })
    server.maxConnections = ReportConstants.MaxConnections
    return new Promise((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.port ?? 0, '127.0.0.1', () => {
        server.off('error', reject)
        resolve(new ReportServer(server, options))
      })
    })
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port
  }

  /**
   * Opens a pane for reports; `onReport` sees that pane's accepted reports before the sink.
   * `token`: the one an agent already runs with (a board restarted under the pty host takes its
   * panes over); a fresh random one otherwise.
   */
  register(paneId: PaneId, reporter: Reporter, onReport?: ReportSink, token: string = randomBytes(32).toString('base64url')): Registration {
    const { agent, payload } = reporter
    if (this.panes.has(paneId)) throw new Error(`pane ${paneId} already has a report registration; dispose it first`)
    const entry: Entry = {
      agent,
      payload,
      digest: digest(token),
      bucket: new TokenBucket(ReportConstants.Burst, ReportConstants.PerSecond, this.options.clock.now()),
      onReport,
    }
    this.panes.set(paneId, entry)
    this.perPane.set(paneId, { sockets: new Set(), accepted: 0, rejected: {} })
    return {
      paneId,
      agent,
      token,
      url: `http://127.0.0.1:${this.port}${REPORT_PATH}${encodeURIComponent(paneId)}`,
      dispose: () => {
        if (this.panes.get(paneId) !== entry) return
        this.panes.delete(paneId)
        for (const socket of this.perPane.get(paneId)?.sockets ?? []) socket.destroy()
        this.perPane.delete(paneId)
      },
    }
  }

  stats(): ReportStats {
    return {
      accepted: this.accepted,
      rejected: { ...this.counts },
      connections: { preAuth: this.preAuth.size, droppedPreAuth: this.droppedPreAuth, busy: this.counts.busy, open: this.preAuth.size + this.owner.size },
    }
  }

  /** One pane's counters: its accepted reports and the refusals addressed to it. */
  paneStats(paneId: PaneId): PaneReportStats | null {
    const p = this.perPane.get(paneId)
    return p ? { accepted: p.accepted, rejected: { ...p.rejected } } : null
  }

  private track(socket: Socket): void {
    this.ends.set(socket, { clientPort: socket.remotePort ?? 0, serverPort: socket.localPort ?? 0 })
    this.preAuth.add(socket)
    if (this.preAuth.size > ReportConstants.MaxPreAuth) {
      const oldest = this.preAuth.values().next().value!
      this.preAuth.delete(oldest)
      this.droppedPreAuth++
      oldest.destroy()
    }
    socket.once('close', () => {
      this.preAuth.delete(socket)
      const paneId = this.owner.get(socket)
      if (paneId !== undefined) {
        this.owner.delete(socket)
        this.perPane.get(paneId)?.sockets.delete(socket)
      }
    })
  }

  /** The socket showed this pane's token: it moves to the pane's own pool, if there is room. */
  private claim(socket: Socket, paneId: PaneId): boolean {
    const owner = this.owner.get(socket)
    if (owner === paneId) return true
    const pool = this.perPane.get(paneId)
    if (!pool || pool.sockets.size >= ReportConstants.PerPaneConnections) return false
    // A kept-alive connection may carry the next report for another pane: it changes pools.
    if (owner !== undefined) this.perPane.get(owner)?.sockets.delete(socket)
    this.preAuth.delete(socket)
    this.owner.set(socket, paneId)
    pool.sockets.add(socket)
    return true
  }

  private reject(res: ServerResponse, req: IncomingMessage, status: number, reason: RejectionReason, message: string, paneId?: string): void {
    this.counts[reason]++
    const pool = paneId === undefined ? undefined : this.perPane.get(paneId)
    if (pool) pool.rejected[reason] = (pool.rejected[reason] ?? 0) + 1
    this.options.log.debug('report rejected', { reason, pane: paneId?.slice(0, 32), message })
    if (!res.headersSent) {
      // An oversize or stalled body is not read to its end: the connection closes. A small one
      // is drained, so the client reads its answer instead of a reset (the request timeout
      // still bounds how long that can take).
      const close = reason === 'oversize' || reason === 'timeout' || reason === 'busy'
      res.writeHead(status, { 'content-type': 'application/json', ...(close ? { connection: 'close' } : {}) })
      res.end(JSON.stringify({ error: message }))
    }
    req.resume()
  }

  private authenticate(req: IncomingMessage, paneId: string): Entry | null {
    const entry = this.panes.get(paneId)
    const header = req.headers[TOKEN_HEADER]
    if (!entry || typeof header !== 'string' || header.length === 0) return null
    return timingSafeEqual(digest(header), entry.digest) ? entry : null
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = req.url ?? ''
    if (req.method !== 'POST' || !url.startsWith(REPORT_PATH)) return this.reject(res, req, 404, 'bad-request', 'POST /v1/report/<pane> only')
    let paneId: string
    try {
      paneId = decodeURIComponent(url.slice(REPORT_PATH.length).split('?')[0] ?? '')
    } catch {
      return this.reject(res, req, 404, 'bad-request', 'the pane id in the path is not valid URI encoding')
    }
    const entry = this.authenticate(req, paneId)
    if (!entry) return this.reject(res, req, 401, 'unauthorized', 'unknown pane or wrong token', paneId)
    if (!this.claim(req.socket, paneId)) return this.reject(res, req, 503, 'busy', 'this pane has all its connections in use; try again', paneId)
    const declared = Number(req.headers['content-length'] ?? 0)
    if (declared > this.maxBody) return this.reject(res, req, 413, 'oversize', `body over ${this.maxBody} bytes`, paneId)
    if (!entry.bucket.take(this.options.clock.now())) return this.reject(res, req, 429, 'rate-limited', 'too many reports from this pane', paneId)

    const chunks: Buffer[] = []
    let size = 0
    let done = false
    const timer = setTimeout(() => {
      done = true
      this.reject(res, req, 408, 'timeout', 'the body did not arrive in time', paneId)
      req.destroy()
    }, ReportConstants.RequestTimeoutMs)
    req.on('data', (chunk: Buffer) => {
      if (done) return
      size += chunk.length
      if (size > this.maxBody) {
        done = true
        clearTimeout(timer)
        this.reject(res, req, 413, 'oversize', `body over ${this.maxBody} bytes`, paneId)
        return
      }
      chunks.push(chunk)
    })
    req.on('error', () => {
      // The client went away mid-body: nothing to answer, nothing to report.
      done = true
      clearTimeout(timer)
    })
    req.on('end', () => {
      clearTimeout(timer)
      if (done) return
      done = true
      if (!this.fromPane(req.socket, paneId))
        return this.reject(res, req, 401, 'outside-pane', 'the token is this pane’s, but the process sending it runs elsewhere', paneId)
      this.finish(res, req, paneId, entry, Buffer.concat(chunks))
    })
  }

  private fromPane(socket: Socket, paneId: PaneId): boolean {
    const check = this.options.peerInPane
    if (!check || this.verified.get(socket) === paneId) return true
    let ok: boolean
    try {
      ok = check(this.ends.get(socket) ?? { clientPort: 0, serverPort: 0 }, paneId)
    } catch (err) {
      // The kernel could not be asked: the token stands, as on a system where no peer can be told.
      this.options.log.error('could not tell which process sent a report; its token alone is taken', { pane: paneId, err: String(err) })
      ok = true
    }
    if (ok) this.verified.set(socket, paneId)
    return ok
  }

  private finish(res: ServerResponse, req: IncomingMessage, paneId: string, entry: Entry, body: Buffer): void {
    let json: unknown
    try {
      json = JSON.parse(body.toString('utf8'))
    } catch {
      return this.reject(res, req, 400, 'malformed', 'the body is not JSON', paneId)
    }
    const parsed = entry.payload
      ? PAYLOAD_PARSERS[entry.payload](json)
      : { ok: false as const, message: 'this agent reports nothing (its agent.toml has no [reporting])' }
    if (!parsed.ok) return this.reject(res, req, 422, 'invalid', `not a ${entry.agent} report: ${parsed.message}`, paneId)
    // The pane may have been unregistered while the body was arriving.
    if (this.panes.get(paneId) !== entry) return this.reject(res, req, 401, 'unauthorized', 'the pane is gone', paneId)
    const report: IncomingReport = {
      paneId,
      agent: entry.agent,
      event: parsed.value.event,
      payload: parsed.value.payload,
      receivedAt: this.options.clock.now(),
    }
    this.accepted++
    const pool = this.perPane.get(paneId)
    if (pool) pool.accepted++
    for (const deliver of [entry.onReport, this.options.sink]) {
      try {
        deliver?.(report)
      } catch (err) {
        this.options.log.error('report consumer failed', { pane: paneId, event: report.event, err: String(err) })
      }
    }
    // Claude reads an http hook's answer as hook output: `{}` means "no decision", the dialog goes on.
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end('{}')
  }

  /** Stops listening and drops every connection; registrations die with it. */
  close(): Promise<void> {
    this.panes.clear()
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()))
    this.server.closeAllConnections()
    for (const socket of [...this.preAuth, ...this.owner.keys()]) socket.destroy()
    return closed
  }

  dispose(): void {
    void this.close()
  }
}
