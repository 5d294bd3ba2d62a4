/**
 * Runs the real board daemon in the foreground (`node out/main/daemon.js`, = `switchboard daemon`) for a test: its own runtime dir (so
 * its control socket cannot meet another board's), its own HOME (so the panes' bash reads no
 * user rc file and writes no history) and a working directory the test may fill.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export const ROOT = resolve(__dirname, '../..')
export const DAEMON_JS = join(ROOT, 'out/main/daemon.js')
const RENDERER_HTML = join(ROOT, 'out/renderer/index.html')

export interface RunningBoard {
  /** The printed URL, carrying the token. */
  readonly url: string
  readonly origin: string
  readonly port: number
  readonly cwd: string
  readonly runtimeDir: string
  /** The board's config dir (SWITCHBOARD_CONFIG_DIR). */
  readonly configDir: string
  /** The control socket the board printed. */
  readonly socketPath: string
  readonly child: ChildProcess
  /** SIGTERM, wait for the exit; resolves with the exit code (idempotent). */
  stop(): Promise<number | null>
  /** Removes the temp dirs (after stop). */
  cleanup(): void
  /** Output so far, for failure messages. */
  log(): string
}

/** Builds once when the suite is run on its own; the suite runner builds first. */
export function ensureBuilt(): void {
  if (existsSync(DAEMON_JS) && existsSync(RENDERER_HTML)) return
  const r = spawnSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'inherit' })
  if (r.status !== 0) throw new Error('`npx electron-vite build` failed')
}

/** The first built asset of the renderer (to prove assets, too, need the token). */
export function firstAssetPath(): string {
  const m = /(?:src|href)="\.?(\/assets\/[^"]+)"/.exec(readFileSync(RENDERER_HTML, 'utf8'))
  if (!m?.[1]) throw new Error('no asset in out/renderer/index.html')
  return m[1]
}

/**
 * The test runner's environment as a desktop or a shell would give it to a board, without what
 * npm put there (`npm test`, `npx vitest`) or what marks a CI job. A board npm started drops the
 * leading node_modules/.bin entries of its panes' PATH (issue 22 item 7), which would drop the
 * agents' own folders these tests put first (the case npm started it is boardGlance's `npx -c`
 * test). Gemini CLI 0.61 runs headless under `CI=true` or `GITHUB_ACTIONS=true` even in a terminal
 * ("No input provided via stdin"), and CI sets one.
 */
export function desktopEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !k.toLowerCase().startsWith('npm_') && k !== 'CI' && k !== 'GITHUB_ACTIONS'))
}

/**
 * `env` is added to the board's environment (and so its panes'): e.g. a PATH with a stand-in
 * agent. The board's config dir (settings, rule overrides) is always a fresh one of its own.
 * `settings`: a settings.json the board finds at its first start (as a user's own would be).
 */
export async function startBoard(timeoutMs = 20_000, env: Readonly<NodeJS.ProcessEnv> = {}, settings?: unknown): Promise<RunningBoard> {
  const base = mkdtempSync(join(tmpdir(), 'switchboard-e2e-'))
  const dirs = { runtime: join(base, 'run'), home: join(base, 'home'), cwd: join(base, 'work'), config: join(base, 'config') }
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true })
  if (settings !== undefined) writeFileSync(join(dirs.config, 'settings.json'), JSON.stringify(settings), { mode: 0o600 })
  const child = spawn(process.execPath, [DAEMON_JS, '--port', '0', '--cwd', dirs.cwd], {
    cwd: ROOT,
    env: {
      ...desktopEnvironment(process.env),
      SWITCHBOARD_RUNTIME_DIR: dirs.runtime,
      SWITCHBOARD_CONFIG_DIR: dirs.config,
      SHELL: '/bin/bash',
      HOME: dirs.home,
      ...desktopEnvironment(env),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (d: string) => (output += d))
  child.stderr.setEncoding('utf8').on('data', (d: string) => (output += d))
  const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)))

  const url = await new Promise<string>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`the board printed no URL within ${timeoutMs} ms:\n${output}`)), timeoutMs)
    const check = () => {
      const m = /Switchboard \(browser mode\): (\S+)/.exec(output)
      if (m?.[1] && /Control socket: /.test(output)) {
        clearTimeout(timer)
        res(m[1])
      }
    }
    child.stdout.on('data', check)
    void exited.then((code) => {
      clearTimeout(timer)
      rej(new Error(`the board exited (code ${code}) before printing its URL:\n${output}`))
    })
  })
  const parsed = new URL(url)
  let stopping: Promise<number | null> | null = null
  return {
    url,
    origin: parsed.origin,
    port: Number(parsed.port),
    cwd: dirs.cwd,
    runtimeDir: dirs.runtime,
    configDir: dirs.config,
    socketPath: /Control socket: (\S+)/.exec(output)![1]!,
    child,
    stop: () => {
      if (!stopping) {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
        stopping = Promise.race([
          exited,
          new Promise<number | null>((_, rej) => setTimeout(() => rej(new Error(`the board did not exit within 15 s of SIGTERM:\n${output}`)), 15_000)),
        ])
      }
      return stopping
    },
    cleanup: () => rmSync(base, { recursive: true, force: true }),
    log: () => output,
  }
}

/**
 * Processes still alive whose environment names this board's runtime dir: every pane (it gets
 * SWITCHBOARD_SOCKET=<runtime dir>/board.sock) and the board's pty host (its script, with
 * SWITCHBOARD_RUNTIME_DIR=<runtime dir>). After the board stops there must be none.
 */
export function processesOfBoard(runtimeDir: string): string[] {
  const found: string[] = []
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const env = readFileSync(`/proc/${pid}/environ`, 'utf8')
      const pane = env.includes(`SWITCHBOARD_SOCKET=${runtimeDir}/`)
      const host = env.split('\0').includes(`SWITCHBOARD_RUNTIME_DIR=${runtimeDir}`) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('ptyHost.js')
      if (pane || host) found.push(`${pid} ${readlinkSync(`/proc/${pid}/exe`)}${host ? ' (pty host)' : ''}`)
    } catch {
      // Swallow: the process ended while we looked, or is not ours to read.
    }
  }
  return found
}

/** The panes' processes alone (processesOfBoard without the pty host). */
export function paneProcessesOfBoard(runtimeDir: string): string[] {
  return processesOfBoard(runtimeDir).filter((p) => !p.endsWith(' (pty host)'))
}

/** The board's pty host, while it runs. */
export function ptyHostOf(runtimeDir: string): number | null {
  try {
    const pid = Number(readFileSync(join(runtimeDir, 'ptyhost.pid'), 'utf8').trim())
    process.kill(pid, 0)
    return pid
  } catch {
    return null
  }
}

/** The whole board dies at once, as in a power cut's software equivalent: the daemon and its pty host, kill -9. */
export function crashWholeBoard(daemonPid: number, runtimeDir: string): void {
  const host = ptyHostOf(runtimeDir)
  for (const pid of [daemonPid, host]) {
    try {
      if (pid) process.kill(pid, 'SIGKILL')
    } catch {
      // Swallow: already gone.
    }
  }
}
