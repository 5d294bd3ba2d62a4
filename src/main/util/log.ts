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

export function createLogger(
  min: LogLevel = (process.env.SWITCHBOARD_LOG as LogLevel) in ORDER ? (process.env.SWITCHBOARD_LOG as LogLevel) : 'info',
  write: (line: string) => void = stderrLines(),
): Logger {
  const emit = (level: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[level] < ORDER[min]) return
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

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} }
