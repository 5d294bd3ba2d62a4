/**
 * The pty host as a real process (the bundle the test setup builds), real PTYs and programs, a
 * real socket: what a daemon restart or a `kill -9` of the daemon looks like from the host's side.
 */
import { spawn } from 'node:child_process'
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { PtyHostClient, PtyHostMismatch } from '../board/pty/ptyHostClient'
import { connectPtyHost, ptyHostScript } from '../daemon/startPtyHost'
import type { RemotePty } from '../board/pty/remotePty'
import { eventually, processAlive } from '../board/test/support'
import { ptyHostPaths, type PtyHostPaths } from '../board/ptyHostProtocol/paths'
import { PTY_HOST_PROTOCOL } from '../board/ptyHostProtocol/protocol'
import { loadFdPass } from '../board/pty/fdPass'

const dirs: string[] = []
const clients: PtyHostClient[] = []

function runtime(): { dir: string; paths: PtyHostPaths; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(join(tmpdir(), 'sb-ptyhost-'))
  dirs.push(dir)
  return { dir, paths: ptyHostPaths(dir), env: { PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'C.UTF-8', SWITCHBOARD_RUNTIME_DIR: dir } }
}

/**
 * A daemon's connection. `passed`: the host passes terminals on and this process reads them
 * (native/fdpass, the default where it is built); otherwise the host reads them and forwards output.
 */
async function connectTo(r: ReturnType<typeof runtime>, env: NodeJS.ProcessEnv = {}, passed = false): Promise<PtyHostClient> {
  const fdPass = passed ? loadFdPass() : null
  if (fdPass && 'missing' in fdPass) throw new Error(`native/fdpass: ${fdPass.missing}`)
  const { client } = await connectPtyHost(
    r.paths,
    { script: ptyHostScript(__dirname), execPath: process.execPath, env: { ...r.env, ...(passed ? {} : { SWITCHBOARD_PTY_DIRECT: '0' }), ...env } },
    { version: 'test', launcher: null, fdPass },
  )
  clients.push(client)
  return client
}

function hostPid(paths: PtyHostPaths): number {
  return Number(readFileSync(paths.pidFile, 'utf8').trim())
}

/** Collects a pty's output; `text()` is everything so far. */
function collect(pty: RemotePty): { text: () => string } {
  let out = ''
  pty.onData((d) => (out += d))
  return { text: () => out }
}

const env = (dir: string) => ({ PATH: process.env.PATH ?? '', HOME: dir, TERM: 'xterm-256color', LANG: 'C.UTF-8', PS1: '$ ' })

afterEach(async () => {
  for (const c of clients.splice(0)) await c.shutdown().catch(() => undefined)
  for (const d of dirs.splice(0)) {
    try {
      const pid = hostPid(ptyHostPaths(d))
      if (processAlive(pid)) process.kill(pid, 'SIGKILL')
    } catch {
      // Swallow: no host was started there.
    }
    rmSync(d, { recursive: true, force: true })
  }
})

