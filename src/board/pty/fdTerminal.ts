import { closeSync, readSync, writeSync } from 'node:fs'
import { ReadStream } from 'node:tty'
import type { Clock } from '../../core/lifecycle/clock'
import type { IDisposable } from '../../core/lifecycle/disposable'
import { PtyConstants } from './ptyProcess'

/** Where a terminal's output is kept besides the mirror (outputLog.ts), in the bytes as read. */
export interface OutputSink {
  append(bytes: Buffer): void
}

export interface FdTerminalEvents {
  /** Text read, ending at byte offset `end` (whole characters only: a split one waits for its rest). */
  data(text: string, end: number): void
}

export const enum FdTerminalConstants {
  /** A terminal that takes no more input now (its program reads slowly) is written again after this. */
  WriteRetryMs = 10,
}

/** Bytes at the end of `buf[0, n)` that begin a UTF-8 character whose rest has not come yet. */
export function incompleteTail(buf: Uint8Array, n: number): number {
  for (let i = n - 1; i >= 0 && i >= n - 3; i--) {
    const b = buf[i]!
    if ((b & 0xc0) === 0x80) continue
    if (b < 0xc0) return 0
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2
    return n - i < need ? n - i : 0
  }
  return 0
}

/** One buffer for every terminal's reads: each chunk is decoded (and logged) before the next read. */
const readBuffer = Buffer.allocUnsafe(64 * 1024)

/**
 * A PTY's master descriptor that the pty host passed to this process (fdPass.ts): read, written
 * and drained here, so that every byte crosses no other process. Reading goes straight into one
 * shared buffer (no allocation per chunk), is decoded as UTF-8 on character boundaries and counted
 * in bytes (`end`: the terminal's log offset, from `from` on). Once the program ended, what it
 * wrote last is drained as PtyProcess does (node-pty#72) before `drain()` resolves.
 */
export class FdTerminal implements IDisposable {
  private readonly stream: ReadStream
  private carry: Buffer | null = null
  private total: number
  private paused = false
  private streamClosed = false
  private ended = false
  private lastDataAt = 0
  private drainTimer: IDisposable | null = null
  private finish: (() => void) | null = null
  private readonly writes: Buffer[] = []
  private writeWaiting: IDisposable | null = null
  private disposed = false
  private fd: number | null

  constructor(
    fd: number,
    /** The byte offset of the next byte read. */
    from: number,
    private readonly events: FdTerminalEvents,
    private readonly clock: Clock,
    private readonly sink: OutputSink | null,
    dup: (fd: number) => number,
  ) {
    this.fd = fd
    this.total = from
    // The stream closes its own copy when the terminal ends; this one stays for the drain and for writes.
    this.stream = new ReadStream(dup(fd), {
      onread: {
        buffer: readBuffer,
        callback: (n: number, buf: Buffer) => {
          this.chunk(buf, n)
          return !this.paused
        },
      },
    } as ConstructorParameters<typeof ReadStream>[1])
    this.stream.on('error', () => undefined) // EIO: the program's side closed; the drain reads what is left
    this.stream.on('close', () => {
      this.streamClosed = true
    })
    this.stream.resume()
  }

  /** The byte offset after the last whole character delivered. */
  get end(): number {
    return this.total - (this.carry?.length ?? 0)
  }

  /** Bytes of this terminal's log that this process read before (a takeover's replay), then live ones. */
  replay(bytes: Buffer): void {
    if (bytes.length) this.decode(bytes, bytes.length, false)
  }

  private chunk(buf: Buffer, n: number): void {
    if (this.disposed || n <= 0) return
    this.sink?.append(buf.subarray(0, n))
    this.total += n
    this.lastDataAt = this.clock.now()
    this.decode(buf, n, true)
  }

