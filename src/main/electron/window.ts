import { BrowserWindow, session, shell } from 'electron'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ELECTRON_CSP } from '../host/csp'

/** The page the window may show: our built renderer, nothing else. */
export function rendererUrl(): string {
  return process.env.ELECTRON_RENDERER_URL ?? pathToFileURL(join(__dirname, '../renderer/index.html')).href
}

export function isOurPage(url: string): boolean {
  const base = rendererUrl()
  return url === base || url.startsWith(base.replace(/index\.html$/, '')) && !url.includes('..')
}

/**
 * The board window: context isolation, sandbox, no Node in the renderer, a strict CSP, and no
 * navigation or new windows (links open in the user's browser, http(s) only).
 */
export function createBoardWindow(): BrowserWindow {
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [ELECTRON_CSP] } })
  })
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) => callback(permission === 'notifications'))

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
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//.test(url)) void shell.openExternal(url)
    return { action: 'deny' }
  })
  win.webContents.on('will-attach-webview', (event) => event.preventDefault())
  void win.loadURL(rendererUrl())
  return win
}
