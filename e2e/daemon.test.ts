/**
 * Issue 10, item 1: the board's core runs as a daemon that outlives its clients. Real daemons
 * (out/main/daemon.js, started on demand by the real CLI), real PTYs, Debian's Chromium. Each test
 * has its own runtime, data, config and home dirs, so it never meets the user's daemon or another
 * test's; each ends its daemons and checks that no process of theirs is left.
 */
import { execFile, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from './support/chromium'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DAEMON_JS, ensureBuilt, paneProcessesOfBoard, processesOfBoard, ptyHostOf, ROOT } from './support/boardServer'
import { paneItem, waitForPaneState } from './support/boardSteps'
import { selectPane } from './support/boardUi'
import { waitForLine } from './support/terminalProbe'
import { loginUrl } from '../src/client/loginUrl'

const CLI = join(ROOT, 'out/main/cli.js')
const SERVE = join(ROOT, 'out/main/serve.js')

interface Home {
  readonly base: string
  readonly runtime: string
  readonly work: string
  readonly env: NodeJS.ProcessEnv
}

const homes: Home[] = []
let browser: Browser

function newHome(extra: Record<string, string> = {}): Home {
  const base = mkdtempSync(join(tmpdir(), 'sb-daemon-e2e-'))
  const d = { runtime: join(base, 'run'), data: join(base, 'data'), config: join(base, 'config'), home: join(base, 'home'), work: join(base, 'work') }
  for (const dir of Object.values(d)) mkdirSync(dir, { recursive: true })
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SWITCHBOARD_RUNTIME_DIR: d.runtime,
    SWITCHBOARD_DATA_DIR: d.data,
    SWITCHBOARD_CONFIG_DIR: d.config,
    HOME: d.home,
    SHELL: '/bin/bash',
    ...extra,
  }
  // Run from inside a pane of some board, the CLI would talk to that one.
  for (const name of ['SWITCHBOARD_SOCKET', 'SWITCHBOARD_PANE_TOKEN', 'SWITCHBOARD_PANE_ID', 'XDG_RUNTIME_DIR']) delete env[name]
  const home = { base, runtime: d.runtime, work: d.work, env }
  homes.push(home)
  return home
}

function run(file: string, args: string[], h: Home, env: NodeJS.ProcessEnv = {}): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [file, ...args], { cwd: h.work, env: { ...h.env, ...env }, encoding: 'utf8', timeout: 40_000 }, (err, out, errOut) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out, err: errOut }),
    )
  })
}

const cli = (h: Home, ...args: string[]) => run(CLI, args, h)

async function cliOk(h: Home, ...args: string[]): Promise<string> {
  const r = await cli(h, ...args)
  if (r.code !== 0) throw new Error(`switchboard ${args.join(' ')} failed (${r.code}): ${r.err}${r.out}`)
  return r.out
}

/** A bash pane spawned from the CLI that has run `command` and is back at its prompt. */
async function shellThatRan(h: Home, command: string): Promise<string> {
  const id = (await cliOk(h, 'spawn', '--', 'bash', '--norc', '--noprofile')).trim()
  await cliOk(h, 'write', id, command, '--enter')
  await cliOk(h, 'wait', id, '--state', 'idle', '--timeout', '10')
  return id
}

function daemonState(h: Home): { pid: number; host: string; port: number; token: string; socketPath: string } {
  return JSON.parse(readFileSync(join(h.runtime, 'daemon.json'), 'utf8')) as ReturnType<typeof daemonState>
}

