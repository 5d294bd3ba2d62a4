/**
 * The Electron host: the composition root, and the only entry that imports electron. Everything
 * it wires (board, control socket, contract handlers) is the plain-Node core browser mode uses too.
 */
import { app, BrowserWindow } from 'electron'
import { installDesktopHooks } from './electron/desktopHooks'
import { bridgeBoardToWindow } from './electron/ipcBridge'
import { createBoardWindow, isOurPage } from './electron/window'
import { startBoardHost, type BoardHost } from './host/boardHost'
import { installStopSignals } from './host/stopSignals'
import { createLogger, stdoutLines } from './util/log'

// `--verbose` (or SWITCHBOARD_LOG=debug): every state change with all its evidence, too.
const log = createLogger(process.argv.includes('--verbose') ? 'debug' : undefined)
let host: BoardHost | undefined

process.on('uncaughtException', (err) => log.error('uncaught exception', { err: err.stack ?? String(err) }))

if (!app.requestSingleInstanceLock()) app.quit()

app.on('second-instance', () => {
  const win = BrowserWindow.getAllWindows()[0]
  if (win) {
    if (win.isMinimized()) win.restore()
    win.focus()
  }
})

app.whenReady().then(async () => {
  installDesktopHooks()
  host = await startBoardHost({ mode: 'electron', log })
  stdoutLines()(`Control socket: ${host.control.path}`)
  const open = () => {
    const win = createBoardWindow()
    const bridge = bridgeBoardToWindow(host!.board, win.webContents, isOurPage, host!.info, log)
    win.on('closed', () => bridge.dispose())
  }
  open()
  app.on('activate', () => BrowserWindow.getAllWindows().length === 0 && open())
}).catch((err: unknown) => {
  // Without a board there is nothing to show: say why and quit rather than sit without a window.
  log.error('the board could not start; quitting', { err: err instanceof Error ? (err.stack ?? err.message) : String(err) })
  app.exit(1)
})

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})

// SIGTERM/SIGINT/SIGHUP end the app like a quit, panes first, within a bounded time.
installStopSignals(log, [async () => void (await host?.shutdown())], (code) => app.exit(code))

let quitting = false
app.on('will-quit', (event) => {
  if (quitting || !host) return
  event.preventDefault()
  quitting = true
  void host.shutdown().finally(() => app.exit(0))
})
