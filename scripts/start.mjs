#!/usr/bin/env node
// `npm start`: build, then open the Electron window, a client of the board's daemon (which it starts
// when none runs). Where Electron's binary cannot be had (it is downloaded on first launch, and this
// machine may have no route to the download), say so in one line and start browser mode instead —
// the same daemon, the same renderer, in your browser: `serve` starts the daemon in the background,
// prints a login URL and returns; the agents keep running after this script ends.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)
const args = process.argv.slice(2)

function run(cmd, argv) {
  const child = spawn(cmd, argv, { stdio: 'inherit' })
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}

/** The Electron binary's path, downloading it once if needed; null (with the reason) if impossible. */
function electronBinary() {
  let pkgDir
  try {
    pkgDir = dirname(require.resolve('electron/package.json'))
  } catch {
    return { path: null, reason: 'the electron package is not installed (run npm ci)' }
  }
  const pathFile = join(pkgDir, 'path.txt')
  const existing = () => (existsSync(pathFile) ? join(pkgDir, 'dist', readFileSync(pathFile, 'utf8').trim()) : null)
  let path = existing()
  if (path && existsSync(path)) return { path }
  const install = spawnSync(process.execPath, [join(pkgDir, 'install.js')], { encoding: 'utf8', timeout: 180_000 })
  path = existing()
  if (install.status === 0 && path && existsSync(path)) return { path }
  const why = `${install.stderr ?? ''}${install.stdout ?? ''}`.match(
    /(fetch failed|ENOTFOUND[^\n]*|ECONNREFUSED[^\n]*|ETIMEDOUT[^\n]*|HTTP[^\n]*\d{3}[^\n]*)/,
  )?.[1]
  return { path: null, reason: `its download failed${why ? ` (${why.trim()})` : install.error ? ` (${install.error.message})` : ''}` }
}

const build = spawnSync(process.execPath, [join(import.meta.dirname, 'build-if-stale.mjs')], { stdio: ['ignore', 'ignore', 'inherit'] })
if (build.status !== 0) {
  console.error('switchboard: the build failed (see above); fix it and run npm start again')
  process.exit(1)
}

const electron = electronBinary()
if (electron.path) {
  run(electron.path, ['.', ...args])
} else {
  console.log(`Electron's binary is not available: ${electron.reason}; starting browser mode instead.`)
  run(process.execPath, ['out/main/serve.js', ...args])
}
