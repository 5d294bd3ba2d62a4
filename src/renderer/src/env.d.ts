import type { Terminal } from '@xterm/xterm'
import type { PreloadBridge } from '../../shared/ipc/preloadBridge'

declare global {
  interface Window {
    /** Set by the Electron preload; absent in browser mode. */
    readonly switchboard?: PreloadBridge
    /**
     * TEST HOOK: the xterm of the pane currently shown, once its attach snapshot is written
     * (undefined otherwise). e2e tests read `buffer.active` from it instead of scraping the DOM.
     * Nothing in the app reads it.
     */
    __switchboardTerminal?: Terminal
  }
}

export {}
