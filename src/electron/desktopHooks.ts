/**
 * What only the Electron host can do for the board's settings and attention features, kept apart
 * from the plain-Node core. Wire once, after `app.whenReady()`, in src/electron/electronEntry.ts:
 *
 *   import { installDesktopHooks } from './desktopHooks'
 *   installDesktopHooks()
 *
 * Notifications and the dock/taskbar count need nothing here: the renderer raises them through
 * the Web Notifications and Badging APIs, which Electron implements natively (native
 * notifications; `navigator.setAppBadge` → the app's badge count).
 */
import { shell } from 'electron'
import { setFolderOpener } from '../board/settings/folderOpener'

export function installDesktopHooks(): void {
  // shell.openPath resolves with an error message, '' on success.
  setFolderOpener(async (path) => (await shell.openPath(path)) === '')
}
