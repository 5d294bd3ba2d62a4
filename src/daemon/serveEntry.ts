/**
 * `npm run serve`: browser mode. The board runs as the daemon (started here, detached, when none
 * runs); this prints a URL that logs a browser in and returns. Closing the terminal or the tab
 * keeps every pane running; `switchboard quit` ends the board.
 * `--foreground` runs the daemon in this process instead (Ctrl+C ends it and its panes).
 */
import { join } from 'node:path'
import { parseServeArgs, SERVE_USAGE } from '../board/host/serveArgs'
import { daemonMain } from './daemonMain'
import { daemonPaths } from '../client/daemonState'
import { loginUrl } from '../client/loginUrl'
import { ensureDaemon } from '../client/startDaemon'
import { stderrLines, stdoutLines } from '../board/util/log'
import { UsageError } from '../board/util/usage'

export async function serveBrowserMode(argv: readonly string[]): Promise<number | undefined> {
  const out = stdoutLines()
  const io = {
    out: (text: string) => void process.stdout.write(text),
    err: (text: string) => void process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
    script: join(__dirname, 'daemon.js'),
    rendererDir: join(__dirname, '../renderer'),
  }
  const foreground = argv.includes('--foreground')
  const rest = argv.filter((a) => a !== '--foreground')
  if (foreground) return daemonMain(rest, io)
  let args
  try {
    args = parseServeArgs(rest)
  } catch (err) {
    if (!(err instanceof UsageError)) throw err
    stderrLines()(`switchboard serve: ${err.message}\n${SERVE_USAGE} [--foreground]`)
    return 2
  }
  const passOn = [...(args.port ? ['--port', String(args.port)] : []), '--host', args.host, ...(args.verbose ? ['--verbose'] : [])]
  const { state, started } = await ensureDaemon(daemonPaths(), { script: io.script, env: process.env, cwd: args.cwd ?? process.cwd(), args: passOn })
  if (!started && ((args.port && args.port !== state.port) || args.host !== state.host)) {
    stderrLines()(`switchboard serve: a board already runs on ${state.host}:${state.port}; \`switchboard daemon --restart --port N --host H\` moves it`)
  }
  out(`Switchboard (browser mode): ${loginUrl(state, Date.now())}`)
  out(`Control socket: ${state.socketPath}`)
  out(
    `${started ? 'Started the board' : 'The board already runs'} in the background (pid ${state.pid}${state.log ? `, log ${state.log}` : ''}): ` +
      'the link logs one browser in within a minute (`npx switchboard open` makes a new one); closing this terminal or the tab keeps every pane running; `npx switchboard quit` ends them.',
  )
  return 0
}

serveBrowserMode(process.argv.slice(2)).then(
  (code) => code !== undefined && process.stdout.write('', () => process.exit(code)),
  (err: unknown) => {
    process.stderr.write(`switchboard serve: ${err instanceof Error ? err.message : String(err)}\n`)
    process.exit(1)
  },
)
