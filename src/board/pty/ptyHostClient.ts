import { connect, type Socket } from 'node:net'
import { dirname, join } from 'node:path'
import type { Clock } from '../../core/lifecycle/clock'
import { Emitter } from '../../core/lifecycle/emitter'
import type { IDisposable } from '../../core/lifecycle/disposable'
import { FrameReader, FrameType, inputFrame, jsonFrame, parseOutput } from '../ptyHostProtocol/frames'
import { PTY_HOST_PROTOCOL, type DaemonCommand, type FromHost, type HeldPtyInfo, type ToHost, type WireLaunch } from '../ptyHostProtocol/protocol'
import { findExecutable } from '../util/findExecutable'
import { checkCwd } from './launch'
import type { LaunchResult, PanePty, PtyBackend } from './panePty'
import { RemotePty, RemotePtyConstants, type RemotePtyLink } from './remotePty'
import { realClock } from '../util/clock'
import { loadFdPass, type FdPass } from './fdPass'
import { closeQuietly, PassedTerminals, type PassedTerminal } from './passedTerminals'

export const enum PtyHostClientConstants {
  /** The host answers hello at once; longer is a host that hangs. */
  HelloTimeoutMs = 10_000,
}

/** What the host said when this board connected. */
export interface PtyHostWelcome {
  readonly pid: number
  readonly version: string
  readonly reaperTag: string | null
  /** The board's own state as the previous board process left it. */
  readonly board: string | null
  /** Terminals it holds: panes of the previous board process, to take over. */
  readonly ptys: readonly HeldPtyInfo[]
}

/** The host speaks another protocol (an upgrade met a host of the old version). */
export class PtyHostMismatch extends Error {
  constructor(
    readonly host: { readonly protocol: number; readonly version: string; readonly pid: number },
    readonly held: number | null,
  ) {
    super(
      `the pty host that holds the running panes (pid ${host.pid}, Switchboard ${host.version}) speaks pty host protocol ${host.protocol}, this board ${PTY_HOST_PROTOCOL}: ` +
        `run \`switchboard quit\` to end those panes (they come back interrupted, ready to resume), then start the board again`,
    )
  }
}

export interface PtyHostClientOptions {
  readonly version: string
  /** How the host may start another daemon like this one if this one dies. */
  readonly launcher: DaemonCommand | null
  /** What this board says it speaks (tests pretend another). */
  readonly protocol?: number
  /** Takes terminals' descriptors from the host when it passes them (default: native/fdpass if built). */
  readonly fdPass?: FdPass | null
  /** Where passed terminals' output is written down (default: `ptylog` beside the socket). */
  readonly logDir?: string
  readonly clock?: Clock
  /** A passed terminal's output could not be written down. */
  readonly warn?: (message: string) => void
}

/**
 * The board's connection to the pty host (ptyHost/): its PTY backend. It spawns panes there and
 * takes over the ones the host already holds, each a RemotePty; it routes each output record and
 * exit to its pane; it asks the host to stop sending (a restart), to end everything (a quit), or
 * says goodbye. `onDidClose` fires when the host went away or another board replaced this one:
 * every pane's terminal is gone from this process then.
 */
export class PtyHostClient implements PtyBackend, IDisposable {
  private readonly ptys = new Map<number, RemotePty>()
  private readonly spawning = new Map<number, RemotePty>()
  private readonly requests = new Map<number, (msg: FromHost) => void>()
  private nextRid = 1
  private closed = false
  private closing = false
  private readonly _onDidClose = new Emitter<{ readonly why: string; readonly expected: boolean }>()
  readonly onDidClose = this._onDidClose.event

  private constructor(
    private readonly socket: Socket,
    readonly welcome: PtyHostWelcome,
    private readonly direct: PassedTerminals | null,
  ) {}

