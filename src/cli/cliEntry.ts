/** `switchboard …`: the control CLI, talking to a running board over its Unix socket. */
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { runCli } from './run'
import { parseCli } from './args'

const argv = process.argv.slice(2)
const DAEMON_SCRIPT = join(__dirname, 'daemon.js')

let command: ReturnType<typeof parseCli>['command'] | undefined
try {
  command = parseCli(argv).command
} catch {
  // runCli reports the usage error below.
}

if (argv[0] === 'remote-bridge') {
  // Run by a board on another machine over ssh (src/board/remote): stdout is its protocol stream.
  void import('../client/remoteBridge').then(({ runRemoteBridge }) => runRemoteBridge(DAEMON_SCRIPT)).then((code) => process.exit(code))
} else if (command?.name === 'daemon') {
  // The daemon is a process of its own (src/daemon, out/main/daemon.js): this verb runs its bundle in
  // this process, as `node daemon.js ARGS` would, rather than importing its code into the CLI's. It
  // has its own stop signals (panes first, within 4 s): none of the CLI's below.
  process.argv = [process.argv[0] ?? process.execPath, DAEMON_SCRIPT, ...command.args]
  createRequire(__filename)(DAEMON_SCRIPT)
} else {
  // A signal ends a streaming command cleanly (it resolves `interrupted`), and any command soon:
  // whatever it waits for — a frozen board, a full pipe — the process is gone within 300 ms.
  // `record` is given longer to stop: a remote pane's recording is brought here over ssh then (a
  // second signal ends it at once).
  const graceMs = command?.name === 'record' ? 60_000 : 300
  let signalled = false
  const interrupted = new Promise<void>((resolve) => {
    for (const [signal, code] of [
      ['SIGINT', 130],
      ['SIGTERM', 143],
      ['SIGHUP', 129],
    ] as const) {
      process.on(signal, () => {
        if (signalled) process.exit(code)
        signalled = true
        resolve()
        setTimeout(() => process.exit(code), graceMs)
      })
    }
  })

  // `switchboard events | head -1`: the reader is gone, so is the point of going on (no stack trace).
  process.stdout.on('error', () => process.exit(0))
  process.stderr.on('error', () => undefined)

  runCli(argv, {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
    interrupted,
    daemonScript: DAEMON_SCRIPT,
    terminal: { input: process.stdin, output: process.stdout },
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
}
