/**
 * The board's server on another machine, brought there the way VS Code Remote-SSH brings its own:
 * copied once per build into `~/.switchboard-server/<id>/` of the remote user (the built app and its
 * production node_modules, native modules included), started there by the bridge, found again
 * next time. The remote needs Node 20 or newer on the PATH of a non-interactive ssh session, and the
 * same OS, CPU and Node ABI as this machine (the native modules are copied, not rebuilt).
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { APP_VERSION } from '../appVersion'

/** The folder of the built app: the first ancestor of this file with package.json and out/main/cli.js. */
export function findAppRoot(from: string = __dirname): string | null {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'out', 'main', 'cli.js'))) return dir
    if (dirname(dir) === dir) return null
  }
}

let cachedId: string | null = null

/**
 * The server's id: the version and a hash of the built entry points, so a new build is installed
 * again (a version number alone would keep an old build of the same version running there).
 */
export function serverId(root: string): string {
  if (cachedId) return cachedId
  const hash = createHash('sha256')
  for (const entry of ['cli.js', 'daemon.js', 'ptyHost.js']) {
    const file = join(root, 'out', 'main', entry)
    if (existsSync(file)) hash.update(readFileSync(file))
  }
  cachedId = `${APP_VERSION}-${hash.digest('hex').slice(0, 12)}`
  return cachedId
}

/** What is copied: the build, the resources, the CLI and the production dependencies (from package-lock.json). */
export function serverFiles(root: string): string[] {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages?: Record<string, { dev?: boolean; optional?: boolean }> }
  const modules = Object.entries(lock.packages ?? {})
    .filter(([path, pkg]) => path.startsWith('node_modules/') && !pkg.dev && existsSync(join(root, path)))
    .map(([path]) => path)
    // A nested package travels with its parent's folder.
    .filter((path, _, all) => !all.some((other) => other !== path && path.startsWith(other + '/')))
  return ['package.json', 'bin', 'out', 'resources', ...modules].filter((p) => existsSync(join(root, p)))
}

/** Where the server lives on the remote, relative to the remote user's home. */
export const SERVER_HOME = '.switchboard-server'

/** Lines the remote scripts print on stdout to say how it went (anything before them is the user's shell talking). */
export const MARK = 'SBR'

/**
 * What the bridge's ssh session runs: find Node and the server, then become the bridge (it starts
 * the board there when none runs and joins this stream to its control socket). Run by `sh` so the
 * user's login shell (fish, csh) does not matter; the id is checked to hold no quote.
 */
export function bridgeScript(id: string): string {
  if (!/^[A-Za-z0-9._-]+$/.test(id)) throw new Error(`bad server id ${id}`)
  const script = [
    `d="$HOME/${SERVER_HOME}/${id}"`,
    `command -v node >/dev/null 2>&1 || { echo "${MARK} no-node"; exit 0; }`,
    `v=$(node -p process.versions.node)`,
    `case "$v" in 2[0-9].*|[3-9][0-9].*|[1-9][0-9][0-9].*) ;; *) echo "${MARK} old-node $v"; exit 0;; esac`,
    `[ -f "$d/.complete" ] || { echo "${MARK} missing"; exit 0; }`,
    `exec node "$d/out/main/cli.js" remote-bridge`,
  ].join('; ')
  return `sh -c '${script}'`
}

/** What the install's ssh session runs: a tar.gz of serverFiles on stdin, unpacked beside and moved in whole. */
export function installScript(id: string): string {
  if (!/^[A-Za-z0-9._-]+$/.test(id)) throw new Error(`bad server id ${id}`)
  const script = [
    'set -e',
    `d="$HOME/${SERVER_HOME}/${id}"`,
    't="$d.partial.$$"',
    'rm -rf "$t"',
    'mkdir -p "$t"',
    'tar xzf - -C "$t"',
    'rm -rf "$d"',
    'mv "$t" "$d"',
    ': > "$d/.complete"',
    `echo "${MARK} installed"`,
  ].join('; ')
  return `sh -c '${script}'`
}

/** Streams the server as tar.gz into `sink` (the install's ssh stdin). Resolves when tar is done. */
export function packServer(root: string, sink: NodeJS.WritableStream): Promise<void> {
  return new Promise((done, fail) => {
    const tar = spawn('tar', ['czf', '-', '-C', root, ...serverFiles(root)], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    tar.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-2000)))
    tar.stdout.pipe(sink as NodeJS.WritableStream, { end: true })
    tar.once('error', (err) => fail(new Error(`could not run tar to pack the board for the remote: ${err.message}`)))
    tar.once('close', (code) => (code === 0 ? done() : fail(new Error(`tar failed packing the board (exit ${code}): ${stderr.trim()}`))))
  })
}
