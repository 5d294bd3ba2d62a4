/**
 * A parser worker of the mirror pool: the @xterm/headless terminals of many panes, parsed off the
 * thread that serves the board. Everything a pane needs is posted back (see mirrorProtocol.ts).
 *
 * Parsing is fair across the worker's panes: each round gives every pane with output waiting one
 * slice of at most `sliceBytes` to parse, in turn. xterm alone would parse a busy terminal for up
 * to 12 ms before the next one's turn, so a quiet pane sharing the thread with busy ones waited a
 * 12 ms slice per busy pane (the 135 ms with 20 floods). A pane is handed its next slice only
 * once xterm has parsed the previous one, so xterm never holds more than one slice per pane, and a
 * flood's backlog waits here, where the round-robin sees it.
 */
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import { realClock } from '../util/clock'
import { HeadlessMirror, MirrorConstants } from './headlessMirror'
import type { FromPool, MirrorInit, PoolEvent, PoolOp, TermId, ToPool, WireState } from './mirrorProtocol'

const port = parentPort
if (!port) throw new Error('mirrorWorker.js runs as a worker thread of the mirror pool')
const init = (workerData ?? {}) as MirrorInit
/**
 * A round's bytes, shared by the panes with output waiting, each getting at least SLICE_BYTES: a
 * lone flood parses in 128 KiB slices (few round trips), 20 floods in 32 KiB ones, so a quiet pane
 * waits for ~20 slices of ~1 ms (on a quiet machine), not for 20 of xterm's 12 ms runs.
 */
const SLICE_BYTES = init.sliceBytes && init.sliceBytes > 0 ? init.sliceBytes : 32 * 1024
const ROUND_BYTES = init.roundBytes && init.roundBytes > 0 ? init.roundBytes : 128 * 1024
lowerPriority(init.nice)
immediateTimers()

/**
 * The thread that serves the board (sockets, verdicts, input) must win the CPU over parsing.
 * Linux schedules threads on their own, so the nice value of this thread alone is raised; a parser
 * that falls behind only holds its panes' PTYs back (flow control). Not 19: with autogroups the
 * nice value only matters within the board's session, and a mirror at 19 starved behind any busy
 * sibling (another test file, a renderer). Elsewhere the thread keeps its priority.
 */
function lowerPriority(nice: number | undefined): void {
  if (process.platform !== 'linux' || !nice) return
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop())
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, nice)
  } catch {
    // Swallow: without /proc the mirror just runs at the board's priority.
  }
}

/**
 * xterm parses a write in a `setTimeout(0)` callback, which Node delays by at least 1 ms: one slice
 * per pane per round made that a hop per slice (measured on the main thread: +35 % throughput with
 * setImmediate). This thread runs nothing but the pool's terminals, so its zero-delay timers become
 * immediates, still after the messages already queued; timers with a delay are left alone.
 */
function immediateTimers(): void {
  const realSetTimeout = globalThis.setTimeout
  const realClearTimeout = globalThis.clearTimeout
  const Immediate = setImmediate(() => {}).constructor
  globalThis.setTimeout = ((fn: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) =>
    ms ? realSetTimeout(fn, ms, ...args) : setImmediate(fn, ...args)) as unknown as typeof setTimeout
  globalThis.clearTimeout = ((handle: Parameters<typeof clearTimeout>[0]) => {
    if (handle instanceof Immediate) clearImmediate(handle as unknown as NodeJS.Immediate)
    else realClearTimeout(handle)
  }) as typeof clearTimeout
}

type Item =
  | { readonly k: 'data'; readonly data: string; off: number; readonly count: number }
  | { readonly k: 'barrier'; readonly count: number }
  | { readonly k: 'serialize'; readonly sid: number; readonly scrollback?: number }

interface Term {
  readonly id: TermId
  readonly mirror: HeadlessMirror
  readonly queue: Item[]
  /** xterm holds a slice of this pane and has not parsed it yet. */
  busy: boolean
  /** In `ready`, waiting for its turn. */
  queued: boolean
  closing: boolean
  /** The state last posted for this pane (none yet: the pane has its blank one). */
  sent: WireState | null
}

