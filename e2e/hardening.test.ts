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

// The board in the foreground (`switchboard daemon`), as `npm run serve` ran it before the daemon.
const SERVE_JS = join(ROOT, 'out/main/daemon.js')
const BIN = join(ROOT, 'bin/switchboard.js')
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const c of cleanups.splice(0)) {
    try {
      c()
    } catch {
      // Swallow: the process is already gone.
    }
  }
})

function cli(args: string[], runtimeDir: string, timeoutMs = 20_000): Promise<{ code: number | null; ms: number; stdout: string; stderr: string }> {
  const started = Date.now()
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, SWITCHBOARD_SOCKET: '', SWITCHBOARD_RUNTIME_DIR: runtimeDir }, timeout: timeoutMs, killSignal: 'SIGKILL' },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, ms: Date.now() - started, stdout, stderr }),
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
    // The board has logged the pane's start and its exit by the time it answers that the pane
    // exited: those lines hit the closed pipe, and the board answers on.
    expect(await cli(['wait', spawned.stdout.trim(), '--state', 'exited', '--timeout', '10'], d.runtime, 15_000), 'the pane seen exited').toMatchObject({
      code: 0,
    })
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
      s.write(
        `GET ${paths[i % 4]} HTTP/1.1\r\nhost: ${url.host}\r\nconnection: Upgrade\r\nupgrade: websocket\r\norigin: null\r\nsec-websocket-version: 13\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
      )
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

describe('least authority: a program inside a pane reads only its own pane (issue 9, 5)', () => {
  async function inPane(d: ReturnType<typeof dirs>, script: string): Promise<string> {
    const out = join(d.base, `pane-out-${Math.random().toString(36).slice(2)}`)
    const spawned = await cli(['spawn', '--', 'sh', '-c', `(${script}) > ${out}.tmp 2>&1; mv ${out}.tmp ${out}; sleep 60`], d.runtime, 10_000)
    expect(spawned.code).toBe(0)
    const deadline = Date.now() + 20_000
    const { existsSync, readFileSync } = await import('node:fs')
    while (!existsSync(out)) {
      if (Date.now() > deadline) throw new Error('the pane script did not finish')
      await new Promise((r) => setTimeout(r, 100))
    }
    return readFileSync(out, 'utf8')
  }

  it('refuses to list, read, type into or spawn other panes, with or without its token, by default', async () => {
    const d = dirs()
    const board = serve(d)
    await socketIn(d.runtime)
    const other = (await cli(['spawn', '--', 'sh', '-c', 'echo other-secret; sleep 60'], d.runtime)).stdout.trim()
    const sb = `${process.execPath} ${BIN}`
    const out = await inPane(
      d,
      [
        `echo "ls: $(${sb} ls --json | tr -d ' \\n')"`,
        `${sb} screen ${other}; echo "screen-other: $?"`,
        `${sb} write ${other} 'INJECTED' --enter; echo "write-other: $?"`,
        `${sb} spawn -- true; echo "spawn: $?"`,
        `env -u SWITCHBOARD_PANE_TOKEN ${sb} screen ${other}; echo "no-token-screen: $?"`,
        `setsid env -u SWITCHBOARD_PANE_TOKEN ${sb} kill ${other}; echo "setsid-kill: $?"`,
        `${sb} screen "$SWITCHBOARD_PANE_ID" >/dev/null; echo "screen-own: $?"`,
        // The guarded answer types too, and attach reads and types: neither is for a program in a pane (on its tty, so attach gets to ask).
        `${sb} answer ${other} --text INJECTED; echo "answer-other: $?"`,
        `${sb} answer "$SWITCHBOARD_PANE_ID" --text hi; echo "answer-own: $?"`,
        `${sb} attach ${other} </dev/tty >/dev/tty 2>&1; echo "attach-other: $?"`,
        `${sb} attach "$SWITCHBOARD_PANE_ID" </dev/tty >/dev/tty 2>&1; echo "attach-own: $?"`,
        // -F -e: a token is base64url and may begin with "-" (CI drew one: grep read it as options).
        `echo "argv-has-token: $(grep -c -F -e "$SWITCHBOARD_PANE_TOKEN" /proc/$$/cmdline)"`,
      ].join('; '),
    )
    expect(out).toMatch(/screen-other: 1/)
    expect(out).toMatch(/may only read its own pane/)
    expect(out).toMatch(/write-other: 1/)
    expect(out).toMatch(/spawn: 1/)
    expect(out).toMatch(/no-token-screen: 1/)
    expect(out).toMatch(/setsid-kill: 1/)
    expect(out).toMatch(/screen-own: 0/)
    expect(out).toMatch(/answer-other: 1/)
    expect(out).toMatch(/answer-own: 1/)
    expect(out).toMatch(/attach-other: 1/)
    expect(out).toMatch(/attach-own: 1/)
    expect(out).toMatch(/argv-has-token: 0/)
    const listed = /ls: (.*)/.exec(out)![1]!
    expect(listed).not.toContain(`"id":"${other}"`)
    expect(out).not.toContain('other-secret')
    // The user's own terminal still has the whole board: the other pane is alive and readable.
    const screen = await cli(['screen', other], d.runtime)
    expect(screen.stdout).toContain('other-secret')
    expect(screen.stdout).not.toContain('INJECTED')
    const ls = JSON.parse((await cli(['ls', '--json'], d.runtime)).stdout) as { id: string }[]
    expect(ls.length).toBe(2)
    board.kill('SIGTERM')
    await exitWithin(board, 6000)
  }, 60_000)

  // Issue 24.4: this typed into pane 1. It leaves the pane's session (setsid), its parents (-f:
  // reparented) and its environment (env -i); the pty host, a child subreaper, still adopts it.
  it('a program that double-forks out of its pane and clears its environment reaches no pane', async () => {
    const d = dirs()
    const board = serve(d)
    await socketIn(d.runtime)
    const other = (await cli(['spawn', '--', 'sh', '-c', 'echo other-secret; sleep 60'], d.runtime)).stdout.trim()
    const sb = `${process.execPath} ${BIN}`
    const escaped = join(d.base, 'escaped-out')
    const out = await inPane(
      d,
      [
        `setsid -f env -i PATH="$PATH" sh -c '${sb} --socket "$0" write ${other} INJECTED --enter; echo "escaped-write: $?"; echo "escaped-ls: $(${sb} --socket "$0" ls --json | tr -d " \\n")"; echo "escaped-parent: $(cut -d" " -f4 /proc/$$/stat)"' "$SWITCHBOARD_SOCKET" > ${escaped}.tmp 2>&1`,
        `until grep -q escaped-parent ${escaped}.tmp 2>/dev/null; do sleep 0.1; done; cat ${escaped}.tmp`,
      ].join('; '),
    )
    expect(out).toMatch(/escaped-write: 1/)
    expect(out).toMatch(/a program that left its pane may only read its own pane/)
    expect(/escaped-ls: (.*)/.exec(out)![1]).toBe('[]')
    const screen = await cli(['screen', other], d.runtime)
    expect(screen.stdout).toContain('other-secret')
    expect(screen.stdout).not.toContain('INJECTED')
    board.kill('SIGTERM')
    await exitWithin(board, 6000)
  }, 60_000)

  it('gives a pane the whole board only with "security": {"paneControl": "board"}', async () => {
    const d = dirs()
    const { writeFileSync } = await import('node:fs')
    writeFileSync(join(d.config, 'settings.json'), JSON.stringify({ security: { paneControl: 'board' } }))
    const board = serve(d)
    await socketIn(d.runtime)
    const other = (await cli(['spawn', '--', 'sleep', '60'], d.runtime)).stdout.trim()
    const out = await inPane(d, `${process.execPath} ${BIN} screen ${other} >/dev/null; echo "screen-other: $?"`)
    expect(out).toMatch(/screen-other: 0/)
    board.kill('SIGTERM')
    await exitWithin(board, 6000)
  }, 60_000)
})

describe('the CLI against a frozen board', () => {
  it('times out by itself and obeys SIGTERM/SIGINT at once', async () => {
    const d = dirs()
    const board = serve(d)
    await socketIn(d.runtime)
    expect((await cli(['ls'], d.runtime)).code).toBe(0)
    process.kill(board.pid!, 'SIGSTOP')
    try {
      const started = Date.now()
      const timed = await new Promise<{ code: number | null; stderr: string }>((resolve) =>
        execFile(
          process.execPath,
          [BIN, 'ls'],
          { env: { ...process.env, SWITCHBOARD_SOCKET: '', SWITCHBOARD_RUNTIME_DIR: d.runtime, SWITCHBOARD_CLI_TIMEOUT: '2' }, timeout: 20_000 },
          (err, _out, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stderr }),
        ),
      )
      expect(timed.code).toBe(1)
      expect(timed.stderr).toMatch(/did not answer within 2 s/)
      expect(Date.now() - started).toBeLessThan(6000)
      for (const [verb, signal] of [
        ['ls', 'SIGTERM'],
        ['events', 'SIGINT'],
        ['screen', 'SIGINT'],
      ] as const) {
        const child = spawn(process.execPath, [BIN, verb, ...(verb === 'screen' ? ['1'] : [])], {
          env: { ...process.env, SWITCHBOARD_SOCKET: '', SWITCHBOARD_RUNTIME_DIR: d.runtime },
          stdio: 'ignore',
        })
        await new Promise((r) => setTimeout(r, 700))
        const sent = Date.now()
        child.kill(signal)
        expect(await exitWithin(child, 1500), `${verb} ended on ${signal}`).toBe(true)
        expect(Date.now() - sent).toBeLessThan(1500)
      }
    } finally {
      process.kill(board.pid!, 'SIGCONT')
    }
    board.kill('SIGTERM')
    await exitWithin(board, 6000)
  }, 60_000)
})

describe('the built renderer', () => {
  it('carries its CSP in a <meta> tag (a header does not reach Electron’s file:// page)', async () => {
    ensureBuilt()
    const { readFileSync } = await import('node:fs')
    const { RENDERER_META_CSP } = await import('../src/board/host/csp')
    const html = readFileSync(join(ROOT, 'out/renderer/index.html'), 'utf8').replace(/&#39;/g, "'")
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)
    expect(meta?.[1]).toBe(RENDERER_META_CSP)
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'))
  })
})
