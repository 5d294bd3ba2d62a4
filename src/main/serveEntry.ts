/**
 * `npm run serve`: browser mode. The same board core and renderer as the Electron app, served to a
 * browser over HTTP + WebSocket on loopback, guarded by a per-run token.
 */
import { join } from 'node:path'
import { BrowserServer } from './host/browserServer'
import { startBoardHost } from './host/boardHost'
import { isLoopback, parseServeArgs, SERVE_USAGE } from './host/serveArgs'
import { installStopSignals } from './host/stopSignals'
import { createLogger, stderrLines, stdoutLines } from './util/log'
import { UsageError } from './util/usage'

export async function serveBrowserMode(argv: readonly string[]): Promise<void> {
  const out = stdoutLines()
  let args
  try {
    args = parseServeArgs(argv)
  } catch (err) {
    if (!(err instanceof UsageError)) throw err
    stderrLines()(`switchboard serve: ${err.message}\n${SERVE_USAGE}`)
    process.exit(2)
  }
  const log = createLogger(args.verbose ? 'debug' : undefined)
  // A crashed pane or a bad client must never take the board down; log and keep going.
  process.on('uncaughtException', (err) => log.error('uncaught exception', { err: err.stack ?? String(err) }))
  process.on('unhandledRejection', (err) => log.error('unhandled rejection', { err: String(err) }))
  const host = await startBoardHost({ mode: 'browser', log, defaultCwd: args.cwd ?? process.cwd() })
  const server = await BrowserServer.listen({
    board: host.board,
    info: host.info,
    log,
    rendererDir: join(__dirname, '../renderer'),
    host: args.host,
    port: args.port,
  })
  if (!isLoopback(args.host)) {
    log.warn(`listening on ${args.host}: anyone who can reach it and has the token controls your panes`)
  }
  out(`Switchboard (browser mode): ${server.url}`)
  out(`Control socket: ${host.control.path}`)
  // Panes first (they are what must not outlive the board), then the servers, each bounded.
  installStopSignals(log, [() => host.shutdown(), () => server.close()])
}

void serveBrowserMode(process.argv.slice(2))
