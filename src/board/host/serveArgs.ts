import { parseUsage, UsageError } from '../util/usage'

export interface ServeArgs {
  readonly host: string
  readonly port: number
  readonly cwd?: string
  /** `--verbose`: debug lines too (every state change with all its evidence, rejected reports). */
  readonly verbose?: boolean
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1'])

export const SERVE_USAGE = 'usage: serve [--port N] [--host ADDR] [--cwd DIR] [--verbose]'

/** `--port N` (0 = random), `--host H`, `--cwd DIR`. Throws a UsageError with a one-line message. */
export function parseServeArgs(argv: readonly string[]): ServeArgs {
  const { values } = parseUsage({
    args: [...argv],
    options: { port: { type: 'string', default: '0' }, host: { type: 'string', default: '127.0.0.1' }, cwd: { type: 'string' }, verbose: { type: 'boolean' } },
    strict: true,
  })
  const port = Number(values.port)
  if (!/^\d+$/.test(values.port) || port > 65535) throw new UsageError(`--port: ${values.port} is not a port number (0–65535; 0 picks a free one)`)
  if (values.host === '') throw new UsageError('--host needs a value')
  if (values.cwd === '') throw new UsageError('--cwd needs a value')
  return { host: values.host, port, cwd: values.cwd, ...(values.verbose ? { verbose: true } : {}) }
}

export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host) || host.startsWith('127.')
}
