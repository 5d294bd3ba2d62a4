/**
 * The Electron host: the composition root, and the only entry that imports electron. The board
 * itself runs in the daemon (src/daemon/), started here on demand as this very binary run as
 * Node (ELECTRON_RUN_AS_NODE=1); each window is a client of it over the control socket, bridged
 * to the renderer through main. Closing the window keeps every agent running (the tray and a
 * notification say so); Quit asks whether to keep the agents running or end every pane.
 */
import { app, BrowserWindow, dialog, Menu, nativeImage, Notification, Tray } from 'electron'
import { join } from 'node:path'
import { protocolMismatch } from '../shared/ipc/protocol'
import { connectToBoard, type BoardConnection } from '../client/connect'
import { daemonPaths, type DaemonState } from '../client/daemonState'
import { ensureDaemon, restartDaemon, stopDaemon } from '../client/startDaemon'
import { installDesktopHooks } from './desktopHooks'
import { bridgeDaemonToWindow } from './ipcBridge'
import { decideQuit, keptRunningText, QUIT_BUTTONS, type OnQuit } from './quitPolicy'
import { createBoardWindow, isOurPage } from './window'
import { installStopSignals } from '../board/host/stopSignals'
import { findResourcesDir } from '../board/util/resources'
import { createLogger, stdoutLines } from '../board/util/log'

// `--verbose` (or SWITCHBOARD_LOG=debug): every state change with all its evidence, too.
const verbose = process.argv.includes('--verbose')
const log = createLogger(verbose ? 'debug' : undefined)
const paths = daemonPaths()
const launcher = { script: join(__dirname, 'daemon.js'), env: process.env, cwd: app.getPath('home'), args: verbose ? ['--verbose'] : [] }

let daemon: DaemonState | undefined
let tray: Tray | undefined
let current: { win: BrowserWindow; conn: BoardConnection; dispose(): void } | undefined
let quitting = false

process.on('uncaughtException', (err) => log.error('uncaught exception', { err: err.stack ?? String(err) }))

if (!app.requestSingleInstanceLock()) app.quit()

/** A connection to the daemon that speaks our protocol; on a mismatch, offers to restart it. */
async function connect(): Promise<BoardConnection | null> {
  daemon = (await ensureDaemon(paths, launcher)).state
  const conn = await connectToBoard(daemon.socketPath)
  const mismatch = protocolMismatch(await conn.client.invoke('board:info'), 'this app')
  if (!mismatch) return conn
  conn.close()
  const { response } = await dialog.showMessageBox({
    type: 'warning',
    message: 'The running board is another version',
    detail: mismatch,
    buttons: ['Restart the board', 'Quit'],
    defaultId: 0,
    cancelId: 1,
  })
  if (response !== 0) return null
  // This version's board takes the running panes over from the pty host (an older board without one ends them).
  await restartDaemon(paths, launcher)
  return connect()
}

async function openWindow(): Promise<void> {
  if (current) {
    if (current.win.isMinimized()) current.win.restore()
    current.win.show()
    current.win.focus()
    return
  }
  const conn = await connect()
  if (!conn) return void app.exit(1)
  const win = createBoardWindow()
  const bridge = bridgeDaemonToWindow(conn.client, win.webContents, isOurPage, log)
  const entry = { win, conn, dispose: () => (bridge.dispose(), conn.close()) }
  current = entry
  win.on('closed', () => {
    entry.dispose()
    if (current === entry) current = undefined
    if (!quitting) void notifyKeptRunning()
  })
  // The daemon went away under the window (stopped, killed): start or find one and show it afresh.
  void conn.closed.then(() => {
    if (current !== entry || quitting) return
    log.warn('the connection to the board closed; reconnecting')
    entry.dispose()
    current = undefined
    win.destroy()
    void openWindow()
  })
}

async function notifyKeptRunning(): Promise<void> {
  let panes = 0
  try {
    const conn = await connectToBoard(daemon?.socketPath)
    panes = (await conn.client.invoke('pane:list')).filter((p) => !p.exit && !p.interrupted).length
    conn.close()
  } catch {
    // Swallow: the count is only for the wording.
  }
  const text = keptRunningText(panes)
  if (Notification.isSupported()) new Notification(text).show()
}

function createTray(): void {
  const resources = findResourcesDir(__dirname)
  const icon = resources ? nativeImage.createFromPath(join(resources, 'icons', 'tray.png')) : nativeImage.createEmpty()
  tray = new Tray(icon)
  tray.setToolTip('Switchboard: your agents run on in the background')
  tray.setContextMenu(
    Menu.buildFromTemplate([{ label: 'Open Switchboard', click: () => void openWindow() }, { type: 'separator' }, { label: 'Quit…', click: () => app.quit() }]),
  )
  tray.on('click', () => void openWindow())
}

/** The Quit setting from the daemon's settings, and the dialog when it says `ask`. */
async function quitDecision() {
  const conn = current?.conn ?? (await connectToBoard(daemon?.socketPath).catch(() => null))
  if (!conn) return { action: 'keep' as const, remember: null }
  const snapshot = await conn.client.invoke('settings:get')
  const decision = await decideQuit(snapshot.settings.sessions.onQuit as OnQuit, async () => {
    const answer = await dialog.showMessageBox({
      type: 'question',
      message: 'Quit Switchboard?',
      detail:
        'Your agents can keep running without the window (open it again with `npm start`, the app, or `switchboard open`). Ending every pane stops them; they come back interrupted, ready to resume.',
      buttons: [...QUIT_BUTTONS],
      defaultId: 0,
      cancelId: 2,
      checkboxLabel: 'Remember my choice (Settings → sessions.onQuit)',
    })
    return { button: answer.response, remember: answer.checkboxChecked }
  })
  if (decision.remember) {
    await conn.client.invoke('settings:set', { ...snapshot.settings, sessions: { ...snapshot.settings.sessions, onQuit: decision.remember } })
  }
  if (conn !== current?.conn) conn.close()
  return decision
}

app.on('second-instance', () => void openWindow())

app
  .whenReady()
  .then(async () => {
    installDesktopHooks()
    createTray()
    await openWindow()
    if (daemon) stdoutLines()(`Control socket: ${daemon.socketPath}`)
    app.on('activate', () => void openWindow())
  })
  .catch((err: unknown) => {
    // Without a board there is nothing to show: say why and quit rather than sit without a window.
    log.error('the board could not start; quitting', { err: err instanceof Error ? (err.stack ?? err.message) : String(err) })
    dialog.showErrorBox('Switchboard could not start its board', err instanceof Error ? err.message : String(err))
    app.exit(1)
  })

// The window is a client: closing the last one leaves the app (and its tray) and the agents running.
app.on('window-all-closed', () => undefined)

// A signal ends this client only; the daemon and its agents run on (`switchboard quit` ends them).
installStopSignals(log, [async () => void current?.dispose()], (code) => app.exit(code))

app.on('before-quit', (event) => {
  if (quitting) return
  event.preventDefault()
  void quitDecision()
    .then(async (decision) => {
      if (decision.action === 'cancel') return
      quitting = true
      current?.dispose()
      if (decision.action === 'end') await stopDaemon(paths)
      app.exit(0)
    })
    .catch((err: unknown) => {
      log.error('quitting failed; leaving the board running', { err: String(err) })
      quitting = true
      app.exit(0)
    })
})
