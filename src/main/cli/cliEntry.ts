/** `switchboard …`: the control CLI, talking to a running board over its Unix socket. */
import { runCli } from './run'

// A signal ends a streaming command cleanly (it resolves `interrupted`), and any command soon:
// whatever it waits for — a frozen board, a full pipe — the process is gone within 300 ms.
const interrupted = new Promise<void>((resolve) => {
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
    process.on(signal, () => {
      resolve()
      setTimeout(() => process.exit(code), 300)
    })
  }
})

// `switchboard events | head -1`: the reader is gone, so is the point of going on (no stack trace).
process.stdout.on('error', () => process.exit(0))
process.stderr.on('error', () => undefined)

runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
  cwd: process.cwd(),
  interrupted,
}).then(
  (code) => {
    // Let stdout drain (a pipe to `head` or `jq`) before exiting.
    process.stdout.write('', () => process.exit(code))
  },
  (err: unknown) => {
    process.stderr.write(`switchboard: ${err instanceof Error ? err.message : String(err)}\n`)
    process.exit(1)
  },
)