  /**
   * Connects and says hello. Rejects with PtyHostMismatch when the host speaks another protocol,
   * with the socket's error (ENOENT, ECONNREFUSED) when no host listens.
   */
  static connect(socketPath: string, options: PtyHostClientOptions): Promise<PtyHostClient> {
    return new Promise((resolve, reject) => {
      const socket = connect(socketPath)
      let client: PtyHostClient | null = null
      const early: FromHost[] = []
      const timer = setTimeout(
        () => fail(new Error(`the pty host at ${socketPath} did not answer within ${PtyHostClientConstants.HelloTimeoutMs / 1000} s`)),
        PtyHostClientConstants.HelloTimeoutMs,
      )
      const fail = (err: Error) => {
        clearTimeout(timer)
        socket.destroy()
        direct?.dispose()
        direct = null
        reject(err)
      }
      const fdPass = options.fdPass === undefined ? loadFdPassOrNull() : options.fdPass
      const logDir = options.logDir ?? join(dirname(socketPath), 'ptylog')
      let welcome: Extract<FromHost, { t: 'welcome' }> | null = null
      let direct: PassedTerminals | null = null
      const reader = new FrameReader((type, body) => {
        if (client) return client.frame(type, body)
        if (type !== FrameType.Json) return fail(new Error('the pty host sent output before its welcome'))
        const msg = JSON.parse(body.subarray(1).toString('utf8')) as FromHost
        if (msg.t === 'refused')
          return fail(
            msg.protocol === (options.protocol ?? PTY_HOST_PROTOCOL)
              ? new Error(`the pty host that holds the running panes (pid ${msg.pid}) refused this board: ${msg.reason}`)
              : new PtyHostMismatch(msg, null),
          )
        if (msg.t === 'welcome' && msg.direct) {
          if (!fdPass) return fail(new Error('the pty host passes terminals on, but this board cannot take them'))
          welcome = msg
          try {
            direct = PassedTerminals.open(socketPath, msg.direct.token, {
              fdPass,
              logDir,
              clock: options.clock ?? realClock,
              warn: options.warn ?? (() => undefined),
            })
          } catch (err) {
            return fail(new Error(`could not open the descriptor channel to the pty host: ${err instanceof Error ? err.message : String(err)}`))
          }
          return
        }
        if (msg.t === 'welcome') welcome = msg
        else if (msg.t !== 'fd-channel-ready' || !welcome) return void early.push(msg)
        clearTimeout(timer)
        const w = welcome!
        const passed = direct
        const ptys = passed ? w.ptys.map((held) => passed.describe(held)) : w.ptys
        passed?.sweep(ptys)
        client = new PtyHostClient(socket, { pid: w.pid, version: w.version, reaperTag: w.reaperTag, board: w.board, ptys }, direct)
        direct = null // the client's now: a late `fail` (the socket closing) must not close it
        socket.off('error', fail)
        socket.on('error', () => socket.destroy())
        socket.on('close', () => client!.lost())
        resolve(client)
      })
      socket.on('data', (chunk: Buffer) => {
        try {
          reader.push(chunk)
        } catch (err) {
          if (client) client.broken(err)
          else fail(err instanceof Error ? err : new Error(String(err)))
        }
      })
      socket.once('error', fail)
      socket.once('close', () => fail(new Error('the pty host closed the connection before its welcome')))
      socket.once('connect', () => {
        const hello: ToHost = {
          t: 'hello',
          protocol: options.protocol ?? PTY_HOST_PROTOCOL,
          version: options.version,
          pid: process.pid,
          launcher: options.launcher,
          fds: fdPass !== null,
        }
        socket.write(jsonFrame(hello))
      })
    })
  }

  private readonly link: RemotePtyLink = {
    input: (id, data) => this.write(inputFrame(id, data)),
    resize: (id, cols, rows) => this.send({ t: 'resize', id, cols, rows }),
    pause: (id) => this.send({ t: 'pause', id }),
    resume: (id) => this.send({ t: 'resume', id }),
    kill: (id, graceMs) => this.request({ t: 'kill', rid: 0, id, graceMs }).then(() => undefined),
    checkpoint: (id, offset) => this.send({ t: 'checkpoint', id, offset }),
    release: (id) => {
      this.ptys.delete(id)
      this.send({ t: 'release', id })
    },
  }