const terms = new Map<TermId, Term>()
let ready: Term[] = []
const events: PoolEvent[] = []
/** Panes whose state changed this round: one snapshot each goes with the round's events. */
const dirty = new Set<Term>()
/** Panes that rang the bell this round: it is sent once. */
const rang = new Set<TermId>()
/** A pane's OSC 9 / 777 notification of this round (`id:ident`) and where it sits in `events`. */
const notified = new Map<string, number>()
let tickScheduled = false

function scheduleTick(): void {
  if (tickScheduled) return
  tickScheduled = true
  setImmediate(tick)
}

/** One round: every pane waiting gets its turn (xterm parses the slices in its next timer phase), then the events go. */
function tick(): void {
  tickScheduled = false
  const turn = ready
  ready = []
  const share = Math.max(SLICE_BYTES, Math.floor(ROUND_BYTES / Math.max(1, turn.length)))
  for (const term of turn) {
    term.queued = false
    step(term, share)
  }
  flush()
}

function flush(): void {
  rang.clear()
  notified.clear()
  if (events.length === 0 && dirty.size === 0) return
  const states: [TermId, WireState][] = []
  for (const term of dirty) {
    if (term.closing) continue
    const next = wireState(term.mirror)
    if (term.sent && sameState(term.sent, next)) continue
    term.sent = next
    states.push([term.id, next])
  }
  dirty.clear()
  if (events.length === 0 && states.length === 0) return
  const msg: FromPool = { t: 'events', events: events.splice(0), states }
  port!.postMessage(msg)
}

function wireState(mirror: HeadlessMirror): WireState {
  const { lines, cols, rows, cursor, alternate } = mirror.screen()
  return {
    text: lines.join('\n'),
    cols,
    rows,
    cx: cursor.x,
    cy: cursor.y,
    alternate,
    title: mirror.title,
    synchronizing: mirror.synchronizing,
    bracketedPaste: mirror.bracketedPasteMode,
  }
}

function sameState(a: WireState, b: WireState): boolean {
  return (
    a.text === b.text &&
    a.cx === b.cx &&
    a.cy === b.cy &&
    a.cols === b.cols &&
    a.rows === b.rows &&
    a.alternate === b.alternate &&
    a.title === b.title &&
    a.synchronizing === b.synchronizing &&
    a.bracketedPaste === b.bracketedPaste
  )
}

function emit(event: PoolEvent): void {
  events.push(event)
  scheduleTick()
}

function wake(term: Term): void {
  if (term.queued || term.busy || term.closing || term.queue.length === 0) return
  term.queued = true
  ready.push(term)
  scheduleTick()
}

function complete(term: Term, count: number): void {
  emit({ t: 'parsed', id: term.id, count })
  dirty.add(term)
}

/**
 * Answers what needs no parsing (barriers, snapshots) at once, then hands xterm one slice: xterm
 * parses it in its next turn, after the slices handed to it before, one per pane. Not from
 * xterm's own callback (`budget` null there): xterm would parse a slice written from its
 * callback in the same 12 ms run, ahead of the other panes.
 */
function step(term: Term, budget: number | null): void {
  while (!term.busy && !term.closing) {
    const item = term.queue[0]
    if (!item) return
    if (item.k === 'data') {
      if (budget === null) return
      term.busy = true
      term.mirror.write(takeSlice(term.queue, budget), () => parsedSlice(term))
      return
    }
    term.queue.shift()
    if (item.k === 'barrier') complete(term, item.count)
    else emit({ t: 'serialized', id: term.id, sid: item.sid, data: term.mirror.serialize(item.scrollback) })
  }
}

/**
 * Up to `budget` chars from the writes at the head of the queue, joined: a flood read a few KiB
 * at a time queues many small writes behind a slow parse, and one slice each cost a round, a
 * screen read and a message apiece (a lone `cat` spent 18 % of the worker's time reading screens).
 */
