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

export function createLogger(
  min: LogLevel = (process.env.SWITCHBOARD_LOG as LogLevel) in ORDER ? (process.env.SWITCHBOARD_LOG as LogLevel) : 'info',
  write: (line: string) => void = (line) => process.stderr.write(line + '\n'),
): Logger {
  const emit = (level: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[level] < ORDER[min]) return
    const extra = fields ? ' ' + JSON.stringify(fields) : ''
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
