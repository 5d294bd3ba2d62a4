import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { RENDERER_META_CSP } from './src/board/host/csp'

/**
 * The CSP in the built page itself (Electron's file:// page gets no header). Build only: the dev
 * server's React refresh preamble is an inline script.
 */
const cspMeta: Plugin = {
  name: 'switchboard-csp-meta',
  apply: 'build',
  transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: RENDERER_META_CSP }, injectTo: 'head-prepend' }],
}

export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        // One bundle per entry point: the Electron host, the browser-mode host, the control CLI,
        // and the developer tools (src/tools, not packaged: electron-builder.yml) share the supervisor core.
        input: {
          index: resolve('src/electron/electronEntry.ts'),
          serve: resolve('src/daemon/serveEntry.ts'),
          // The board's core as its own process (`switchboard daemon`), started detached by clients.
          daemon: resolve('src/daemon/daemonEntry.ts'),
          // The process that holds every pane's PTY and outlives the daemon (src/ptyHost/README.md).
          ptyHost: resolve('src/ptyHost/ptyHostMain.ts'),
          cli: resolve('src/cli/cliEntry.ts'),
          bench: resolve('src/tools/bench/benchEntry.ts'),
          replay: resolve('src/tools/replay/replayEntry.ts'),
          // The parser workers of the mirror pool (src/board/screen/mirrorPool.ts).
          mirrorWorker: resolve('src/board/screen/mirrorWorker.ts'),
        },
      },
    },
  },
  // A sandboxed preload can require only `electron`: bundle everything else (the contract's zod) into it.
  preload: { build: { externalizeDeps: { exclude: ['zod'] } } },
  renderer: {
    plugins: [react(), cspMeta],
  },
})