const readFileSafe = (path: string) => {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return ''
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function gone(pid: number, ms = 10_000): Promise<void> {
  await expect.poll(() => alive(pid), { timeout: ms }).toBe(false)
}

async function loginPage(h: Home): Promise<Page> {
  const url = (await cliOk(h, 'open', '--print')).trim()
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  await page.goto(url)
  return page
}

/** Ends the home's daemon the way a user would, then makes sure nothing of it is left. */
async function endDaemons(h: Home): Promise<void> {
  let pid: number | null = null
  try {
    pid = daemonState(h).pid
  } catch {
    // Swallow: no daemon ever wrote its state here.
  }
  await cli(h, 'quit')
  if (pid && alive(pid)) process.kill(pid, 'SIGKILL')
  for (const p of processesOfBoard(h.runtime)) process.kill(Number(p.split(' ')[0]), 'SIGKILL')
}

describe('the daemon outlives its clients', () => {
  beforeAll(async () => {
    ensureBuilt()
    browser = await launchChromium()
  })

  afterEach(async () => {
    for (const h of homes.splice(0)) {
      const pid = (() => {
        try {
          return daemonState(h).pid
        } catch {
          return null
        }
      })()
      await endDaemons(h)
      if (pid) await gone(pid)
      expect(processesOfBoard(h.runtime)).toEqual([])
      rmSync(h.base, { recursive: true, force: true })
    }
  })

  afterAll(async () => {
    await browser?.close()
  })

  it('is started on demand by spawn and reused by the next CLI call; read-only verbs say none runs; a second start attaches', async () => {
    const h = newHome()
    const none = await cli(h, 'ls')
    expect(none.code).toBe(1)
    expect(none.err).toMatch(/no board is running; `switchboard daemon --detach` starts one/)

    const first = await cli(h, 'spawn', '--', 'bash', '--norc', '--noprofile')
    expect(first.code).toBe(0)
    expect(first.err).toMatch(/started the board in the background \(pid \d+/)
    const { pid, port } = daemonState(h)
    const second = await cli(h, 'spawn', '--', 'bash', '--norc', '--noprofile')
    expect(second.err).toBe('')
    expect(daemonState(h).pid).toBe(pid)
    expect((await cliOk(h, 'ls')).trim().split('\n')).toHaveLength(3)

    // `switchboard daemon` and `npm run serve` attach to it: same pid, same address.
    const again = await run(DAEMON_JS, [], h)
    expect(again.code).toBe(0)
    expect(again.out).toContain(`a board is already running (pid ${pid})`)
    expect(again.out).toContain(`Switchboard (browser mode): http://127.0.0.1:${port}/?code=`)
    const serve = await run(SERVE, [], h)
    expect(serve.code).toBe(0)
    expect(serve.out).toContain(`http://127.0.0.1:${port}/?code=`)
    expect(serve.out).toMatch(new RegExp(`The board already runs in the background \\(pid ${pid}`))
    expect(daemonState(h).pid).toBe(pid)
    expect(alive(pid)).toBe(true)
  })

  it('starts one daemon for two CLIs that need a board at the same moment', async () => {
    const h = newHome()
    const [a, b] = await Promise.all([cli(h, 'spawn', '--', 'sleep', '300'), cli(h, 'spawn', '--', 'sleep', '300')])
    expect([a.code, b.code], `${a.err}${b.err}`).toEqual([0, 0])
    // Both panes are on the one daemon that runs.
    const listed = JSON.parse(await cliOk(h, 'ls', '--json')) as { id: string }[]
    expect(listed.map((p) => p.id).sort()).toEqual([a.out.trim(), b.out.trim()].sort())
    expect([a.err, b.err].filter((e) => /started the board/.test(e)).length).toBeLessThanOrEqual(1)
  })

  it('`open --print` gives a URL that logs a browser in once; the token stays out of it', async () => {
    const h = newHome()
    const url = (await cliOk(h, 'open', '--print')).trim()
    const { port, token } = daemonState(h)
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/\\?code=[\\w.-]+$`))
    expect(url).not.toContain(token)
    const page = await browser.newPage()
    const res = await page.goto(url)
    expect(res?.status()).toBe(200)
    expect(page.url()).toBe(`http://127.0.0.1:${port}/`)
    await page.getByTestId('new-pane-button').waitFor()
    await expect.poll(() => page.locator('.sidebar__mode').textContent()).toMatch(/Browser mode · v/)
    // The code is spent: a second browser with the same URL is refused.
    const other = await browser.newContext()
    const refused = await (await other.newPage()).goto(url)
    expect(refused?.status()).toBe(401)
    await other.close()
    await page.close()
  })

  it('keeps every pane and its state when every client is gone; two clients at once see one board', async () => {
    const h = newHome()
    const id = await shellThatRan(h, 'echo kept-$((40+2))')

    const a = await loginPage(h)
    await selectPane(a, id)
    await waitForLine(a, /^kept-42$/)
    await a.close()
    // No client at all for a while: the pane runs on, and works.
    await new Promise((r) => setTimeout(r, 1_000))
    await cliOk(h, 'write', id, 'sleep 30', '--enter')
    await cliOk(h, 'wait', id, '--state', 'working', '--timeout', '10')

    // Two new clients at once: the same screen and verdict in both, and what one does the other sees.
    const b = await loginPage(h)
    const c = await loginPage(h)
    for (const page of [b, c]) {
      await selectPane(page, id)
      await waitForLine(page, /^kept-42$/)
      await waitForPaneState(page, id, 'working')
    }
    await b.getByTestId('terminal').click()
    await b.keyboard.press('Control+C')
    await waitForPaneState(c, id, 'idle')
    await waitForPaneState(b, id, 'idle')
    await cliOk(h, 'write', id, 'echo both-see-$((6*7))', '--enter')
    await waitForLine(b, /^both-see-42$/)
    await waitForLine(c, /^both-see-42$/)
    expect(await paneItem(c, id).count()).toBe(1)
    await b.close()
    await c.close()
  })

  it('loses no pane to a kill -9 of the daemon: the pty host starts a new one (stale lock taken over, same port and login), which carries on with the same programs', async () => {
    const h = newHome()
    const id = await shellThatRan(h, 'sleep 1000 & echo job-$!')
    const job = Number(/job-(\d+)/.exec(await cliOk(h, 'screen', id))![1])
    const before = daemonState(h)
    const [pane] = JSON.parse(await cliOk(h, 'ls', '--json')) as { pid: number }[]
    // Output while no daemon runs goes into the pty host's log, and comes back with the screen.
    await cliOk(h, 'write', id, 'sleep 1; echo printed-while-no-board-ran', '--enter')
    process.kill(before.pid, 'SIGKILL')
    await gone(before.pid)
    // The pid file may still name the dead daemon or already the new one (the pty host can start it
    // before this line runs: CI saw that): either way it names no other live process.
    const recorded = Number(readFileSync(join(h.runtime, 'daemon.pid'), 'utf8').trim())
    expect(recorded === before.pid || alive(recorded)).toBe(true)
    // The CLI waits while the board comes back (no "no board is running").
    const listed = JSON.parse(await cliOk(h, 'ls', '--json')) as { id: string; pid: number; interrupted: unknown; state: string }[]
    const after = daemonState(h)
    expect(after.pid).not.toBe(before.pid)
    expect([after.port, after.token]).toEqual([before.port, before.token])
    expect(listed.map((p) => [p.id, p.pid, p.interrupted ?? null])).toEqual([[id, pane!.pid, null]])
    expect(alive(job)).toBe(true)
    await expect.poll(async () => cliOk(h, 'screen', id), { timeout: 10_000 }).toMatch(/printed-while-no-board-ran/)
    await cliOk(h, 'wait', id, '--state', 'idle', '--timeout', '10')
    await cliOk(h, 'write', id, 'echo after-$((40+2))', '--enter')
    await expect.poll(async () => cliOk(h, 'screen', id), { timeout: 10_000 }).toMatch(/^after-42$/m)
    expect(readFileSafe(join(h.runtime, 'ptyhost.log'))).toMatch(/the board died; starting a new one/)
    // Each of the board's processes, the one the pty host started too, keeps a small young
    // generation (board/util/heapLimits.ts): V8 takes it only on the command line.
    const hostPid = Number(readFileSync(join(h.runtime, 'ptyhost.pid'), 'utf8').trim())
    for (const pid of [after.pid, hostPid]) expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'), `pid ${pid}`).toContain('--max-semi-space-size=2')
  })

  it('`daemon --restart` keeps every program running with the same pid, and the new daemon carries on: screen, state and typing', async () => {
    const h = newHome()
    const id = await shellThatRan(h, 'sleep 1000 & echo job-$!; printf "\\033[1mbold\\033[0m before-restart\\n"')
    const job = Number(/job-(\d+)/.exec(await cliOk(h, 'screen', id))![1])
    const before = JSON.parse(await cliOk(h, 'ls', '--json')) as { id: string; pid: number; state: string }[]
    const screenBefore = await cliOk(h, 'screen', id)
    const { pid } = daemonState(h)
    const r = await cli(h, 'daemon', '--restart')
    expect(r.code).toBe(0)
    expect(r.out).toMatch(
      new RegExp(`restarted the board \\(pid ${pid} → \\d+, protocol 2\\) in \\d+\\.\\d s; all 1 running pane kept running \\(same pids\\)`),
    )
    expect(alive(pid)).toBe(false)
    const after = JSON.parse(await cliOk(h, 'ls', '--json')) as { id: string; pid: number; state: string }[]
    expect(after.map((p) => [p.id, p.pid, p.state])).toEqual(before.map((p) => [p.id, p.pid, 'idle']))
    expect(alive(job)).toBe(true)
    // Exactly the screen it had: the saved screen and nothing lost or doubled after it.
    expect(await cliOk(h, 'screen', id)).toBe(screenBefore)
    // Read by the daemons themselves: the host passed the terminal on (native/fdpass is built by `npm ci`).
    expect(readFileSafe(join(h.runtime, 'ptyhost.log'))).not.toMatch(/reading every terminal here/)
    expect(readdirSync(join(h.runtime, 'ptylog'))).toHaveLength(1)
    await cliOk(h, 'write', id, 'kill %1; echo after-$((40+2))', '--enter')
    await expect.poll(async () => cliOk(h, 'screen', id), { timeout: 10_000 }).toMatch(/^after-42$/m)
    await expect.poll(() => alive(job), { timeout: 10_000 }).toBe(false)
  })

  it('a CLI call between a restart\'s two daemons waits for the new one, however slowly it starts (no "no board is running")', async () => {
    const h = newHome()
    const id = (await cliOk(h, 'spawn', '--', 'sleep', '300')).trim()
    const { pid } = daemonState(h)
    // The new daemon takes 5 s to start (a loaded machine, a cold disk): longer than a CLI waits
    // for a daemon when nothing says one is coming.
    const slow = join(h.work, 'slow-daemon.cjs')
    writeFileSync(slow, "if (process.argv[1] && process.argv[1].endsWith('daemon.js')) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5000)\n")
    const restart = run(CLI, ['daemon', '--restart'], h, { NODE_OPTIONS: `--require ${slow}` })
    await gone(pid)
    const ls = await cli(h, 'ls', '--json')
    expect(ls.err).toBe('')
    expect(ls.code).toBe(0)
    expect((JSON.parse(ls.out) as { id: string }[]).map((p) => p.id)).toEqual([id])
    expect((await restart).code).toBe(0)
  })

  it('an open tab shows the restart and comes back by itself (same address, same login) to the same pane, which still runs and types', async () => {
    const h = newHome()
    const id = await shellThatRan(h, 'echo tab-$((6*7))')
    const page = await loginPage(h)
    await selectPane(page, id)
    await waitForLine(page, /^tab-42$/)
    const restart = cli(h, 'daemon', '--restart')
    // The tab saw its board go, says so, and comes back without a click.
    await page.getByTestId('connection-banner').waitFor({ timeout: 10_000 })
    await page.getByTestId('connection-banner').waitFor({ state: 'detached', timeout: 20_000 })
    expect((await restart).code).toBe(0)
    await expect.poll(() => paneItem(page, id).count(), { timeout: 10_000 }).toBe(1)
    await selectPane(page, id)
    await waitForLine(page, /^tab-42$/)
    await page.getByTestId('terminal').click()
    await page.keyboard.type('echo typed-$((7*6))\n')
    await waitForLine(page, /^typed-42$/)
    await page.close()
  })

  it('hands no browser login and no quit to a program inside a pane', async () => {
    const h = newHome()
    const out = join(h.work, 'inside.txt')
    const script = `node ${JSON.stringify(CLI)} open --print > ${JSON.stringify(out)} 2>&1; echo "open=$?" >> ${JSON.stringify(out)}; node ${JSON.stringify(CLI)} quit >> ${JSON.stringify(out)} 2>&1; echo "quit=$?" >> ${JSON.stringify(out)}; sleep 60`
    await cliOk(h, 'spawn', '--', 'bash', '-c', script)
    const { pid } = daemonState(h)
    await expect.poll(() => (readFileSafe(out).match(/quit=\d/) ? 'done' : ''), { timeout: 20_000 }).toBe('done')
    const text = readFileSafe(out)
    expect(text).toMatch(/open is not open to a program inside a pane[\s\S]*open=1/)
    expect(text).toMatch(/quit is not open to a program inside a pane[\s\S]*quit=1/)
    expect(text).not.toMatch(/code=/)
    expect(alive(pid)).toBe(true)
  })

  it('says clearly what to do when the daemon speaks another protocol: CLI and browser', async () => {
    const h = newHome()
    // A daemon that says it speaks protocol 99 (the test's stand-in for a newer build).
    const child = spawn(process.execPath, [DAEMON_JS, '--port', '0', '--cwd', h.work, '--background'], {
      env: { ...h.env, SWITCHBOARD_DAEMON_PROTOCOL: '99' },
      stdio: 'ignore',
      detached: true,
    })
    child.unref()
    await expect.poll(async () => (await cli(h, 'daemon', '--status')).code, { timeout: 20_000 }).toBe(0)
    const ls = await cli(h, 'ls')
    expect(ls.code).toBe(1)
    expect(ls.err).toMatch(
      /the running board \(0\.1\.0\) speaks protocol 99, this switchboard protocol 2: the board is newer; use the switchboard that started it, or run `switchboard daemon --restart`/,
    )
    // `open` refuses too (same check); a browser logs in with a code made as `open` makes it.
    expect((await cli(h, 'open', '--print')).err).toMatch(/speaks protocol 99/)
    const page = await browser.newPage()
    await page.goto(loginUrl(daemonState(h), Date.now()))
    const banner = page.getByTestId('connection-banner')
    await banner.waitFor()
    expect(await banner.textContent()).toMatch(/speaks protocol 99, this page protocol 2: .*`switchboard daemon --restart`.*reload this page/)
    await page.close()

    // The way out it names works: a restarted daemon speaks ours.
    const restarted = await cli(h, 'daemon', '--restart')
    expect(restarted.code).toBe(0)
    expect(restarted.out).toMatch(/restarted the board \(pid \d+ → \d+, protocol 2\)/)
    expect((await cli(h, 'ls')).code).toBe(0)
  })

  it('`quit` ends the daemon, its pty host and every pane, and says so; they come back interrupted on the next start', async () => {
    const h = newHome()
    const id = (await cliOk(h, 'spawn', '--', 'sleep', '300')).trim()
    const { pid } = daemonState(h)
    expect(paneProcessesOfBoard(h.runtime)).toHaveLength(1)
    const host = ptyHostOf(h.runtime)
    expect(host).not.toBeNull()
    expect((await cliOk(h, 'quit')).trim()).toBe(`stopped the board (pid ${pid}) and ended its 1 running pane; they come back interrupted on the next start`)
    expect(alive(pid)).toBe(false)
    await gone(host!)
    expect(processesOfBoard(h.runtime)).toEqual([])
    expect((await cli(h, 'daemon', '--status')).out).toBe('no board is running\n')
    await cliOk(h, 'daemon', '--detach')
    const listed = JSON.parse(await cliOk(h, 'ls', '--json')) as { id: string; interrupted: unknown }[]
    expect(listed.find((p) => p.id === id)?.interrupted).toBeTruthy()
  })

  it('a kill -9 of the pty host ends its panes (its reaper) and the daemon with them; the next board brings them back interrupted with their screens', async () => {
    const h = newHome()
    const id = await shellThatRan(h, 'sleep 1000 & echo job-$!; echo host-$((6*7))')
    const job = Number(/job-(\d+)/.exec(await cliOk(h, 'screen', id))![1])
    const { pid } = daemonState(h)
    const host = ptyHostOf(h.runtime)
    expect(host).not.toBeNull()
    process.kill(host!, 'SIGKILL')
    await gone(pid)
    await gone(job)
    expect(paneProcessesOfBoard(h.runtime)).toEqual([])
    expect(readFileSafe(join(h.runtime, 'daemon.log'))).toMatch(/the pty host .*every pane it held has ended; restarting the board/)
    // A daemon that ran 10 s starts its successor itself; a younger one waits for the next client.
    await cliOk(h, 'daemon', '--detach')
    const listed = JSON.parse(await cliOk(h, 'ls', '--json')) as { id: string; interrupted: unknown }[]
    expect(listed.map((p) => [p.id, Boolean(p.interrupted)])).toEqual([[id, true]])
    expect(await cliOk(h, 'screen', id)).toMatch(/^host-42$/m)
  })
})
