import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
import type { IDisposable } from '../../core/lifecycle/disposable'
import { reportUnexpectedErrors } from '../../core/lifecycle/errors'
import { HeapLimits } from '../util/heapLimits'
import type { FromPool, MirrorInit, PoolEvent, PoolOp, TermId, ToPool, WireState } from './mirrorProtocol'

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

export const enum MirrorPoolConstants {
  /** How much lower the parsing threads run than the board's (see mirrorWorker.ts). */
  WorkerNice = 10,
  MaxWorkers = 4,
  /** A worker with work owed that has not answered for this long is stopped as hung. */
  HangMs = 10_000,
  WatchdogMs = 1_000,
}

/**
 * Parser workers: one fewer than the CPUs the process may use (the board's own thread keeps one),
 * at least 1, at most 4; SWITCHBOARD_MIRROR_WORKERS overrides it.
 */
export function poolSizeFromEnv(env: Readonly<Record<string, string | undefined>> = process.env, cpus: number = availableParallelism()): number {
  const asked = Number(env.SWITCHBOARD_MIRROR_WORKERS)
  if (Number.isInteger(asked) && asked > 0) return Math.min(asked, 64)
  return Math.max(1, Math.min(MirrorPoolConstants.MaxWorkers, cpus - 1))
}

/** The parser threads' nice value (Linux): SWITCHBOARD_MIRROR_NICE (0–19) overrides it. */
function workerNice(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const asked = Number(env.SWITCHBOARD_MIRROR_NICE)
  return env.SWITCHBOARD_MIRROR_NICE !== undefined && Number.isInteger(asked) && asked >= 0 && asked <= 19 ? asked : MirrorPoolConstants.WorkerNice
}

/** The pane's side of a terminal in a worker: what the pool hands back to it. */
export interface PoolClient {
  /** The pane's state after its latest parsed writes, before the events of the same round that follow it. */
  setState(state: WireState): void
  event(event: PoolEvent): void
  /** The worker is gone: nothing more will come. */
  fail(message: string): void
}

/** One pane's terminal in one worker. */
export interface PoolLease extends IDisposable {
  write(data: string): void
  /** An empty write: `parsed` comes back once everything before it is parsed. */
  barrier(): void
  resize(cols: number, rows: number): void
  serialize(sid: number, scrollback?: number): void
}

export interface MirrorPoolOptions {
  readonly size?: number
  readonly workerPath?: string
  readonly hangMs?: number
  readonly sliceBytes?: number
  readonly roundBytes?: number
}

/**
 * One parser worker, seen from the board's thread. A turn's output of all its panes goes in one
 * message, each pane's chunks joined into one string.
 */
class PoolWorker {
  private readonly worker: Worker
  private readonly clients = new Map<TermId, PoolClient>()
  private nextId = 1
  /** Output chunks of this turn, per pane, in the order the panes first wrote. */
  private text = new Map<TermId, string[]>()
  private ops: PoolOp[] = []
  private scheduled = false
  /** Writes and snapshots posted and not answered yet. */
  private owed = 0
  private lastHeard = performance.now()
  private lastTick = performance.now()
  private readonly watchdog: ReturnType<typeof setInterval>
  private gone: string | null = null

  constructor(
    path: string,
    init: MirrorInit,
    private readonly hangMs: number,
    private readonly onGone: (worker: PoolWorker) => void,
  ) {
    // Its young generation capped as the daemon's is (heapLimits.ts): parsing allocates in bursts.
    this.worker = new Worker(path, {
      workerData: init,
      stdout: false,
      stderr: false,
      resourceLimits: { maxYoungGenerationSizeMb: HeapLimits.WorkerYoungGenerationMb },
    })
    // A pane must never keep the process alive; the board disposes it.
    this.worker.unref()
    this.worker.on('message', (msg: FromPool) => this.onMessage(msg))
    this.worker.on('error', (err) => this.die(`the mirror's parser worker failed: ${err.message}`))
    this.worker.on('exit', (code) => this.die(`the mirror's parser worker exited (code ${code})`))
    this.watchdog = setInterval(() => this.check(), MirrorPoolConstants.WatchdogMs)
    this.watchdog.unref()
  }

  get panes(): number {
    return this.clients.size
  }

  get thread(): Worker {
    return this.worker
  }

  open(client: PoolClient, cols: number, rows: number): PoolLease {
    const id = this.nextId++
    this.clients.set(id, client)
    this.op({ t: 'open', id, cols, rows })
    let closed = false
    return {
      write: (data) => {
        if (closed || this.gone) return
        let chunks = this.text.get(id)
        if (!chunks) this.text.set(id, (chunks = []))
        chunks.push(data)
        this.schedule()
      },
      barrier: () => this.op({ t: 'barrier', id, count: 1 }),
      resize: (cols, rows) => this.op({ t: 'resize', id, cols, rows }),
      serialize: (sid, scrollback) => this.op(scrollback === undefined ? { t: 'serialize', id, sid } : { t: 'serialize', id, sid, scrollback }),
      dispose: () => {
        if (closed) return
        closed = true
        this.clients.delete(id)
        this.text.delete(id)
        if (this.clients.size === 0) this.stop()
        else this.op({ t: 'close', id })
      },
    }
  }

  /** Everything a pane wrote before `op` goes first: a pane's operations stay in order. */
  private op(op: PoolOp): void {
    if (this.gone) return
    this.flushText(op.id)
    this.ops.push(op)
    if (op.t === 'barrier') this.owe(op.count)
    else if (op.t === 'serialize') this.owe(1)
    this.schedule()
  }

