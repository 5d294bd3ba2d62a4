/**
 * The Electron host: the composition root, and the only entry that imports electron. Everything
 * it wires (board, control socket, contract handlers) is the plain-Node core browser mode uses too.
 */
import { app, BrowserWindow } from 'electron'
import { installDesktopHooks } from './electron/desktopHooks'
import { bridgeBoardToWindow } from './electron/ipcBridge'
import { createBoardWindow, isOurPage } from './electron/window'
import { startBoardHost, type BoardHost } from './host/boardHost'
import { createLogger } from './util/log'

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
  process.stdout.write(`Control socket: ${host.control.path}\n`)
  const open = () => {
    const win = createBoardWindow()
    const bridge = bridgeBoardToWindow(host!.board, win.webContents, isOurPage, host!.info, log)
    win.on('closed', () => bridge.dispose())
  }
  open()
  app.on('activate', () => BrowserWindow.getAllWindows().length === 0 && open())
})

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})

let quitting = false
app.on('will-quit', (event) => {
  if (quitting || !host) return
  event.preventDefault()
  quitting = true
  void host.shutdown().finally(() => app.exit(0))
})
