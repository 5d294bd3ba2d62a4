import { ipcMain, type IpcMainInvokeEvent, type WebContents, type WebFrameMain } from 'electron'
import type { IDisposable } from '../../core/lifecycle/disposable'
import { INVOKE_CHANNELS, SEND_CHANNELS, type BoardInfo } from '../../shared/ipc/contract'
import { toWireError } from '../../shared/ipc/errors'
import { createHandlers, dispatchInvoke, dispatchSend } from '../ipc/handlers'
import type { Board } from '../panes/board'
import type { Logger } from '../util/log'

/**
 * Electron's transport for the contract: one ipcMain handler per registered channel. Every call
 * is accepted only from our own window's top frame showing our own page, and its arguments are
 * validated exactly as over the WebSocket. Errors cross as `{error}` values, because Electron
 * flattens thrown errors into a string.
 */
export function bridgeBoardToWindow(board: Board, contents: WebContents, isTrustedUrl: (url: string) => boolean, info: () => BoardInfo, log: Logger): IDisposable {
  const client = board.connect((payload) => !contents.isDestroyed() && contents.send('pane:data', payload))
  const handlers = createHandlers(board, client, info)
  const events = board.onEvent((event) => !contents.isDestroyed() && contents.send(event.channel, event.payload))

  const trusted = (event: { sender: WebContents; senderFrame: WebFrameMain | null }) =>
    event.sender === contents && event.senderFrame !== null && event.senderFrame === contents.mainFrame && isTrustedUrl(event.senderFrame.url)

  for (const channel of INVOKE_CHANNELS) {
    ipcMain.handle(channel, async (event: IpcMainInvokeEvent, ...args: unknown[]) => {
      if (!trusted(event)) {
        log.warn('refused an IPC call from an untrusted sender', { channel })
        return { error: { code: 'invalid', message: 'untrusted sender' } }
      }
      try {
        return { value: await dispatchInvoke(handlers.invoke, channel, args) }
      } catch (err) {
        return { error: toWireError(err) }
      }
    })
  }
  const onSend = SEND_CHANNELS.map((channel) => {
    const listener = (event: Electron.IpcMainEvent, ...args: unknown[]) => {
      if (!trusted(event)) return
      try {
        dispatchSend(handlers.send, channel, args)
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
      events.dispose()
      client.dispose()
    },
  }
}
