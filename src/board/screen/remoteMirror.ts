import type { Clock } from '../../core/lifecycle/clock'
import type { OscRecord } from '../../shared/domain/pane'
import { MirrorConstants, type MirrorScreen } from './headlessMirror'
import { MirrorEmitters } from './mirrorEmitters'
import { defaultMirrorPool, type MirrorPool, type PoolClient, type PoolLease } from './mirrorPool'
import type { PoolEvent, WireState } from './mirrorProtocol'

function blankState(cols: number, rows: number): WireState {
  return { text: '\n'.repeat(Math.max(0, rows - 1)), cols, rows, cx: 0, cy: 0, alternate: false, title: '', synchronizing: false, bracketedPaste: false }
}

export const enum RemirrorConstants {
  /**
   * A pane whose worker died is mirrored again on a fresh one at most this often: a pane whose
   * own bytes kill parsers must not take down worker after worker (and their other panes).
   */
  MaxRemirrors = 2,
}

/**
 * What a fresh terminal is given to stand where the dead one stood: the last parsed screen as
 * plain text (colours come back with the program's next redraw), the cursor, the buffer, the
 * modes the pane reads, and the title.
 */
export function remirrorSeed(screen: MirrorScreen, state: { readonly title: string; readonly bracketedPaste: boolean }): string {
  const rows = screen.lines.map((line, i) => `\x1b[${i + 1};1H${line}`).join('')
  return (
    (screen.alternate ? '\x1b[?1049h' : '') +
    '\x1b[H\x1b[2J' +
    rows +
    `\x1b[${screen.cursor.y + 1};${screen.cursor.x + 1}H` +
    (state.bracketedPaste ? '\x1b[?2004h' : '') +
    (state.title ? `\x1b]0;${state.title}\x07` : '')
  )
}

/**
 * The pane's side of its mirror, whose terminal parses in a worker of the mirror pool: a pane that
 * floods or sends sequences that are slow to parse costs a parser thread, never the board's. It
 * has the HeadlessMirror's surface, with the state the pane reads synchronously (screen, title,
 * modes, OSC log) kept as of the latest parsed chunk, and `snapshot` answered in order with the writes.
 */
export class RemoteMirror extends MirrorEmitters implements PoolClient {
  private lease: PoolLease | null
  private state: WireState
  /** `state`'s screen, made when first read after the state changed. */
  private screenCache: MirrorScreen | null = null
  private cols: number
  private rows: number
  private remirrors = 0
  private readonly oscLog: OscRecord[] = []
  /** Callbacks of writes posted and not yet parsed, in order. */
  private readonly pending: (() => void)[] = []
  private pendingHead = 0
  private readonly serializing = new Map<number, (data: string) => void>()
  private nextSerialize = 1
  private failed: string | null = null
  private disposed = false

  constructor(
    cols: number,
    rows: number,
    private readonly clock: Clock,
    private readonly pool: MirrorPool = defaultMirrorPool(),
  ) {
    super()
    this.cols = cols
    this.rows = rows
    this.state = blankState(cols, rows)
    const lease = pool.open(this, cols, rows)
    if (typeof lease === 'string') this.failed = lease
    this.lease = typeof lease === 'string' ? null : lease
  }

  setState(state: WireState): void {
    if (this.disposed) return
    this.state = state
    this.screenCache = null
  }

  event(msg: PoolEvent): void {
    if (this.disposed) return
    switch (msg.t) {
      case 'parsed':
        for (let i = 0; i < msg.count; i++) this.runNext()
        break
      case 'reply':
        this._onReply.fire(msg.data)
        break
      case 'title':
        this.state = { ...this.state, title: msg.title }
        this._onTitle.fire(msg.title)
        break
      case 'osc': {
        // Field by field: a spread of the record as it came off the worker's message gave each
        // record a map (hidden class) of its own, 224 bytes more per record (heap snapshot).
        const record: OscRecord = { ident: msg.record.ident, data: msg.record.data, at: this.clock.now() }
        this.oscLog.push(record)
        if (this.oscLog.length > MirrorConstants.OscHistory) this.oscLog.shift()
        this._onOsc.fire(record)
        break
      }
      case 'bell':
        this._onBell.fire()
        break
      case 'serialized': {
        const done = this.serializing.get(msg.sid)
        this.serializing.delete(msg.sid)
        done?.(msg.data)
        break
      }
    }
  }

