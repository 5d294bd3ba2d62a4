import { closeSync, fstatSync, renameSync, writeSync } from 'node:fs'

/**
 * The main process's log: one line per event on stderr. Callers pass structured fields; values
 * that could carry secrets (environment, tokens) are never passed here by design.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'
const ORDER: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 }

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
}

/** Output not yet taken by a slow reader beyond which further lines are dropped. */
export const MAX_PENDING_OUTPUT = 64 * 1024

export interface LineSink {
  (line: string): void
  /** Lines dropped because the stream was closed, broken or not being read. */
  readonly dropped: number
}

/**
 * Writes lines to stdout or stderr without ever letting them stop the board. A closed pipe
 * (`| head`, a terminal that went away) makes the stream fail with EPIPE: the error is taken here
 * — an unhandled one would reach `uncaughtException`, whose log line fails again, forever — and
 * the sink goes quiet. A reader that stops reading makes Node queue writes without bound: above
 * MAX_PENDING_OUTPUT lines are dropped instead. Nothing is retried.
 */
export function streamSink(stream: NodeJS.WritableStream & { writableLength?: number; destroyed?: boolean }): LineSink {
  let broken = false
  let dropped = 0
  stream.on('error', () => {
    broken = true
  })
  const sink = (line: string) => {
    if (broken || stream.destroyed || (stream.writableLength ?? 0) > MAX_PENDING_OUTPUT) {
      dropped++
      return
    }
    try {
      stream.write(line + '\n')
    } catch {
      broken = true
      dropped++
    }
  }
  return Object.defineProperty(sink, 'dropped', { get: () => dropped }) as LineSink
}

let stderrSink: LineSink | undefined
let stdoutSink: LineSink | undefined
/** The process's stderr, guarded (one sink per process so the error listener is added once). */
export const stderrLines = (): LineSink => (stderrSink ??= streamSink(process.stderr))
/** The process's stdout, guarded: for the lines a host prints at start (URL, socket path). */
export const stdoutLines = (): LineSink => (stdoutSink ??= streamSink(process.stdout))

/**
 * Lines a logger writes at most: a burst, then so many a second. Beyond, lines are dropped and
 * counted, and the next line that passes says how many went. Whatever a pane does that the board
 * logs (a bell flood wrote 87 MiB of daemon.log in 10 s) then costs at most this much.
 */
export interface LogRate {
  readonly burst: number
  readonly perSecond: number
}
export const DEFAULT_LOG_RATE: LogRate = { burst: 1000, perSecond: 100 }

export function createLogger(
  min: LogLevel = (process.env.SWITCHBOARD_LOG as LogLevel) in ORDER ? (process.env.SWITCHBOARD_LOG as LogLevel) : 'info',
  write: (line: string) => void = stderrLines(),
  rate: LogRate = DEFAULT_LOG_RATE,
  now: () => number = Date.now,
): Logger {
  let tokens = rate.burst
  let last = now()
  let dropped = 0
  const admit = (): boolean => {
    const t = now()
    tokens = Math.min(rate.burst, tokens + ((t - last) / 1000) * rate.perSecond)
    last = t
    if (tokens < 1) {
      dropped++
      return false
    }
    tokens--
    if (dropped) {
      write(`[switchboard warn] ${dropped} log line${dropped === 1 ? '' : 's'} dropped (more than ${rate.perSecond} a second)`)
      dropped = 0
    }
    return true
  }
  const emit = (level: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[level] < ORDER[min]) return
    if (!admit()) return
    let extra = ''
    try {
      extra = fields ? ' ' + JSON.stringify(fields) : ''
    } catch {
      extra = ' {"fields":"not serialisable"}'
    }
    write(`[switchboard ${level}] ${msg}${extra}`)
  }
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
  }
}

/**
 * A log file that stays bounded however long the board runs: appended to (never through a link,
 * util/safeFiles) until it holds `maxBytes`, then renamed to `<path>.1` (replacing the older one)
 * and started anew. A detached daemon's log was rotated only at its next start.
 */
export function rotatingFileSink(path: string, maxBytes: number, open: (path: string) => number): LineSink {
  let fd: number | null = null
  let size = 0
  let dropped = 0
  const reopen = () => {
    fd = open(path)
    size = fstatSync(fd).size
  }
  const sink = (line: string) => {
    const bytes = Buffer.byteLength(line) + 1
    try {
      if (fd === null) reopen()
      if (size > 0 && size + bytes > maxBytes) {
        closeSync(fd!)
        fd = null
        renameSync(path, `${path}.1`)
        reopen()
      }
      writeSync(fd!, line + '\n')
      size += bytes
    } catch {
      // A full disk or a removed folder must not stop the board: the line is lost, and counted.
      dropped++
    }
  }
  return Object.defineProperty(sink, 'dropped', { get: () => dropped }) as LineSink
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} }