  private owe(n: number): void {
    if (this.owed === 0) this.lastHeard = performance.now()
    this.owed += n
  }

  private flushText(id: TermId): void {
    const chunks = this.text.get(id)
    if (!chunks) return
    this.text.delete(id)
    const data = chunks.length === 1 ? (chunks[0] as string) : chunks.join('')
    this.ops.push({ t: 'write', id, data, count: chunks.length })
    this.owe(chunks.length)
  }

  private schedule(): void {
    if (this.scheduled) return
    this.scheduled = true
    setImmediate(() => this.post())
  }

  private post(): void {
    this.scheduled = false
    if (this.gone) return
    for (const id of [...this.text.keys()]) this.flushText(id)
    if (this.ops.length === 0) return
    const msg: ToPool = { t: 'ops', ops: this.ops }
    this.ops = []
    this.worker.postMessage(msg)
  }

  private onMessage(msg: FromPool): void {
    if (this.gone) return
    this.lastHeard = performance.now()
    const states = new Map(msg.states)
    let errors: unknown[] | null = null
    for (const event of msg.events) {
      const client = this.clients.get(event.id)
      if (event.t === 'parsed') this.owed -= event.count
      else if (event.t === 'serialized') this.owed -= 1
      if (!client) continue
      if (event.t === 'parsed') {
        const state = states.get(event.id)
        if (state) {
          states.delete(event.id)
          client.setState(state)
        }
      }
      // One pane's throwing callback must not cost the other panes of the round their events.
      try {
        client.event(event)
      } catch (err) {
        ;(errors ??= []).push(err)
      }
    }
    for (const [id, state] of states) this.clients.get(id)?.setState(state)
    if (errors) reportUnexpectedErrors(errors, "a pane's mirror callbacks")
  }

  /**
   * A worker that owes answers and has said nothing for `hangMs` is stopped (a sequence that
   * parses for minutes, a bug in a loop). A late tick means this thread itself was held: the
   * worker's answers may be waiting in the queue, so it gets the benefit of the doubt.
   */
  private check(): void {
    const now = performance.now()
    const late = now - this.lastTick > MirrorPoolConstants.WatchdogMs * 1.5
    this.lastTick = now
    if (this.owed <= 0 || this.gone) return
    if (late) {
      this.lastHeard = now
      return
    }
    const silent = now - this.lastHeard
    if (silent >= this.hangMs)
      this.die(
        `the mirror's parser worker stopped answering (${(silent / 1000).toFixed(1)} s without a reply while ${this.owed} writes were waiting); it was stopped`,
      )
  }

  private die(message: string): void {
    if (this.gone) return
    this.gone = message
    clearInterval(this.watchdog)
    void this.worker.terminate()
    this.onGone(this)
    const clients = [...this.clients.values()]
    this.clients.clear()
    for (const client of clients) client.fail(message)
  }

  /** Its last pane went away, or the pool is disposed: nothing runs after. */
  stop(): void {
    if (this.gone) return
    this.gone = 'stopped'
    clearInterval(this.watchdog)
    void this.worker.terminate()
    this.onGone(this)
  }
}

/**
 * A small pool of parser worker threads, each hosting the headless terminals of many panes
 * (mirrorWorker.ts). A pane goes to the worker with the fewest panes; workers start when needed
 * and stop when their last pane goes. A worker that crashes or hangs fails only its own panes (each
 * keeps its PTY, see RemoteMirror); the next pane gets a fresh worker.
 */
export class MirrorPool implements IDisposable {
  private readonly workers: PoolWorker[] = []
  private readonly size: number
  private readonly path: string
  private readonly hangMs: number
  private readonly slices: Pick<MirrorInit, 'sliceBytes' | 'roundBytes'>

  constructor(options: MirrorPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? poolSizeFromEnv())
    this.path = options.workerPath ?? mirrorWorkerPath()
    this.hangMs = options.hangMs ?? MirrorPoolConstants.HangMs
    this.slices = { ...(options.sliceBytes ? { sliceBytes: options.sliceBytes } : {}), ...(options.roundBytes ? { roundBytes: options.roundBytes } : {}) }
  }

  /** A terminal for one pane, or why none could be had. */
  open(client: PoolClient, cols: number, rows: number): PoolLease | string {
    let target: PoolWorker | undefined
    for (const w of this.workers) if (!target || w.panes < target.panes) target = w
    if (!target || (target.panes > 0 && this.workers.length < this.size)) {
      try {
        if (!existsSync(this.path)) throw new Error(`${this.path} is missing; run \`npx electron-vite build\``)
        const init: MirrorInit = { nice: workerNice(), ...this.slices }
        target = new PoolWorker(this.path, init, this.hangMs, (w) => this.forget(w))
        this.workers.push(target)
      } catch (err) {
        return `the mirror's parser worker could not start: ${err instanceof Error ? err.message : String(err)}`
      }
    }
    return target.open(client, cols, rows)
  }

  /** The running worker threads (tests and diagnostics). */
  threads(): readonly Worker[] {
    return this.workers.map((w) => w.thread)
  }

  private forget(worker: PoolWorker): void {
    const i = this.workers.indexOf(worker)
    if (i >= 0) this.workers.splice(i, 1)
  }

  dispose(): void {
    for (const w of [...this.workers]) w.stop()
  }
}

let shared: MirrorPool | null = null

/** The process's pool, made on first use; its workers stop with their last pane. */
export function defaultMirrorPool(): MirrorPool {
  return (shared ??= new MirrorPool())
}
