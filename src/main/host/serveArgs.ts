export interface ServeArgs {
  readonly host: string
  readonly port: number
  readonly cwd?: string
  /** `--verbose`: debug lines too (every state change with all its evidence, rejected reports). */
  readonly verbose?: boolean
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1'])

/** `--port N` (0 = random), `--host H`, `--cwd DIR`. Throws with a one-line message on bad input. */
export function parseServeArgs(argv: readonly string[]): ServeArgs {
  let host = '127.0.0.1'
  let port = 0
  let cwd: string | undefined
  let verbose = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined]
    const value = () => {
      const v = inline ?? argv[++i]
      if (v === undefined || v === '') throw new Error(`${flag} needs a value`)
      return v
    }
    switch (flag) {
      case '--port': {
        const v = value()
        port = Number(v)
        if (!/^\d+$/.test(v) || port > 65535) throw new Error(`--port: ${v} is not a port number (0–65535; 0 picks a free one)`)
        break
      }
      case '--host':
        host = value()
        break
      case '--cwd':
        cwd = value()
        break
      case '--verbose':
        verbose = true
        break
      default:
        throw new Error(`unknown option ${arg}; usage: serve [--port N] [--host ADDR] [--cwd DIR] [--verbose]`)
    }
  }
  return { host, port, cwd, ...(verbose ? { verbose } : {}) }
}

export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host) || host.startsWith('127.')
}
