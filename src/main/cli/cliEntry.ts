/** `switchboard …`: the control CLI, talking to a running board over its Unix socket. */
import { runCli } from './run'

const interrupted = new Promise<void>((resolve) => {
  process.once('SIGINT', () => resolve())
  process.once('SIGTERM', () => resolve())
})

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
