/**
 * The board stays total under abuse from outside a pane: a closed stdout, floods of bad
 * connections, a frozen board for the CLI. Each test reproduces a failure of issue 9.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT, ensureBuilt } from './support/boardServer'

const SERVE_JS = join(ROOT, 'out/main/serve.js')
const BIN = join(ROOT, 'bin/switchboard.js')
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
})

function cli(args: string[], runtimeDir: string, timeoutMs = 20_000): Promise<{ code: number | null; ms: number; stdout: string; stderr: string }> {
  const started = Date.now()
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { env: { ...process.env, SWITCHBOARD_SOCKET: '', SWITCHBOARD_RUNTIME_DIR: runtimeDir }, timeout: timeoutMs, killSignal: 'SIGKILL' }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, ms: Date.now() - started, stdout, stderr }),
    )
  })
}

function exitWithin(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

async function socketIn(runtimeDir: string): Promise<void> {
  const deadline = Date.now() + 15_000
  while (!readdirSync(runtimeDir).some((n) => n.endsWith('.sock'))) {
    if (Date.now() > deadline) throw new Error('the board made no control socket')
    await new Promise((r) => setTimeout(r, 100))
  }
}

function dirs() {
  ensureBuilt()
  const base = mkdtempSync(join(tmpdir(), 'switchboard-hard-'))
  const d = { base, runtime: join(base, 'run'), home: join(base, 'home'), config: join(base, 'config') }
  for (const x of [d.runtime, d.home, d.config]) mkdirSync(x, { recursive: true })
  cleanups.push(() => rmSync(base, { recursive: true, force: true }))
  return d
}

function serve(d: ReturnType<typeof dirs>, extraEnv: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, [SERVE_JS, '--port', '0', '--cwd', d.base], {
    env: { ...process.env, SWITCHBOARD_RUNTIME_DIR: d.runtime, SWITCHBOARD_CONFIG_DIR: d.config, HOME: d.home, SHELL: '/bin/sh', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  cleanups.push(() => child.kill('SIGKILL'))
  return child
}

describe('the board with its stdout and stderr closed', () => {
  it('still serves the CLI and exits on SIGTERM (like `serve 2>&1 | head -c 100`)', async () => {
    const d = dirs()
    const board = serve(d)
    // Read the first bytes, then close the pipes the way `head` does when it has had enough.
    await new Promise<void>((resolve) => board.stdout!.once('data', () => resolve()))
    board.stdout!.destroy()
    board.stderr!.destroy()
    await socketIn(d.runtime)
    const spawned = await cli(['spawn', '--', 'sh', '-c', 'exit 0'], d.runtime, 10_000)
    expect(spawned, 'spawn answered').toMatchObject({ code: 0 })
    // Several log lines (a pane started, exited) hit the closed pipe by now.
    await new Promise((r) => setTimeout(r, 500))
    expect((await cli(['ls'], d.runtime, 10_000)).code).toBe(0)
    board.kill('SIGTERM')
    expect(await exitWithin(board, 5000), 'exited within 5 s of SIGTERM').toBe(true)
  })
})

describe('browser mode under a flood of bad pre-auth sockets', () => {
  it('1000 sockets with bad Origin/paths held open: none leaks and SIGTERM still ends the board', async () => {
    const d = dirs()
    const board = serve(d)
    const url = await new Promise<URL>((resolve) => {
      let out = ''
      board.stdout!.setEncoding('utf8').on('data', (c: string) => {
        out += c
        const m = /browser mode\): (\S+)/.exec(out)
        if (m) resolve(new URL(m[1]!))
      })
    })
    await socketIn(d.runtime)
    const spawned = await cli(['spawn', '--', 'sleep', '600'], d.runtime, 10_000)
    expect(spawned.code).toBe(0)
    const paths = ['//', '/ws', '//evil.example', '/%ff']
    const sockets: import('node:net').Socket[] = []
    const { connect } = await import('node:net')
    for (let i = 0; i < 1000; i++) {
      const s = connect(Number(url.port), '127.0.0.1')
      s.on('error', () => undefined)
      s.resume()
      s.write(`GET ${paths[i % 4]} HTTP/1.1\r\nhost: ${url.host}\r\nconnection: Upgrade\r\nupgrade: websocket\r\norigin: null\r\nsec-websocket-version: 13\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`)
      sockets.push(s)
      if (i % 100 === 99) await new Promise((r) => setTimeout(r, 20))
    }
    // The board closes each of them itself (the clients never do).
    const deadline = Date.now() + 10_000
    while (sockets.some((s) => !s.destroyed && s.readyState !== 'closed') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    expect(sockets.filter((s) => !s.destroyed && s.readyState !== 'closed' && s.readyState !== 'writeOnly').length, 'sockets the board left open').toBe(0)
    // The CLI and the page still work.
    expect((await cli(['ls'], d.runtime, 10_000)).code).toBe(0)
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(303)
    board.kill('SIGTERM')
    expect(await exitWithin(board, 6000), 'exited within 6 s of SIGTERM').toBe(true)
    for (const s of sockets) s.destroy()
  }, 60_000)
})
