import type { Socket } from 'node:net'
import { performance } from 'node:perf_hooks'
import { FlushPacer } from '../core/flow/flushPacer'
import { FrameReader, FrameType, jsonFrame, outputFrame, parseInput, type OutputRecord } from '../board/ptyHostProtocol/frames'
import type { HeldPty } from './heldPty'
import type { FromHost, PtyId, ToHost, WireExit } from '../board/ptyHostProtocol/protocol'

/** A terminal whose exit goes to the board that reads it (HeldPty, PassedPty). */
interface Ending {
  readonly id: PtyId
  readonly exit: WireExit | null
  readonly attached: object | null
}

export const enum ConnectionConstants {
  /** Bytes queued on the socket above which every terminal stops being read until it drains. */
  HighWater = 8 * 1024 * 1024,
  /** A connection that says nothing within this is not a board: closed. */
  HelloTimeoutMs = 5_000,
}

export interface ConnectionHandlers {
  message(conn: HostConnection, msg: ToHost): void
  input(conn: HostConnection, id: number, data: Buffer): void
  closed(conn: HostConnection): void
  /** The socket is full (true) or drained (false): hold the terminals back, or read them again. */
  backpressure(conn: HostConnection, full: boolean): void
}

/**
 * One board's connection to the pty host: frames in, and out the host's messages and the output
 * of every terminal the board reads, batched: output of all panes goes as one frame, straight from
 * the terminals' logs, at the end of the turn after a quiet spell and at most one frame per display
 * frame while output keeps coming (FlushPacer: each frame costs a wake-up of the board's thread and
 * of its parser worker, so 20 agents redrawing at 10 Hz cost 200 of each a second, now ~60), at
 * once again after input (an echo waits for nothing). A message is sent only after the output
 * before it, so a pane's output, its exit and every reply keep their order.
 */
export class HostConnection {
  private readonly dirty = new Set<HeldPty>()
  private readonly exits = new Set<Ending>()
  private flushing: { readonly immediate: NodeJS.Immediate } | { readonly timer: NodeJS.Timeout } | null = null
  private readonly pacer = new FlushPacer()
  /** A restart is under way: no more output (it waits in the logs for the next board). */
  outputStopped = false
  /** The board said it goes on purpose (a restart): no new one needs starting at once. */
  saidBye = false
  helloDone = false
  private full = false
  private closed = false

  constructor(
    readonly socket: Socket,
    private readonly handlers: ConnectionHandlers,
  ) {
    const reader = new FrameReader((type, body) => this.frame(type, body))
    socket.on('data', (chunk: Buffer) => {
      try {
        reader.push(chunk)
      } catch (err) {
        this.fail(`the board sent a broken frame (${err instanceof Error ? err.message : String(err)})`)
      }
    })
    socket.on('drain', () => this.drained())
    socket.on('error', () => socket.destroy())
    socket.on('close', () => {
      this.closed = true
      this.cancelFlush()
      this.handlers.closed(this)
    })
  }

  private frame(type: FrameType, body: Buffer): void {
    if (type === FrameType.Input) {
      const { id, data } = parseInput(body)
      this.pacer.input(performance.now())
      return this.handlers.input(this, id, data)
    }
    if (type !== FrameType.Json) return this.fail('the board sent output')
    let msg: ToHost
    try {
      msg = JSON.parse(body.subarray(1).toString('utf8')) as ToHost
    } catch {
      return this.fail('the board sent a message that is not JSON')
    }
    if (typeof msg !== 'object' || msg === null || typeof (msg as { t?: unknown }).t !== 'string') return this.fail('the board sent a message without a type')
    this.handlers.message(this, msg)
  }

  private fail(why: string): void {
    this.send({ t: 'error', message: why })
    this.socket.destroy()
  }

  /** After the output already due (see the class comment). */
  send(msg: FromHost): void {
    this.flushNow()
    this.write(jsonFrame(msg))
  }

  /** New output (or a replay) of a terminal this board reads: goes out at the end of this turn. */
  outputDue(pty: HeldPty): void {
    if (this.outputStopped || this.closed) return
    this.dirty.add(pty)
    this.schedule()
  }

  private schedule(): void {
    const delay = this.pacer.delay(performance.now())
    if (this.flushing && ('immediate' in this.flushing || delay > 0)) return
    // Output that may not wait (an echo) overtakes a paced flush.
    this.cancelFlush()
    this.flushing = delay > 0 ? { timer: setTimeout(() => this.flushNow(), delay) } : { immediate: setImmediate(() => this.flushNow()) }
  }

  private cancelFlush(): void {
    if (!this.flushing) return
    if ('immediate' in this.flushing) clearImmediate(this.flushing.immediate)
    else clearTimeout(this.flushing.timer)
    this.flushing = null
  }

  /** The terminal's program ended: its exit follows its last output. */
  exitDue(pty: Ending): void {
    if (this.outputStopped || this.closed) return
    this.exits.add(pty)
    this.schedule()
  }

  /** Sends what is due now: one output frame, then the exits it ends with. */
  flushNow(): void {
    this.cancelFlush()
    if (this.closed || (!this.dirty.size && !this.exits.size)) return
    this.pacer.flushed(performance.now())
    const records: OutputRecord[] = []
    for (const pty of this.dirty) {
      const attached = pty.attached
      if (!attached) continue
      let at = attached.sentTo
      for (const data of pty.log.slices(at)) {
        records.push({ id: pty.id, start: at, data })
        at += data.length
      }
      attached.sentTo = at
      if (at > pty.delivered) pty.delivered = at
    }
    this.dirty.clear()
    if (records.length) {
      this.socket.cork()
      for (const part of outputFrame(records)) this.socket.write(part)
      this.socket.uncork()
    }
    const exits = [...this.exits]
    this.exits.clear()
    for (const pty of exits) if (pty.exit && pty.attached) this.write(jsonFrame({ t: 'exit', id: pty.id, exit: pty.exit } satisfies FromHost))
    this.checkFull()
  }

  private write(frame: Buffer): void {
    if (this.closed || this.socket.destroyed) return
    this.socket.write(frame)
    this.checkFull()
  }

  private checkFull(): void {
    if (!this.full && this.socket.writableLength > ConnectionConstants.HighWater) {
      this.full = true
      this.handlers.backpressure(this, true)
    }
  }

  private drained(): void {
    if (!this.full) return
    this.full = false
    this.handlers.backpressure(this, false)
  }

  close(): void {
    this.flushNow()
    this.socket.end()
  }
}
