/**
 * Vitest global setup: tests run the panes from source, but a worker thread needs JavaScript. The
 * mirror's worker is bundled from source (rolldown, as the app's build does) into a temp folder of
 * node_modules/.cache for the run, and SWITCHBOARD_MIRROR_WORKER points the panes at it — never a stale `out/` build.
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
  return () => rmSync(dir, { recursive: true, force: true })
}
