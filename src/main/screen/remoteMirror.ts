import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { Emitter } from '../../core/lifecycle/emitter'
import type { Clock } from '../../core/lifecycle/clock'
import type { IDisposable } from '../../core/lifecycle/disposable'
import type { OscRecord } from '../../shared/domain/pane'
import { MirrorConstants, type MirrorScreen } from './headlessMirror'
import type { FromMirror, MirrorInit, MirrorState, ToMirror } from './mirrorProtocol'

/**
 * Where the worker's bundle is: beside the main bundle (`out/main/mirrorWorker.js`), or where
 * SWITCHBOARD_MIRROR_WORKER says (the unit tests bundle it from source, see test/mirrorWorkerSetup.ts).
 */
export function mirrorWorkerPath(): string {
  const override = process.env.SWITCHBOARD_MIRROR_WORKER
  if (override) return override
  // This module may be bundled into a shared chunk (out/main/chunks/) or into an entry itself.
  const candidates = [join(__dirname, 'mirrorWorker.js'), join(dirname(__dirname), 'mirrorWorker.js')]
  return candidates.find((p) => existsSync(p)) ?? (candidates[0] as string)
}

export const enum RemoteMirrorConstants {
  /** How much lower the parsing threads run than the board's (see mirrorWorker.ts). */
  WorkerNice = 10,
}

function blankState(cols: number, rows: number): MirrorState {
  return {
    screen: { cols, rows, lines: Array.from({ length: rows }, () => ''), cursor: { x: 0, y: 0 }, alternate: false },
    title: '',
    synchronizing: false,
    bracketedPaste: false,
  }
}

/**
 * The pane's side of its mirror, which runs in a worker thread of its own: a pane that floods or
 * sends sequences that are slow to parse costs its own thread, never the board's. It has the
 * HeadlessMirror's surface, with the state the pane reads synchronously (screen, title, modes,
 * OSC log) kept as of the latest parsed chunk, and `serialize` answered in order with the writes.
 *
 * One worker per pane rather than a pool: xterm parses a busy terminal in 12 ms slices, so a quiet
 * pane sharing a thread with busy ones would wait a slice per busy pane (today's 135 ms with 20
 * floods); a thread of its own is woken by the OS scheduler as soon as its chunk arrives.
 */
export class RemoteMirror implements IDisposable {
  private readonly worker: Worker | null
  private state: MirrorState
  private readonly oscLog: OscRecord[] = []
  /** Callbacks of writes posted and not yet parsed, in order. */
  private readonly pending: (() => void)[] = []
  private pendingHead = 0
  private readonly serializing = new Map<number, (data: string) => void>()
  private nextSerialize = 1
  /** Output chunks of this turn of the event loop, posted together (one message, not one per read). */
  private batch: string[] = []
  private batchScheduled = false
  private failed: string | null = null
  private disposed = false

  private readonly _onReply = new Emitter<string>()
  readonly onReply = this._onReply.event
  private readonly _onTitle = new Emitter<string>()
  readonly onTitle = this._onTitle.event
  private readonly _onOsc = new Emitter<OscRecord>()
  readonly onOsc = this._onOsc.event
  private readonly _onBell = new Emitter<void>()
  /** The program rang the bell (a BEL outside any escape sequence). */
  readonly onBell = this._onBell.event
  private readonly _onDidFail = new Emitter<string>()
  /** The worker died: the pane keeps flowing (callbacks run at once) but its screen is frozen. */
  readonly onDidFail = this._onDidFail.event

