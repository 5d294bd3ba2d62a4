/**
 * The mirror's worker thread: one @xterm/headless terminal per pane, parsed off the thread that
 * serves the board. Everything the pane needs is posted back (see mirrorProtocol.ts).
 */
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import { realClock } from '../util/clock'
import { HeadlessMirror } from './headlessMirror'
import type { FromMirror, MirrorInit, MirrorState, ToMirror } from './mirrorProtocol'

const port = parentPort
if (!port) throw new Error('mirrorWorker.js runs as a worker thread of a pane')
const init = workerData as MirrorInit
lowerPriority(init.nice)

/**
 * The thread that serves the board (sockets, verdicts, input) must win the CPU over parsing: with
 * 20 panes flooding on 2 cores, 20 parsers at the same priority starved it (event-loop p99 190 ms).
 * Linux schedules threads on their own, so the nice value of this thread alone is raised; a parser
 * that falls behind only holds its own PTY back (flow control). Not 19: with autogroups the nice
 * value only matters within the board's session, and a mirror at 19 starved behind any busy sibling
 * (another test file, a renderer). Elsewhere the thread keeps its priority.
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

const mirror = new HeadlessMirror(init.cols, init.rows, realClock)

let parsed = 0
let flushScheduled = false

function state(): MirrorState {
  return { screen: mirror.screen(), title: mirror.title, synchronizing: mirror.synchronizing, bracketedPaste: mirror.bracketedPasteMode }
}

/**
 * Parse callbacks of one xterm slice (xterm parses a busy terminal ~12 ms at a time) are batched
 * into one `parsed` message, with the screen as of the end of that slice.
 */
function flushParsed(force = false): void {
  if (parsed === 0 && !force) return
  const count = parsed
  parsed = 0
  port!.postMessage({ t: 'parsed', count, state: state() } satisfies FromMirror)
}

/** Every other message first reports what was parsed before it, so the pane sees them in order. */
function post(msg: FromMirror, withState = false): void {
  flushParsed(withState)
  port!.postMessage(msg)
}

function parsedCount(count: number): void {
  parsed += count
  if (!flushScheduled) {
    flushScheduled = true
    setImmediate(() => {
      flushScheduled = false
      flushParsed()
    })
  }
}

mirror.onReply((data) => post({ t: 'reply', data }))
mirror.onTitle((title) => post({ t: 'title', title }))
mirror.onOsc(({ ident, data }) => post({ t: 'osc', record: { ident, data } }))
mirror.onBell(() => post({ t: 'bell' }))

port.on('message', (msg: ToMirror) => {
  switch (msg.t) {
    case 'write':
      if (msg.data === '') {
        // A barrier (exit, settle, attach): the pane reads the screen right after it.
        mirror.write('', () => {
          parsed += msg.count
          flushParsed(true)
        })
      } else {
        mirror.write(msg.data, () => parsedCount(msg.count))
      }
      break
    case 'resize':
      // At once, as xterm resizes: output still queued is parsed at the new size.
      mirror.resize(msg.cols, msg.rows)
      flushParsed(true)
      break
    case 'serialize':
      mirror.write('', () => post({ t: 'serialized', id: msg.id, data: mirror.serialize(msg.scrollback) }, true))
      break
  }
})
