import { chmodSync, unlinkSync } from 'node:fs'
import { createServer, type Server, type Socket } from 'node:net'
import { randomBytes } from 'node:crypto'
import type { Clock } from '../core/lifecycle/clock'
import { PtyProcess } from '../board/pty/ptyProcess'
import { readProcStat } from '../board/pty/processTree'
import type { SessionReaper } from '../board/pty/sessionReaper'
import type { Logger } from '../board/util/log'
import type { DaemonKeeper } from './daemonKeeper'
import type { FdPass } from '../board/pty/fdPass'
import { HeldPty } from './heldPty'
import { PassedPty } from './passedPty'
import { ConnectionConstants, HostConnection } from './hostConnection'
import { PTY_HOST_PROTOCOL, type FromHost, type PtyId, type ToHost } from '../board/ptyHostProtocol/protocol'

export interface PtyHostOptions {
  readonly socketPath: string
  readonly clock: Clock
  readonly log: Logger
  readonly version: string
  /** What this host says it speaks (tests pretend another). */
  readonly protocol?: number
  readonly reaper: SessionReaper | null
  readonly keeper: DaemonKeeper
  /** Per terminal (HeldPtyConstants.LogBytes by default). */
  readonly logBytes?: number
  /** Everything is over (shutdown, or nothing left to hold): the process exits. */
  readonly onDone: () => void
  /** Pass terminals on to boards that can take them, instead of reading them here (fdPass.ts). */
  readonly fdPass?: FdPass | null
}

/** A board's descriptor channel: the socket's own descriptor, which fdPass sends on. */
interface FdChannel {
  readonly socket: Socket
  readonly fd: number
}

/**
 * The pty host: holds every pane's PTY and its program, and little else — a log of each
 * terminal's output since the board's last saved screen, the board's own record of each pane, and
 * one value of the board's (its report port). It serves one board process (the daemon) at a time
 * over a private Unix socket, outlives it, and gives everything back to the next one: a
 * `switchboard daemon --restart`, an upgrade or a crash of the daemon ends no program.
 */
export class PtyHost {
  private readonly ptys = new Map<PtyId, HeldPty | PassedPty>()
  /** The current board's descriptor channel, once it opened it; its token until then. */
  private channel: FdChannel | { readonly token: string } | null = null

  /**
   * Boards that said hello (their pids, as they claim them, with their start times where /proc
   * has them): processes of the board, not of a pane. A pid whose process ended is not one any more.
   */
  private readonly boards = new Map<number, string | null>()

  /** The programs this host started (node-pty waits for each itself). */
  programPids(): number[] {
    return [...this.ptys.values()].map((p) => p.pid)
  }

  /** The boards that connected so far and still run (a reused pid is another process). */
  boardPids(): number[] {
    for (const [pid, start] of this.boards) if (start !== null && readProcStat(pid)?.startTime !== start) this.boards.delete(pid)
    return [...this.boards.keys()]
  }
  private conn: HostConnection | null = null
  private nextId = 1
  /** Distinguishes this host's logs from any other's: a saved offset means nothing under another key. */
  private readonly instance = randomBytes(6).toString('hex')
  private boardState: string | null = null
  private readonly sockets = new Set<Socket>()
  private stopping: Promise<number> | null = null

  private constructor(
    private readonly server: Server,
    private readonly options: PtyHostOptions,
  ) {}

