#!/usr/bin/env node
// Builds with electron-vite only when a source is newer than the last build, so `npm run serve`,
// `bench` and `replay` start in well under a second when nothing changed. The build's own output
// goes to stderr: stdout stays the command's (e.g. `npm run replay -- --json | jq`).
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const stamp = join(root, 'out', '.build-stamp')
const inputs = ['src', 'resources', 'electron.vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.base.json']

function newest(path) {
  let st
  try {
    st = statSync(path)
  } catch {
    return 0
  }
  if (!st.isDirectory()) return st.mtimeMs
  let max = st.mtimeMs
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)))
  return max
}

const built = newest(stamp)
const changed = Math.max(...inputs.map((p) => newest(join(root, p))))
if (built === 0 || changed > built) {
  const started = Date.now()
  const r = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: ['ignore', process.stderr, process.stderr] })
  if (r.status !== 0) {
    process.stderr.write(`build failed (exit ${r.status ?? r.signal}); fix the errors above and run again\n`)
    process.exit(r.status ?? 1)
  }
  // The stamp carries the build's start time, so a source saved during the build counts as changed.
  writeFileSync(stamp, `${new Date(started).toISOString()}\n`)
  utimesSync(stamp, new Date(started), new Date(started))
}
