/**
 * Vitest global setup: tests run the panes from source, but a worker thread needs JavaScript. The
 * mirror's worker is bundled from source (rolldown, as the app's build does) into a temp folder of
 * node_modules/.cache for the run, and SWITCHBOARD_MIRROR_WORKER points the panes at it — never a stale `out/` build.
 * So is the pty host (SWITCHBOARD_PTY_HOST_SCRIPT), which runs as a process of its own.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { build } from 'rolldown'

export default async function setup(): Promise<() => void> {
  // Inside the project, so the bundle resolves @xterm/* from its node_modules.
  const cache = resolve(__dirname, '../../../node_modules/.cache')
  mkdirSync(cache, { recursive: true })
  const dir = mkdtempSync(join(cache, 'switchboard-mirror-worker-'))
  const file = join(dir, 'mirrorWorker.js')
  await build({
    input: resolve(__dirname, '../screen/mirrorWorker.ts'),
    platform: 'node',
    external: [/^@xterm\//, /^node:/],
    output: { file, format: 'cjs' },
    logLevel: 'silent',
  })
  process.env.SWITCHBOARD_MIRROR_WORKER = file
  // The pty host, a process of its own: bundled the same way (node-pty stays external).
  const ptyHost = join(dir, 'ptyHost.js')
  await build({
    input: resolve(__dirname, '../../ptyHost/ptyHostMain.ts'),
    platform: 'node',
    external: [/^node-pty$/, /^node:/],
    output: { file: ptyHost, format: 'cjs' },
    logLevel: 'silent',
  })
  process.env.SWITCHBOARD_PTY_HOST_SCRIPT = ptyHost
  // The app's parser threads run at nice 10 below the board's thread; nice only weighs within an
  // autogroup (a session), and in the app that session holds only the board (every pane is a
  // session of its own). Vitest's forks share one session: at nice 10, a test board's parser got
  // a tenth of the weight of each sibling test file and a canary's screen waited seconds.
  process.env.SWITCHBOARD_MIRROR_NICE ??= '0'
  return () => rmSync(dir, { recursive: true, force: true })
}