  static async listen(options: PtyHostOptions): Promise<PtyHost> {
    try {
      unlinkSync(options.socketPath) // a stale socket of a host that died; the lock says none runs
    } catch {
      // Swallow: usually there is none.
    }
    const server = createServer()
    const host = new PtyHost(server, options)
    server.on('connection', (socket) => host.accept(socket))
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      const oldMask = process.umask(0o177)
      server.listen(options.socketPath, () => {
        process.umask(oldMask)
        server.off('error', reject)
        resolve()
      })
    })
    chmodSync(options.socketPath, 0o600)
    server.on('error', (err) => options.log.error('pty host socket failed', { err: String(err) }))
    return host
  }

  get protocol(): number {
    return this.options.protocol ?? PTY_HOST_PROTOCOL
  }

  /** Terminals held, their programs running or not yet released. */
  get held(): number {
    return this.ptys.size
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket)
    socket.once('close', () => this.sockets.delete(socket))
    const conn = new HostConnection(socket, {
      message: (c, msg) => this.message(c, msg),
      input: (c, id, data) => {
        if (c === this.conn) this.ptys.get(id)?.pty.write(data)
      },
      closed: (c) => this.closed(c),
      backpressure: (c, full) => {
        if (c === this.conn) for (const pty of this.ptys.values()) if (pty instanceof HeldPty) pty.setHostPaused(full)
      },
    })
    const timer = this.options.clock.setTimeout(() => conn.helloDone || socket.destroy(), ConnectionConstants.HelloTimeoutMs)
    socket.once('close', () => timer.dispose())
  }

  private message(conn: HostConnection, msg: ToHost): void {
    if (msg.t === 'hello') return this.hello(conn, msg)
    if (msg.t === 'fd-channel') return this.openChannel(conn, msg.token)
    // Only the board that said hello last may act; an old one is told so and closed.
    if (!conn.helloDone || conn !== this.conn) return conn.send({ t: 'error', message: 'say hello first' })
    const pty = 'id' in msg ? this.ptys.get(msg.id) : undefined
    switch (msg.t) {
      case 'board':
        this.boardState = msg.board
        return
      case 'spawn':
        return this.spawn(conn, msg)
      case 'attach':
        if (!pty) return conn.send({ t: 'error', message: `no terminal ${msg.id} to attach` })
        if (pty instanceof PassedPty) return this.attachPassed(conn, pty, msg.from)
        pty.attach(msg.from)
        conn.send({ t: 'attached', id: pty.id, from: msg.from, logStart: pty.log.start })
        conn.outputDue(pty)
        if (pty.exit) conn.exitDue(pty)
        return
      case 'resize':
        return pty?.pty.resize(msg.cols, msg.rows)
      case 'pause':
        return pty instanceof HeldPty ? pty.setFlowPaused(true) : undefined
      case 'resume':
        return pty instanceof HeldPty ? pty.setFlowPaused(false) : undefined
      case 'kill':
        if (!pty) return conn.send({ t: 'killed', rid: msg.rid })
        void pty.pty.kill(msg.graceMs).then(() => conn.send({ t: 'killed', rid: msg.rid }))
        return
      case 'checkpoint':
        return pty?.checkpoint(msg.offset)
      case 'handover':
        if (pty) pty.handover = msg.handover
        return
      case 'release':
        return this.release(msg.id)
      case 'stop-output':
        conn.flushNow()
        conn.outputStopped = true
        conn.send({ t: 'output-stopped', rid: msg.rid })
        return
      case 'bye':
        conn.saidBye = true
        return
      case 'shutdown':
        void this.shutdown().then((panes) => conn.send({ t: 'shutdown-done', rid: msg.rid, panes }))
        return
    }
  }

  private hello(conn: HostConnection, msg: Extract<ToHost, { t: 'hello' }>): void {
    if (conn.helloDone) return
    conn.helloDone = true
    const me = { protocol: this.protocol, version: this.options.version, pid: process.pid }
    if (msg.protocol !== this.protocol) {
      this.options.log.warn('a board of another protocol connected; refused', { theirs: msg.protocol, ours: this.protocol, version: msg.version })
      conn.send({ t: 'refused', ...me, reason: `this pty host speaks protocol ${this.protocol}, the board ${msg.protocol}` })
      conn.close()
      return
    }
    // Before anything changes hands: the board connected now keeps its panes.
    if (!msg.fds && [...this.ptys.values()].some((p) => p instanceof PassedPty)) {
      this.options.log.warn('a board that cannot take descriptors connected to a host that passes them; refused', { version: msg.version })
      conn.send({
        t: 'refused',
        ...me,
        reason: 'this pty host passes its terminals on, and the board cannot take them (native/fdpass is missing or SWITCHBOARD_PTY_DIRECT=0)',
      })
      conn.close()
      return
    }
    const previous = this.conn
    if (previous) {
      // A board that hung and lost its lock, replaced by a new one: the new one has the panes now.
      this.options.log.warn('a new board took over from the one connected', { pid: msg.pid })
      previous.send({ t: 'replaced' })
      this.detachAll()
      previous.close()
    }
    this.conn = conn
    this.closeChannel()
    if (msg.fds && this.options.fdPass) this.channel = { token: randomBytes(16).toString('hex') }
    this.boards.set(msg.pid, process.platform === 'linux' ? (readProcStat(msg.pid)?.startTime ?? '') : null)
    this.options.keeper.connected(msg.launcher)
    this.options.log.info('board connected', { pid: msg.pid, version: msg.version, held: this.ptys.size })
    const welcome: FromHost = {
      t: 'welcome',
      ...me,
      reaperTag: this.options.reaper?.value ?? null,
      board: this.boardState,
      ptys: [...this.ptys.values()].map((p) => p.info()),
      direct: this.channel && 'token' in this.channel ? { token: this.channel.token } : null,
    }
    conn.send(welcome)
  }

  /** The current board's second connection, for descriptors: from now on spawns pass them on. */
  private openChannel(conn: HostConnection, token: string): void {
    const pending = this.channel
    const fd = (conn.socket as unknown as { _handle?: { fd?: number } })._handle?.fd
    if (conn.helloDone || !this.conn || !pending || !('token' in pending) || pending.token !== token || typeof fd !== 'number' || fd < 0) {
      this.options.log.warn('a descriptor channel that no board asked for; closed')
      conn.socket.destroy()
      return
    }
    conn.helloDone = true
    this.channel = { socket: conn.socket, fd }
    const board = this.conn
    // Without its channel a board cannot read new terminals: it is done with.
    conn.socket.once('close', () => board === this.conn && board.socket.destroy())
    board.send({ t: 'fd-channel-ready' })
  }

  private closeChannel(): void {
    if (this.channel && 'socket' in this.channel) this.channel.socket.destroy()
    this.channel = null
  }

  /** Sends a terminal's descriptor on the board's channel; what failed, or null. */
  private pass(pty: PassedPty): string | null {
    const channel = this.channel
    if (!channel || !('fd' in channel) || !this.options.fdPass) return 'the board has no descriptor channel'
    try {
      this.options.fdPass.send(channel.fd, pty.fd)
      return null
    } catch (err) {
      return `its descriptor could not be passed to the board (${err instanceof Error ? err.message : String(err)})`
    }
  }

  private attachPassed(conn: HostConnection, pty: PassedPty, from: number): void {
    const failed = this.pass(pty)
    if (failed) {
      this.options.log.error('a terminal could not be handed to the board', { pid: pty.pid, why: failed })
      return conn.send({ t: 'error', message: `terminal ${pty.id}: ${failed}` })
    }
    pty.attach()
    conn.send({ t: 'attached', id: pty.id, from, logStart: from, direct: true })
    if (pty.exit) conn.exitDue(pty)
  }

  private spawn(conn: HostConnection, msg: Extract<ToHost, { t: 'spawn' }>): void {
    if (this.channel && 'fd' in this.channel) return this.spawnPassed(conn, msg)
    const result = PtyProcess.launch(msg.launch, this.options.clock)
    if (!result.ok) return conn.send({ t: 'spawned', rid: msg.rid, ok: false, message: result.message })
    const id = this.nextId++
    const pty = new HeldPty(
      id,
      `${this.instance}-${id}`,
      result.pty,
      msg.handover,
      {
        output: (p) => this.conn?.outputDue(p),
        exit: (p) => this.conn?.exitDue(p),
      },
      this.options.logBytes,
    )
    this.options.reaper?.track(pty.pid)
    this.ptys.set(id, pty)
    pty.attach(0)
    // Before any output: node-pty delivers it from the event loop, after this turn.
    conn.send({ t: 'spawned', rid: msg.rid, ok: true, id, key: pty.key, pid: pty.pid })
  }

  /** A terminal the board reads itself: spawned here, held here, its descriptor passed on. */
  private spawnPassed(conn: HostConnection, msg: Extract<ToHost, { t: 'spawn' }>): void {
    const result = PtyProcess.launch(msg.launch, this.options.clock, true)
    if (!result.ok) return conn.send({ t: 'spawned', rid: msg.rid, ok: false, message: result.message })
    const master = result.pty.masterFd
    let fd: number
    try {
      if (master === null) throw new Error('node-pty gave no master descriptor')
      fd = this.options.fdPass!.dup(master)
    } catch (err) {
      result.pty.dispose()
      return conn.send({
        t: 'spawned',
        rid: msg.rid,
        ok: false,
        message: `the terminal could not be held: ${err instanceof Error ? err.message : String(err)}`,
      })
    }
    const id = this.nextId++
    const pty = new PassedPty(id, `${this.instance}-${id}`, result.pty, fd, msg.handover, (p) => this.conn?.exitDue(p))
    const failed = this.pass(pty)
    if (failed) {
      pty.dispose()
      return conn.send({ t: 'spawned', rid: msg.rid, ok: false, message: `the terminal could not be started: ${failed}` })
    }
    this.options.reaper?.track(pty.pid)
    this.ptys.set(id, pty)
    pty.attach()
    conn.send({ t: 'spawned', rid: msg.rid, ok: true, id, key: pty.key, pid: pty.pid, direct: true })
  }

  private release(id: PtyId): void {
    const pty = this.ptys.get(id)
    if (!pty) return
    this.ptys.delete(id)
    // Its session is empty (it exited and was reaped, or was killed): the id may be reused.
    this.options.reaper?.untrack(pty.pid)
    pty.dispose()
  }

  private detachAll(): void {
    for (const pty of this.ptys.values()) pty.detach()
  }

  private closed(conn: HostConnection): void {
    if (conn !== this.conn) return
    this.conn = null
    this.closeChannel()
    this.detachAll()
    if (this.stopping) return
    const holding = this.ptys.size > 0
    this.options.log.info(conn.saidBye ? 'board left (a restart)' : 'board connection lost', { held: this.ptys.size })
    if (!holding) {
      // Nothing to keep: the next board starts a host of its own.
      void this.shutdown()
      return
    }
    this.options.keeper.lost(conn.saidBye, holding)
  }

  /** Ends every pane (hang-up, then a hard kill after the grace) and stops; resolves with how many there were. */
  shutdown(): Promise<number> {
    return (this.stopping ??= (async () => {
      this.options.keeper.dispose()
      const ptys = [...this.ptys.values()]
      const running = ptys.filter((p) => !p.exit).length
      this.options.log.info('ending every pane', { panes: running })
      await Promise.all(ptys.map((p) => (p.pty.hasExited ? Promise.resolve() : p.pty.kill())))
      for (const p of ptys) p.dispose()
      this.ptys.clear()
      this.server.close()
      try {
        unlinkSync(this.options.socketPath)
      } catch {
        // Swallow: already gone.
      }
      // After the reply (sent by the caller right away) has had a turn to leave.
      setImmediate(() => {
        for (const s of this.sockets) s.end()
        this.options.onDone()
      })
      return running
    })())
  }
}