  constructor(
    cols: number,
    rows: number,
    private readonly clock: Clock,
    workerPath: string = mirrorWorkerPath(),
  ) {
    this.state = blankState(cols, rows)
    let worker: Worker | null = null
    try {
      if (!existsSync(workerPath)) throw new Error(`${workerPath} is missing; run \`npx electron-vite build\``)
      worker = new Worker(workerPath, { workerData: { cols, rows, nice: RemoteMirrorConstants.WorkerNice } satisfies MirrorInit, stdout: false, stderr: false })
      // A pane must never keep the process alive; the board disposes it.
      worker.unref()
      worker.on('message', (msg: FromMirror) => this.onMessage(msg))
      worker.on('error', (err) => this.fail(`the mirror's worker failed: ${err.message}`))
      worker.on('exit', (code) => {
        if (!this.disposed) this.fail(`the mirror's worker exited (code ${code})`)
      })
    } catch (err) {
      this.failed = `the mirror's worker could not start: ${err instanceof Error ? err.message : String(err)}`
    }
    this.worker = worker
  }

  private onMessage(msg: FromMirror): void {
    if (this.disposed) return
    switch (msg.t) {
      case 'parsed': {
        this.state = msg.state
        for (let i = 0; i < msg.count; i++) this.runNext()
        break
      }
      case 'reply':
        this._onReply.fire(msg.data)
        break
      case 'title':
        this.state = { ...this.state, title: msg.title }
        this._onTitle.fire(msg.title)
        break
      case 'osc': {
        const record: OscRecord = { ...msg.record, at: this.clock.now() }
        this.oscLog.push(record)
        if (this.oscLog.length > MirrorConstants.OscHistory) this.oscLog.shift()
        this._onOsc.fire(record)
        break
      }
      case 'bell':
        this._onBell.fire()
        break
      case 'serialized': {
        const done = this.serializing.get(msg.id)
        this.serializing.delete(msg.id)
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

  private fail(message: string): void {
    if (this.failed) return
    this.failed = message
    this._onDidFail.fire(message)
    // Nothing will be parsed any more: let every waiter go, so flow control resumes the PTY.
    while (this.pendingHead < this.pending.length) this.runNext()
    for (const done of this.serializing.values()) done('')
    this.serializing.clear()
  }

  private post(msg: ToMirror): boolean {
    if (this.failed || this.disposed || !this.worker) return false
    this.flushBatch()
    this.worker.postMessage(msg)
    return true
  }

  private flushBatch(): void {
    const chunks = this.batch
    if (chunks.length === 0 || !this.worker) return
    this.batch = []
    this.worker.postMessage({ t: 'write', data: chunks.length === 1 ? (chunks[0] as string) : chunks.join(''), count: chunks.length } satisfies ToMirror)
  }

  /** `done` runs once the chunk is parsed: only then does the state reflect it. */
  write(data: string, done: () => void): void {
    if (this.failed || this.disposed || !this.worker) return done()
    this.pending.push(done)
    if (data === '') {
      // A barrier: the state comes back with it.
      this.post({ t: 'write', data: '', count: 1 })
      return
    }
    this.batch.push(data)
    if (!this.batchScheduled) {
      this.batchScheduled = true
      setImmediate(() => {
        this.batchScheduled = false
        if (!this.disposed && !this.failed) this.flushBatch()
      })
    }
  }

  resize(cols: number, rows: number): void {
    this.post({ t: 'resize', cols, rows })
  }

  /**
   * Screen, scrollback and modes as escape sequences, as of everything written before this call.
   * `done` runs from the message handler, before any later chunk is handed on. `scrollback`: at
   * most this many lines above the screen (default: all the mirror keeps).
   */
  snapshot(done: (data: string) => void, scrollback?: number): void {
    const id = this.nextSerialize++
    if (!this.post({ t: 'serialize', id, ...(scrollback === undefined ? {} : { scrollback }) })) return done('')
    this.serializing.set(id, done)
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
    return this.state.screen
  }

  dispose(): void {
    if (this.disposed) return
    this.disposed = true
    void this.worker?.terminate()
    this._onReply.dispose()
    this._onTitle.dispose()
    this._onOsc.dispose()
    this._onBell.dispose()
    this._onDidFail.dispose()
  }
}

function noop(): void {}