describe.each([
  ['reading every terminal itself', false],
  ['passing terminals on to the daemon', true],
])('the pty host, %s', (_, passed) => {
  const connect = (r: ReturnType<typeof runtime>) => connectTo(r, {}, passed)

  it('keeps a program and its output across a lost daemon; the next one takes it over with every byte since its checkpoint', async () => {
    const r = runtime()
    const first = await connect(r)
    const launched = first.launch({ argv: ['bash', '--norc', '--noprofile', '-i'], cwd: r.dir, env: env(r.dir), cols: 80, rows: 24 }, 'record-1')
    if (!launched.ok) throw new Error(launched.message)
    const pty = launched.pty as RemotePty
    const out = collect(pty)
    await pty.ready
    expect(pty.pid).toBeGreaterThan(0)
    pty.write('echo one-$((40+2))\r')
    await eventually(() => out.text().includes('one-42'), 'the first echo')
    const done = join(r.dir, 'bg.done')
    pty.write(`(for i in 1 2 3; do sleep 0.2; echo bg-$i; done; : > ${done}) &\r`)
    await eventually(() => out.text().includes('$ '), 'the prompt')
    const checkpoint = pty.offset
    first.dispose()
    // No daemon now: the shell's background job keeps printing, into the host's log, until it is done.
    await eventually(() => existsSync(done), 'the background job to finish')
    const second = await connect(r)
    const held = second.welcome.ptys
    expect(held).toHaveLength(1)
    expect(held[0]).toMatchObject({ pid: pty.pid, handover: 'record-1', logStart: 0, exit: null })
    expect(held[0]!.end).toBeGreaterThanOrEqual(checkpoint)
    const again = second.attach(held[0]!, 0)
    const replay = collect(again)
    // The replay is every byte since the start (no checkpoint was made), then live output follows.
    await eventually(() => replay.text().includes('bg-3'), 'the replay')
    expect(replay.text()).toContain('one-42')
    again.write('echo two-$((40+2))\r')
    await eventually(() => replay.text().includes('two-42'), 'typing after the takeover')
    expect(processAlive(pty.pid)).toBe(true)
    // A checkpoint drops what a saved screen covers: the next daemon gets only what follows it.
    const mark = again.offset
    again.checkpoint(mark)
    again.write('echo three\r')
    await eventually(() => replay.text().includes('three'), 'the third echo')
    second.dispose()
    const third = await connect(r)
    const [info] = third.welcome.ptys
    // The daemon's own log drops whole files only: it may keep more than the host's log did.
    if (passed) expect(info!.logStart).toBeLessThanOrEqual(mark)
    else expect(info!.logStart).toBe(mark)
    const tail = collect(third.attach(info!, mark))
    await eventually(() => tail.text().includes('three'), 'the replay after the checkpoint')
    expect(tail.text()).not.toContain('two-42')
  })

  it('keeps the exit of a program that ended while no daemon was connected, after its last output', async () => {
    const r = runtime()
    const first = await connect(r)
    const launched = first.launch({ argv: ['bash', '-c', 'read -r line; echo "got $line"; exit 7'], cwd: r.dir, env: env(r.dir), cols: 80, rows: 24 }, 'r')
    if (!launched.ok) throw new Error(launched.message)
    await launched.pty.ready
    launched.pty.write('x\r')
    first.dispose()
    const pid = launched.pty.pid
    await eventually(() => !processAlive(pid), 'the program to end')
    // The exit is recorded after its last output has been read (PtyProcess's flush, 250 ms): a
    // daemon that connects before that sees the program running, so connect until one sees the exit.
    const second = await eventually(async () => {
      const c = await connect(r)
      if (c.welcome.ptys[0]?.exit) return c
      c.dispose()
      return null
    }, 'a daemon to find the exit recorded')
    const [held] = second.welcome.ptys
    expect(held!.exit).toEqual({ code: 7, signal: null })
    const pty = second.attach(held!, 0)
    const out = collect(pty)
    const exit = await new Promise<unknown>((resolve) => pty.onExit(resolve))
    expect(exit).toEqual({ code: 7, signal: null })
    expect(out.text()).toContain('got x')
  })

  it('gives the daemon every byte of a large output, in order, and the exit after it (node-pty#72: the end was lost)', async () => {
    const r = runtime()
    const client = await connect(r)
    const launched = client.launch(
      { argv: ['sh', '-c', 'head -c 3000000 /dev/zero | tr "\\0" x; echo END'], cwd: r.dir, env: env(r.dir), cols: 80, rows: 24 },
      '',
    )
    if (!launched.ok) throw new Error(launched.message)
    let bytes = 0
    let tail = ''
    launched.pty.onData((d) => {
      bytes += d.length
      tail = (tail + d).slice(-16)
    })
    await new Promise((resolve) => launched.pty.onExit(resolve))
    // Not one byte read by anyone else on the way (the host holds the terminal, and must not touch it).
    expect(bytes).toBe(3_000_000 + 'END\r\n'.length)
    expect(tail).toMatch(/xEND\r\n$/)
  })
})

describe('the pty host, passing terminals on', () => {
  it('refuses a daemon that cannot take the terminals it holds, saying why; its panes run on for the next', async () => {
    const r = runtime()
    const first = await connectTo(r, {}, true)
    const launched = first.launch({ argv: ['sleep', '300'], cwd: r.dir, env: env(r.dir), cols: 80, rows: 24 }, 'r')
    if (!launched.ok) throw new Error(launched.message)
    await launched.pty.ready
    first.dispose()
    await expect(connectTo(r, {}, false)).rejects.toThrow(
      /refused this board: this pty host passes its terminals on, and the board cannot take them \(native\/fdpass is missing or SWITCHBOARD_PTY_DIRECT=0\)/,
    )
    expect(processAlive(launched.pty.pid)).toBe(true)
    const next = await connectTo(r, {}, true)
    expect(next.welcome.ptys.map((p) => [p.pid, p.direct])).toEqual([[launched.pty.pid, true]])
  })
})

