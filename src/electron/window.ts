import { app, BrowserWindow, session, shell } from 'electron'
import { join } from 'node:path'
import { ELECTRON_CSP } from '../board/host/csp'
import { allowPermission, isOurPageOf, rendererUrlFor } from './policy'

/** The page the window may show: our built renderer (a dev server only in development). */
export function rendererUrl(): string {
  return rendererUrlFor({ packaged: app.isPackaged, devUrl: process.env.ELECTRON_RENDERER_URL, mainDir: __dirname })
}

export function isOurPage(url: string): boolean {
  return isOurPageOf(rendererUrl(), url)
}

/**
 * The board window: context isolation, sandbox, no Node in the renderer, a strict CSP, and no
 * navigation or new windows (links open in the user's browser, http(s) only).
 */
export function createBoardWindow(): BrowserWindow {
  // Applies to http(s) responses only (the dev server); the file:// page carries its own <meta> CSP.
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [ELECTRON_CSP] } })
  })
  // Both the check (synchronous queries such as `Notification.permission`) and the request.
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    allowPermission(permission, details.requestingUrl ?? requestingOrigin, isOurPage),
  )
  session.defaultSession.setPermissionRequestHandler((contents, permission, callback, details) =>
    callback(allowPermission(permission, details.requestingUrl ?? contents.getURL(), isOurPage)),
  )

  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 720,
    minHeight: 480,
    title: 'Switchboard',
    backgroundColor: '#16181d',
    show: false,
    webPreferences: {
      preload: join(__dirname, '../preload/index.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  })
  win.once('ready-to-show', () => win.show())
  win.webContents.on('will-navigate', (event, url) => {
    if (!isOurPage(url)) event.preventDefault()
  })
  // A server redirect and any frame's navigation get the same test as the top frame's.
  win.webContents.on('will-redirect', (event, url) => {
    if (!isOurPage(url)) event.preventDefault()
  })
  win.webContents.on('will-frame-navigate', (event) => {
    if (!isOurPage(event.url)) event.preventDefault()
  })
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//.test(url)) void shell.openExternal(url)
    return { action: 'deny' }
  })
  win.webContents.on('will-attach-webview', (event) => event.preventDefault())
  void win.loadURL(rendererUrl())
  return win
}