  /** Spawns in the host; what the board can tell at once (cwd, executable) fails here. */
  launch(launch: WireLaunch, handover = ''): LaunchResult {
    const [file] = launch.argv
    if (!file) return { ok: false, message: 'no command given' }
    const cwdProblem = checkCwd(launch.cwd)
    if (cwdProblem) return { ok: false, message: cwdProblem }
    if (!findExecutable(file, launch.env.PATH, launch.cwd))
      return { ok: false, message: `${file}: command not found (not an executable file, nor on the pane's PATH)` }
    if (this.closed) return { ok: false, message: 'the pty host is gone; the board restarts' }
    const pty = new RemotePty(this.link, null)
    const rid = this.nextRid++
    this.spawning.set(rid, pty)
    this.send({ t: 'spawn', rid, launch, handover })
    return { ok: true, pty }
  }

  /** Takes over a terminal the host holds, its output from `from` on (what follows the saved screen). */
  attach(held: HeldPtyInfo, from: number): RemotePty {
    const start = Math.max(from, held.logStart)
    const pty = new RemotePty(this.link, { id: held.id, pid: held.pid, key: held.key, from: start, direct: held.direct })
    this.ptys.set(held.id, pty)
    if (held.direct) this.replays.set(held.id, start)
    this.send({ t: 'attach', id: held.id, from })
    return pty
  }

  /** The host passes its terminals on: this process reads them (false: the host reads and forwards their output). */
  get readsTerminals(): boolean {
    return this.direct !== null
  }

  /** Passed terminals being attached: where their replay from the log starts. */
  private readonly replays = new Map<number, number>()

  /**
   * A terminal the host passed (its descriptor is next on the channel), read here from `from` on;
   * null when nothing reads it here any more (its descriptor is closed) or the connection broke.
   */
  private passed(pty: RemotePty | undefined, key: string, from: number): PassedTerminal | null {
    try {
      if (!this.direct) throw new Error('it passed a terminal this board did not ask for')
      const fd = this.direct.take()
      if (!pty) {
        closeQuietly(fd)
        return null
      }
      return this.direct.read(fd, key, from, (text, end) => pty.output(text, end))
    } catch (err) {
      this.broken(err)
      return null
    }
  }

  /** A terminal the board cannot take over (its record is unreadable): ended, and forgotten. */
  async discard(held: HeldPtyInfo): Promise<void> {
    await this.request({ t: 'kill', rid: 0, id: held.id, graceMs: RemotePtyConstants.KillGraceMs })
    this.send({ t: 'release', id: held.id })
  }

  /** The board's own state across its restarts. */
  setBoardState(board: string): void {
    this.send({ t: 'board', board })
  }

  /** The board's record of a pane changed. */
  updateHandover(pty: PanePty, handover: string): void {
    const id = pty instanceof RemotePty ? pty.hostId : null
    if (id !== null) this.send({ t: 'handover', id, handover })
  }

  /** A restart: no more output; resolves once everything the host sent has been delivered here. */
  async stopOutput(): Promise<void> {
    for (const pty of this.ptys.values()) pty.stopReading()
    await this.request({ t: 'stop-output', rid: 0 })
  }

  /** This board goes on purpose; a new one comes (a restart). */
  bye(): void {
    this.closing = true
    this.send({ t: 'bye' })
    this.socket.end()
  }

  /** Ends every pane and the host (a quit); resolves with how many were running. */
  async shutdown(): Promise<number> {
    this.closing = true
    const done = await this.request({ t: 'shutdown', rid: 0 })
    return done.t === 'shutdown-done' ? done.panes : 0
  }

