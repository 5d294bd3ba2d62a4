import { closeSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import type { Clock } from '../../core/lifecycle/clock'
import type { IDisposable } from '../../core/lifecycle/disposable'
import { jsonFrame } from '../ptyHostProtocol/frames'
import type { HeldPtyInfo, ToHost } from '../ptyHostProtocol/protocol'
import type { FdPass } from './fdPass'
import { FdTerminal } from './fdTerminal'
import { OutputLog, readOutputLog, sweepOutputLogs } from './outputLog'

/** A terminal read here: its descriptor's reader, and the log of what it read. */
export interface PassedTerminal {
  readonly terminal: FdTerminal
  readonly log: OutputLog
}

export interface PassedTerminalsOptions {
  readonly fdPass: FdPass
  /** Where each terminal's output log goes (a folder per terminal key). */
  readonly logDir: string
  readonly clock: Clock
  /** A terminal's output could not be written down. */
  readonly warn: (message: string) => void
}

/**
 * The board's side of a pty host that passes its terminals on: the descriptor channel (a socket
 * of this process's own, outside libuv, opened with the token of the host's welcome), the
 * descriptors taken off it in the order the host sent them, and, per terminal, its reader and log.
 */
export class PassedTerminals implements IDisposable {
  /** Taken off the channel, not yet claimed by the message naming them. */
  private readonly fds: number[] = []
  private closed = false

  private constructor(
    private readonly channel: number,
    private readonly options: PassedTerminalsOptions,
  ) {}

  /** Opens the channel; the host answers `fd-channel-ready` on the board's connection. Throws what failed. */
  static open(socketPath: string, token: string, options: PassedTerminalsOptions): PassedTerminals {
    const channel = options.fdPass.connect(socketPath)
    try {
      writeSync(channel, jsonFrame({ t: 'fd-channel', token } satisfies ToHost))
    } catch (err) {
      closeQuietly(channel)
      throw err
    }
    return new PassedTerminals(channel, options)
  }

  /** A terminal as the host describes it, with what its log files hold (the host keeps no log of it). */
  describe(held: HeldPtyInfo): HeldPtyInfo {
    if (!held.direct) return held
    const saved = readOutputLog(join(this.options.logDir, held.key))
    if (saved.end === 0) return held
    return { ...held, logStart: saved.start, end: saved.end, delivered: saved.end }
  }

  /** The logs of terminals the host no longer holds go (the board and its host died together). */
  sweep(held: readonly HeldPtyInfo[]): void {
    sweepOutputLogs(this.options.logDir, new Set(held.filter((p) => p.direct).map((p) => p.key)))
  }

  /** The descriptor the host sent just before the message naming it: every such message takes one. */
  take(): number {
    if (!this.fds.length && !this.closed) this.fds.push(...this.options.fdPass.recv(this.channel))
    const fd = this.fds.shift()
    if (fd === undefined) throw new Error('the pty host named a terminal it passed, but no descriptor came')
    return fd
  }

  /**
   * Reads terminal `key` from `fd` from now on, `from` being the offset its mirror has: first what
   * its log holds after that (a takeover's replay: what the last board read after the screen it
   * saved), through `output`, then what the terminal has.
   */
  read(fd: number, key: string, from: number, output: (text: string, end: number) => void): PassedTerminal {
    try {
      const dir = join(this.options.logDir, key)
      // Listed now, not at `describe`: a board being replaced may still have been writing then.
      const saved = readOutputLog(dir)
      const replay = from < saved.end ? saved.bytes(from) : Buffer.alloc(0)
      const start = from < saved.end ? Math.max(from, saved.start) : from
      const log = new OutputLog(dir, start + replay.length, this.options.warn, saved)
      const terminal = new FdTerminal(fd, start, { data: output }, this.options.clock, log, (f) => this.options.fdPass.dup(f))
      terminal.replay(replay)
      return { terminal, log }
    } catch (err) {
      closeQuietly(fd)
      throw err
    }
  }

  dispose(): void {
    if (this.closed) return
    this.closed = true
    for (const fd of this.fds.splice(0)) closeQuietly(fd)
    closeQuietly(this.channel)
  }
}

export function closeQuietly(fd: number): void {
  try {
    closeSync(fd)
  } catch {
    // Swallow: closed already.
  }
}
