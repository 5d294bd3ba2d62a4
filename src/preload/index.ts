/**
 * The preload bridge: exposes exactly the contract's channels and nothing of ipcRenderer itself.
 * Calls come back as `{value}` or `{error}` (see ipcBridge.ts) and are turned into results or
 * BoardErrors here.
 */
import { contextBridge, ipcRenderer } from 'electron'
import { EVENT_CHANNELS, INVOKE_CHANNELS, SEND_CHANNELS } from '../shared/ipc/contract'
import type { PreloadBridge } from '../shared/ipc/preloadBridge'

const invokeChannels = new Set<string>(INVOKE_CHANNELS)
const sendChannels = new Set<string>(SEND_CHANNELS)
const eventChannels = new Set<string>(EVENT_CHANNELS)

const bridge: PreloadBridge = {
  invoke(channel, args) {
    if (!invokeChannels.has(channel)) return Promise.reject(new Error(`unknown channel ${channel}`))
    return ipcRenderer.invoke(channel, ...args)
  },
  send(channel, args) {
    if (sendChannels.has(channel)) ipcRenderer.send(channel, ...args)
  },
  on(channel, listener) {
    if (!eventChannels.has(channel)) throw new Error(`unknown event ${channel}`)
    const wrapped = (_event: Electron.IpcRendererEvent, payload: unknown) => listener(payload)
    ipcRenderer.on(channel, wrapped)
    return () => void ipcRenderer.off(channel, wrapped)
  },
}

contextBridge.exposeInMainWorld('switchboard', bridge)