  private request(msg: Extract<ToHost, { rid: number }>): Promise<FromHost> {
    if (this.closed) return Promise.resolve({ t: 'error', message: 'the pty host is gone' })
    const rid = this.nextRid++
    return new Promise((resolve) => {
      this.requests.set(rid, resolve)
      this.send({ ...msg, rid } as ToHost)
    })
  }

  private send(msg: ToHost): void {
    this.write(jsonFrame(msg))
  }

  private write(frame: Buffer): void {
    if (this.closed || this.socket.destroyed) return
    this.socket.write(frame)
  }

  private frame(type: FrameType, body: Buffer): void {
    if (type === FrameType.Output) {
      for (const record of parseOutput(body)) {
        const pty = this.ptys.get(record.id)
        // Records are cut on character boundaries by the host: each decodes on its own.
        pty?.output(record.data.toString('utf8'), record.start + record.data.length)
      }
      return
    }
    if (type !== FrameType.Json) return this.broken(new Error('the pty host sent input'))
    this.message(JSON.parse(body.subarray(1).toString('utf8')) as FromHost)
  }

  private message(msg: FromHost): void {
    switch (msg.t) {
      case 'spawned': {
        const pty = this.spawning.get(msg.rid)
        this.spawning.delete(msg.rid)
        // Its descriptor is taken whether or not the pane still waits: the next one is another's.
        const direct = msg.ok && msg.direct ? this.passed(pty, msg.key, 0) : null
        if (!pty) return
        if (!msg.ok) return pty.failed(msg.message)
        this.ptys.set(msg.id, pty)
        if (!msg.direct) return pty.spawned(msg.id, msg.pid, msg.key)
        if (direct) pty.spawned(msg.id, msg.pid, msg.key, direct)
        return
      }
      case 'exit':
        this.ptys.get(msg.id)?.exited(msg.exit)
        return
      case 'replaced':
        // The terminals are the other board's now: not one more byte read here.
        for (const pty of this.ptys.values()) pty.letGo()
        this.lost('another board process took the panes over')
        return
      case 'attached': {
        const from = this.replays.get(msg.id)
        this.replays.delete(msg.id)
        if (!msg.direct) return
        // Only a pane still waiting for its replay reads it; the descriptor is taken either way.
        const pty = from === undefined ? undefined : this.ptys.get(msg.id)
        const key = pty?.key
        const direct = this.passed(key ? pty : undefined, key ?? '', from ?? 0)
        if (direct) pty?.readDirectly(direct.terminal, direct.log)
        return
      }
      default: {
        const rid = 'rid' in msg ? msg.rid : undefined
        const waiter = rid === undefined ? undefined : this.requests.get(rid)
        if (waiter) {
          this.requests.delete(rid!)
          waiter(msg)
        }
      }
    }
  }

  private broken(err: unknown): void {
    this.socket.destroy()
    this.lost(`the pty host's connection broke (${err instanceof Error ? err.message : String(err)})`)
  }

  private lost(why = 'the pty host is gone'): void {
    if (this.closed) return
    this.closed = true
    this.socket.destroy()
    this.closeChannel()
    for (const resolve of this.requests.values()) resolve({ t: 'error', message: why })
    this.requests.clear()
    for (const pty of this.spawning.values()) pty.failed(`the terminal could not be started: ${why}`)
    this.spawning.clear()
    this._onDidClose.fire({ why, expected: this.closing })
  }

  private closeChannel(): void {
    this.direct?.dispose()
  }

  /** Lets go of the connection and of every terminal passed to it (the host and its panes go on). */
  dispose(): void {
    for (const pty of this.ptys.values()) pty.letGo()
    this.closing = true
    this.socket.end()
    this.closeChannel()
  }
}

function loadFdPassOrNull(): FdPass | null {
  const loaded = loadFdPass()
  return 'missing' in loaded ? null : loaded
}
