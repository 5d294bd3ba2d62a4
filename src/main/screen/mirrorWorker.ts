/**
 * The mirror's worker thread: one @xterm/headless terminal per pane, parsed off the thread that
 * serves the board. Everything the pane needs is posted back (see mirrorProtocol.ts).
 */
import { parentPort, workerData } from 'node:worker_threads'
import { realClock } from '../util/clock'
import { HeadlessMirror } from './headlessMirror'
import type { FromMirror, MirrorInit, MirrorState, ToMirror } from './mirrorProtocol'

const port = parentPort
if (!port) throw new Error('mirrorWorker.js runs as a worker thread of a pane')
const init = workerData as MirrorInit
const mirror = new HeadlessMirror(init.cols, init.rows, realClock)

let parsed = 0
let flushScheduled = false

function state(): MirrorState {
  return { screen: mirror.screen(), title: mirror.title, synchronizing: mirror.synchronizing, bracketedPaste: mirror.bracketedPasteMode }
}

/** Parse callbacks of one xterm slice are batched into one `parsed` message. */
function flushParsed(force = false): void {
  if (parsed === 0 && !force) return
  const count = parsed
  parsed = 0
  port!.postMessage({ t: 'parsed', count, state: state() } satisfies FromMirror)
}

/** Every other message first reports what was parsed before it, so the pane sees them in order. */
function post(msg: FromMirror): void {
  flushParsed()
  port!.postMessage(msg)
}

const onParsed = () => {
  parsed++
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

port.on('message', (msg: ToMirror) => {
  switch (msg.t) {
    case 'write':
      mirror.write(msg.data, onParsed)
      break
    case 'resize':
      // At once, as xterm resizes: output still queued is parsed at the new size.
      mirror.resize(msg.cols, msg.rows)
      flushParsed(true)
      break
    case 'serialize':
      mirror.write('', () => post({ t: 'serialized', id: msg.id, data: mirror.serialize() }))
      break
  }
})