describe('the pty host', () => {
  const connect = connectTo

  it('sends a busy pane’s output at most once per display frame, every byte of it (issue 20: a frame per chunk cost a wake-up per chunk)', async () => {
    const r = runtime()
    const client = await connect(r)
    // 150 chunks 2 ms apart: unpaced, nearly a frame each.
    const script = '$| = 1; for my $i (1..150) { print "chunk-$i;"; select(undef, undef, undef, 0.002) } print "END"'
    const launched = client.launch({ argv: ['perl', '-e', script], cwd: r.dir, env: env(r.dir), cols: 80, rows: 24 }, '')
    if (!launched.ok) throw new Error(launched.message)
    let out = ''
    let turns = 0
    let inTurn = false
    let first = 0
    launched.pty.onData((data) => {
      out += data
      first ||= performance.now()
      if (inTurn) return
      inTurn = true
      turns++
      setImmediate(() => (inTurn = false))
    })
    await eventually(() => out.includes('END'), 'the last chunk')
    const elapsed = performance.now() - first
    expect(out).toBe(Array.from({ length: 150 }, (_, i) => `chunk-${i + 1};`).join('') + 'END')
    // One frame at once, then at most one per 16 ms (FlushPacer), whatever the machine's load.
    expect(turns).toBeLessThanOrEqual(Math.floor(elapsed / 16) + 2)
  })

  it('refuses a daemon of another protocol, saying what to do', async () => {
    const r = runtime()
    await connect(r, { SWITCHBOARD_PTY_HOST_PROTOCOL: '99' }).then(
      () => expect.fail('connected'),
      (err: unknown) => {
        expect(err).toBeInstanceOf(PtyHostMismatch)
        expect(String(err)).toMatch(new RegExp(`speaks pty host protocol 99, this board ${PTY_HOST_PROTOCOL}: run \`switchboard quit\` to end those panes`))
      },
    )
    const pid = hostPid(r.paths)
    process.kill(pid, 'SIGTERM')
    await eventually(() => !processAlive(pid), 'the host to stop')
  })

  it('gives its panes no descriptor it inherited (issue 24: an fd 251 of whoever started the board)', async () => {
    const r = runtime()
    const log = openSync(join(r.dir, 'host.log'), 'a')
    const leaked = openSync('/dev/null', 'r')
    const stdio: ('ignore' | number)[] = ['ignore', log, log]
    while (stdio.length < 251) stdio.push('ignore')
    stdio.push(leaked)
    const host = spawn(process.execPath, [ptyHostScript(__dirname)], { env: r.env, stdio, detached: true })
    closeSync(leaked)
    closeSync(log)
    host.unref()
    await eventually(async () => {
      try {
        clients.push(await PtyHostClient.connect(r.paths.socket, { version: 'test', launcher: null }))
        return true
      } catch {
        return false
      }
    }, 'the host to listen')
    const client = clients[clients.length - 1]!
    const launched = client.launch(
      { argv: ['bash', '--norc', '--noprofile', '-c', 'ls /proc/$$/fd; echo END'], cwd: r.dir, env: env(r.dir), cols: 200, rows: 24 },
      '',
    )
    if (!launched.ok) throw new Error(launched.message)
    const out = collect(launched.pty as RemotePty)
    await eventually(() => out.text().includes('END'), 'the list')
    const fds = out
      .text()
      .split(/\s+/)
      .filter((w) => /^\d+$/.test(w))
      .map(Number)
    // 0–2 are the terminal; ls's own directory descriptor (3) comes and goes with the listing.
    expect(fds.filter((fd) => fd > 3)).toEqual([])
    expect(readFileSync(join(r.dir, 'host.log'), 'utf8')).toMatch(/closed descriptors inherited from the board.*251/)
  })

  it('ends every pane and itself on shutdown, and its panes when it is killed', async () => {
    const r = runtime()
    const client = await connect(r)
    const a = client.launch({ argv: ['sleep', '300'], cwd: r.dir, env: env(r.dir), cols: 80, rows: 24 }, '')
    if (!a.ok) throw new Error(a.message)
    await a.pty.ready
    const host = hostPid(r.paths)
    expect(await client.shutdown()).toBe(1)
    await eventually(() => !processAlive(a.pty.pid), 'the pane to end')
    await eventually(() => !processAlive(host), 'the host to end')

    const r2 = runtime()
    const c2 = await connect(r2)
    const b = c2.launch({ argv: ['bash', '-c', 'setsid sleep 300 & sleep 300'], cwd: r2.dir, env: env(r2.dir), cols: 80, rows: 24 }, '')
    if (!b.ok) throw new Error(b.message)
    await b.pty.ready
    const closed = new Promise((resolve) => c2.onDidClose(resolve))
    process.kill(hostPid(r2.paths), 'SIGKILL')
    await closed
    // The host's session reaper ends what it held, once the host is gone.
    await eventually(() => !processAlive(b.pty.pid), 'the pane to end with its host')
  })
})
