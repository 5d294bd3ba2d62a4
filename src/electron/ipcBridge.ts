import { ipcMain, type IpcMainInvokeEvent, type WebContents, type WebFrameMain } from 'electron'
import type { IDisposable } from '../core/lifecycle/disposable'
import { EVENT_CHANNELS, INVOKE_CHANNELS, SEND_CHANNELS, type BoardApi } from '../shared/ipc/contract'
import { toWireError } from '../shared/ipc/errors'
import type { Logger } from '../board/util/log'
import { forwardInvoke, forwardSend } from './daemonForwarder'

/**
 * Electron's transport for the contract: the window is a client of the daemon like a browser tab,
 * bridged through main over the window's own control-socket connection. The renderer keeps its
 * file:// page, its CSP (no connect-src to the daemon) and never holds the daemon's token. Every
 * call is accepted only from our own window's top frame showing our own page, and its arguments
 * are validated against the contract before they leave main. Errors cross as `{error}` values,
 * because Electron flattens thrown errors into a string.
 */
export function bridgeDaemonToWindow(client: BoardApi, contents: WebContents, isTrustedUrl: (url: string) => boolean, log: Logger): IDisposable {
  const events = EVENT_CHANNELS.map((channel) => client.on(channel, (payload) => !contents.isDestroyed() && contents.send(channel, payload)))

  const trusted = (event: { sender: WebContents; senderFrame: WebFrameMain | null }) =>
    event.sender === contents && event.senderFrame !== null && event.senderFrame === contents.mainFrame && isTrustedUrl(event.senderFrame.url)

  for (const channel of INVOKE_CHANNELS) {
    ipcMain.handle(channel, async (event: IpcMainInvokeEvent, ...args: unknown[]) => {
      if (!trusted(event)) {
        log.warn('refused an IPC call from an untrusted sender', { channel })
        return { error: { code: 'invalid', message: 'untrusted sender' } }
      }
      return forwardInvoke(client, channel, args)
    })
  }
  const onSend = SEND_CHANNELS.map((channel) => {
    const listener = (event: Electron.IpcMainEvent, ...args: unknown[]) => {
      if (!trusted(event)) return
      try {
        forwardSend(client, channel, args)
      } catch (err) {
        log.warn('rejected an IPC send', { channel, error: toWireError(err).message })
      }
    }
    ipcMain.on(channel, listener)
    return () => ipcMain.off(channel, listener)
  })

  return {
    dispose() {
      for (const channel of INVOKE_CHANNELS) ipcMain.removeHandler(channel)
      for (const off of onSend) off()
      for (const off of events) off()
    },
  }
}