function takeSlice(queue: readonly Item[], budget: number): string {
  let slice = ''
  for (const item of queue) {
    if (item.k !== 'data' || slice.length >= budget) break
    const end = Math.min(item.data.length, item.off + budget - slice.length)
    slice += item.off === 0 && end === item.data.length ? item.data : item.data.slice(item.off, end)
    item.off = end
  }
  return slice
}

function parsedSlice(term: Term): void {
  term.busy = false
  if (term.closing) return closeNow(term)
  // The pane's screen moves on with every slice, so a long backlog still shows progress.
  dirty.add(term)
  let count = 0
  for (let head = term.queue[0]; head?.k === 'data' && head.off >= head.data.length; head = term.queue[0]) {
    term.queue.shift()
    count += head.count
  }
  if (count > 0) complete(term, count)
  // Barriers and snapshots right behind the data are answered in this round; more data waits its turn.
  step(term, null)
  wake(term)
}

function open(id: TermId, cols: number, rows: number): void {
  // No OSC log here: the pane's side keeps its own from the events (RemoteMirror.osc).
  const mirror = new HeadlessMirror(cols, rows, realClock, MirrorConstants.Scrollback, 0)
  const term: Term = { id, mirror, queue: [], busy: false, queued: false, closing: false, sent: null }
  mirror.onReply((data) => emit({ t: 'reply', id, data }))
  mirror.onTitle((title) => {
    emit({ t: 'title', id, title })
    dirty.add(term)
  })
  mirror.onOsc(({ ident, data }) => {
    // A whole notification in one sequence (OSC 9, OSC 777): the newest of a round stands for the
    // round, as for the bell. Others go each (OSC 7501 is Codex's state; OSC 99 comes in chunks).
    const whole = ident === 777 ? data.startsWith('notify;') : ident === 9 && !/^\d+(;|$)/.test(data)
    const key = whole ? `${id}:${ident}` : null
    const at = key === null ? undefined : notified.get(key)
    if (at !== undefined) {
      events[at] = { t: 'osc', id, record: { ident, data } }
      return
    }
    if (key !== null) notified.set(key, events.length)
    emit({ t: 'osc', id, record: { ident, data } })
  })
  // One bell a round per pane is all the board can use (its alerts are one a second, core/notify/alertThrottle):
  // `cat` of 20 000 BELs was 20 000 events crossing threads, and the board's thread lagged seconds behind.
  mirror.onBell(() => {
    if (rang.has(id)) return
    rang.add(id)
    emit({ t: 'bell', id })
  })
  terms.set(id, term)
}

function closeNow(term: Term): void {
  terms.delete(term.id)
  dirty.delete(term)
  term.mirror.dispose()
}

function handle(op: PoolOp): void {
  if (op.t === 'open') return open(op.id, op.cols, op.rows)
  const term = terms.get(op.id)
  if (!term || term.closing) return
  switch (op.t) {
    case 'write':
      term.queue.push({ k: 'data', data: op.data, off: 0, count: op.count })
      return wake(term)
    case 'barrier':
      term.queue.push({ k: 'barrier', count: op.count })
      return wake(term)
    case 'serialize':
      term.queue.push(op.scrollback === undefined ? { k: 'serialize', sid: op.sid } : { k: 'serialize', sid: op.sid, scrollback: op.scrollback })
      return wake(term)
    case 'resize':
      // At once, as a mirror on the board's thread resizes: output still queued parses at the new size.
      term.mirror.resize(op.cols, op.rows)
      dirty.add(term)
      return scheduleTick()
    case 'close':
      term.closing = true
      term.queue.length = 0
      // xterm still holds a slice: it is let go once parsed (a disposed terminal must not parse).
      if (!term.busy) closeNow(term)
      return
  }
}

port.on('message', (msg: ToPool) => {
  for (const op of msg.ops) handle(op)
})
