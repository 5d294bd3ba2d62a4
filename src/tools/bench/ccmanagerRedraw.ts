import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { processCpuMs } from './ptyHostBoard'
import { benchEnv, sleep } from './support'
import { bytesWritten, type TmuxSample } from './tmuxRedraw'

/** The peer of issue 20's table: ccmanager's own session manager (Bun PTYs, @xterm/headless, state checks every 100 ms). */
export const CCMANAGER_VERSION = '4.2.3'
const BUN_VERSION = '1.4.5'

/**
 * Where ccmanager and Bun are: BENCH_CCMANAGER_DIR, or a cache folder of this checkout that the
 * bench fills from npm the first time (`npm install ccmanager@4.2.3 bun@1.4.5`; its prebuilt
 * binary is not published for Linux, its JavaScript runs on Bun as the binary does). Null, with
 * why, when neither can be had.
 */
export function ccmanagerInstall(): { dir: string } | { missing: string } {
  const dir = process.env.BENCH_CCMANAGER_DIR ?? resolve('node_modules/.cache', `bench-ccmanager-${CCMANAGER_VERSION}`)
  const ready = () => existsSync(join(dir, 'node_modules/ccmanager/dist/services/sessionManager.js')) && existsSync(join(dir, 'node_modules/.bin/bun'))
  if (ready()) return { dir }
  if (process.env.BENCH_CCMANAGER_DIR) return { missing: `${dir} has no ccmanager ${CCMANAGER_VERSION} and bun in node_modules` }
  try {
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'package.json'), '{"private":true}\n')
    process.stderr.write(`bench: installing ccmanager ${CCMANAGER_VERSION} and bun ${BUN_VERSION} into ${dir} (once)\n`)
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--omit=optional', `ccmanager@${CCMANAGER_VERSION}`, `bun@${BUN_VERSION}`], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 300_000,
    })
  } catch (err) {
    return { missing: `npm could not install ccmanager ${CCMANAGER_VERSION} and bun: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}` }
  }
  return ready() ? { dir } : { missing: `npm installed nothing usable into ${dir}` }
}

/**
 * Run by Bun in ccmanager's install: its SessionManager creates `count` sessions of the default
 * preset (the redraw program) at the given size, as its TUI does for worktrees, then prints the
 * programs' pids and keeps them until its stdin closes.
 */
const DRIVER = `
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { Effect } from 'effect'
import { SessionManager } from 'ccmanager/dist/services/sessionManager.js'
const [count, cols, rows, base] = process.argv.slice(2)
Object.defineProperty(process.stdout, 'columns', { value: Number(cols) })
Object.defineProperty(process.stdout, 'rows', { value: Number(rows) })
const manager = new SessionManager()
const pids = []
for (let i = 0; i < Number(count); i++) {
  const dir = join(base, 'worktree-' + i)
  mkdirSync(dir, { recursive: true })
  const session = await Effect.runPromise(manager.createSessionWithPresetEffect(dir))
  pids.push(session.process.pid)
}
console.log(JSON.stringify({ pids }))
process.stdin.on('data', () => {})
process.stdin.on('end', () => { manager.destroy(); process.exit(0) })
`

/**
 * ccmanager's session manager running `panes` sessions of `argv` in one Bun process: its CPU per
 * 1000 chars the programs wrote (their `wchar`, in chars as for tmux).
 */
export async function ccmanagerRound(
  install: { dir: string },
  dir: string,
  argv: readonly string[],
  opts: { panes: number; cols: number; rows: number; warmMs: number; windowMs: number; charsPerByte: number },
): Promise<TmuxSample> {
  const home = join(dir, 'ccmanager-home')
  mkdirSync(join(home, '.config/ccmanager'), { recursive: true })
  const [command, ...args] = argv
  writeFileSync(
    join(home, '.config/ccmanager/config.json'),
    JSON.stringify({ commandPresets: { presets: [{ id: '1', name: 'redraw', command, args }], defaultPresetId: '1' } }),
  )
  const driver = join(install.dir, 'bench-driver.mjs')
  writeFileSync(driver, DRIVER)
  const child = spawn(
    join(install.dir, 'node_modules/.bin/bun'),
    [driver, String(opts.panes), String(opts.cols), String(opts.rows), join(dir, 'ccmanager-worktrees')],
    {
      cwd: install.dir,
      env: { ...(benchEnv() as NodeJS.ProcessEnv), HOME: home },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  )
  try {
    const started = await new Promise<{ pids: number[] }>((resolveStart, reject) => {
      const lines = createInterface({ input: child.stdout! })
      lines.once('line', (line) => resolveStart(JSON.parse(line) as { pids: number[] }))
      child.once('exit', (code) => reject(new Error(`ccmanager's driver exited (${code}) before its sessions ran`)))
    })
    await sleep(opts.warmMs)
    const written = () => started.pids.reduce((sum, pid) => sum + bytesWritten(pid), 0)
    const cpu0 = processCpuMs(child.pid!)
    const bytes0 = written()
    const t0 = performance.now()
    await sleep(opts.windowMs)
    const ms = processCpuMs(child.pid!) - cpu0
    const chars = (written() - bytes0) * opts.charsPerByte
    return { cpuPerKchar: ms / (chars / 1000), cpuShare: ms / (performance.now() - t0) }
  } finally {
    child.stdin!.end()
    await new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done()
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
      child.once('exit', () => (clearTimeout(timer), done()))
    })
  }
}