  private runNext(): void {
    const done = this.pending[this.pendingHead]
    if (!done) return
    this.pending[this.pendingHead++] = noop
    // Compact now and then instead of shifting on every chunk.
    if (this.pendingHead > 1024 && this.pendingHead * 2 > this.pending.length) {
      this.pending.splice(0, this.pendingHead)
      this.pendingHead = 0
    }
    done()
  }

  fail(message: string): void {
    if (this.failed || this.disposed) return
    this.failed = message
    // Nothing more will be parsed there: let every waiter go, so flow control resumes the PTY.
    while (this.pendingHead < this.pending.length) this.runNext()
    for (const done of this.serializing.values()) done('')
    this.serializing.clear()
    if (this.disposed) return
    const again = this.remirrors < RemirrorConstants.MaxRemirrors ? this.remirror() : 'it was mirrored again too often'
    if (again === null) {
      this._onDidRecover.fire(
        `${message}; its screen is parsed again on a fresh parser worker, from the last screen (restart ${this.remirrors} of ${RemirrorConstants.MaxRemirrors})`,
      )
    } else {
      this.failed = `${message}; ${again}`
      this._onDidFail.fire(this.failed)
    }
  }

  /** Opens a terminal on another (or a fresh) worker and redraws the last screen there; why not, or null. */
  private remirror(): string | null {
    this.remirrors++
    this.lease?.dispose()
    this.lease = null
    const lease = this.pool.open(this, this.cols, this.rows)
    if (typeof lease === 'string') return lease
    this.lease = lease
    this.failed = null
    this.pending.push(noop)
    lease.write(remirrorSeed(this.screen(), this.state))
    return null
  }

  private get live(): PoolLease | null {
    return this.failed || this.disposed ? null : this.lease
  }

  /** `done` runs once the chunk is parsed: only then does the state reflect it. */
  write(data: string, done: () => void): void {
    const lease = this.live
    if (!lease) return done()
    this.pending.push(done)
    if (data === '') lease.barrier()
    else lease.write(data)
  }

  resize(cols: number, rows: number): void {
    this.cols = cols
    this.rows = rows
    this.live?.resize(cols, rows)
  }

  /**
   * Screen, scrollback and modes as escape sequences, as of everything written before this call.
   * `done` runs from the message handler, before any later chunk is handed on. `scrollback`: at
   * most this many lines above the screen (default: all the mirror keeps).
   */
  snapshot(done: (data: string) => void, scrollback?: number): void {
    const lease = this.live
    if (!lease) return done('')
    const sid = this.nextSerialize++
    this.serializing.set(sid, done)
    lease.serialize(sid, scrollback)
  }

  get failure(): string | null {
    return this.failed
  }

  get title(): string {
    return this.state.title
  }

  get synchronizing(): boolean {
    return this.state.synchronizing
  }

  get bracketedPasteMode(): boolean {
    return this.state.bracketedPaste
  }

  get osc(): readonly OscRecord[] {
    return this.oscLog
  }

  screen(): MirrorScreen {
    const { text, cols, rows, cx, cy, alternate } = this.state
    return (this.screenCache ??= { cols, rows, lines: text.split('\n'), cursor: { x: cx, y: cy }, alternate })
  }

  override dispose(): void {
    if (this.disposed) return
    this.disposed = true
    // A screen save awaits its snapshot: answered empty, it ends instead of holding every save after it.
    for (const done of this.serializing.values()) done('')
    this.serializing.clear()
    this.lease?.dispose()
    super.dispose()
  }
}

function noop(): void {}
