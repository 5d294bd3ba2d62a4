/**
 * `npm run serve`: browser mode. The same board core and renderer as the Electron app, served to a
 * browser over HTTP + WebSocket on loopback, guarded by a per-run token.
 */
import { join } from 'node:path'
import { BrowserServer } from './host/browserServer'
import { startBoardHost } from './host/boardHost'
import { isLoopback, parseServeArgs } from './host/serveArgs'
import { createLogger } from './util/log'

export async function serveBrowserMode(argv: readonly string[]): Promise<void> {
  let args
  try {
    args = parseServeArgs(argv)
  } catch (err) {
    process.stderr.write(`switchboard serve: ${(err as Error).message}\n`)
    process.exit(2)
  }
  const log = createLogger(args.verbose ? 'debug' : undefined)
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
  process.stdout.write(`Switchboard (browser mode): ${server.url}\n`)
  process.stdout.write(`Control socket: ${host.control.path}\n`)

  let stopping = false
  const stop = async (why: string) => {
    if (stopping) return
    stopping = true
    log.info(`stopping (${why}): ending every pane`)
    await server.close()
    await host.shutdown()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGHUP', () => void stop('SIGHUP'))
  // A crashed pane or a bad client must never take the board down; log and keep going.
  process.on('uncaughtException', (err) => log.error('uncaught exception', { err: err.stack ?? String(err) }))
  process.on('unhandledRejection', (err) => log.error('unhandled rejection', { err: String(err) }))
}

void serveBrowserMode(process.argv.slice(2))