  private decode(buf: Buffer, n: number, counted: boolean): void {
    if (!counted) this.total += n
    let bytes = buf.subarray(0, n)
    if (this.carry) {
      bytes = Buffer.concat([this.carry, bytes])
      this.carry = null
    }
    const tail = incompleteTail(bytes, bytes.length)
    if (tail) this.carry = Buffer.from(bytes.subarray(bytes.length - tail))
    const text = bytes.toString('utf8', 0, bytes.length - tail)
    if (text) this.events.data(text, this.end)
  }

  /** Flow control: stop reading until `resume` (ignored while draining an ended program). */
  pause(): void {
    if (this.ended || this.paused) return
    this.paused = true
    // With `onread`, a pause stops the reads at once: nothing is held in the stream.
    this.stream.pause()
  }

  resume(): void {
    if (!this.paused) return
    this.paused = false
    if (!this.streamClosed && !this.disposed) this.stream.resume()
  }

  write(data: string): void {
    if (this.disposed || this.fd === null || !data) return
    this.writes.push(Buffer.from(data, 'utf8'))
    if (!this.writeWaiting) this.flushWrites()
  }

  /**
   * In order, each to its end, written at once: a keystroke's echo waits for no thread pool (an
   * asynchronous write queues behind every other file operation of the process). What the
   * terminal cannot take now (EAGAIN: the program reads slowly, a large paste) is tried again shortly.
   */
  private flushWrites(): void {
    this.writeWaiting = null
    while (this.writes.length && this.fd !== null) {
      const next = this.writes[0]!
      let written: number
      try {
        written = writeSync(this.fd, next)
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EAGAIN') written = 0
        else {
          this.writes.length = 0 // the terminal is gone: nothing will read it
          return
        }
      }
      if (written < next.length) {
        this.writes[0] = next.subarray(written)
        this.writeWaiting = this.clock.setTimeout(() => this.flushWrites(), FdTerminalConstants.WriteRetryMs)
        return
      }
      this.writes.shift()
    }
  }

  /**
   * The program ended: resolves once what it wrote last has been read — the terminal reports its
   * end (EIO), or nothing came for DataFlushTimeout, or MaxFlushWait passed (a grandchild holds it).
   */
  drain(): Promise<void> {
    if (this.disposed) return Promise.resolve()
    this.ended = true
    this.paused = false
    if (!this.streamClosed) this.stream.resume()
    return new Promise((resolve) => {
      const deadline = this.clock.now() + PtyConstants.MaxFlushWait
      this.finish = resolve
      const check = () => {
        const gone = this.readDirectly()
        const now = this.clock.now()
        if (!gone && now - this.lastDataAt < PtyConstants.DataFlushTimeout && now < deadline) {
          this.drainTimer = this.clock.setTimeout(check, PtyConstants.DrainPollMs)
          return
        }
        this.finish = null
        resolve()
      }
      this.lastDataAt = Math.max(this.lastDataAt, this.clock.now())
      this.drainTimer = this.clock.setTimeout(check, PtyConstants.DrainPollMs)
    })
  }

  /** Reads what the stream has not (it stopped at EIO, or is paused): true once the terminal is gone. */
  private readDirectly(): boolean {
    if (this.fd === null || !this.streamClosed) return false
    for (;;) {
      let n = 0
      try {
        n = readSync(this.fd, readBuffer, 0, readBuffer.length, null)
      } catch (err) {
        return (err as NodeJS.ErrnoException).code !== 'EAGAIN'
      }
      if (n <= 0) return true
      this.chunk(readBuffer, n)
    }
  }

  get hasEnded(): boolean {
    return this.ended
  }

  dispose(): void {
    if (this.disposed) return
    this.disposed = true
    this.drainTimer?.dispose()
    this.finish?.()
    this.writeWaiting?.dispose()
    this.stream.destroy()
    if (this.fd !== null) {
      const fd = this.fd
      this.fd = null
      try {
        closeSync(fd)
      } catch {
        // Swallow: closed already.
      }
    }
  }
}
