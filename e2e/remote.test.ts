/**
 * Issue 23: panes on another machine, over a real OpenSSH server on 127.0.0.1 (Debian's sshd on a
 * port of its own, a second local user `sbremote`, key auth through a throwaway ssh config). The
 * local board (its real daemon, started by the real CLI) brings its own server over ssh into the
 * remote user's home, starts it there, and shows the remote pane; its status is computed there.
 * The ssh client is killed mid-test: the same remote shell answers again. Needs root (CI is).
 */
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, ROOT } from './support/boardServer'
import { REMOTE_ALIAS, REMOTE_USER, remoteUserPids, sshSkipReason, startSshServer, type SshServer } from './support/sshServer'
import { serverId } from '../src/board/remote/serverInstall'
import { launchChromium } from './support/chromium'
import { newPaneSince, selectPane, sidebarPaneIds, typeLine } from './support/boardUi'
import { waitForPaneState } from './support/boardSteps'
import { waitForAttached, waitForLine } from './support/terminalProbe'
import { FakeAnthropic } from '../test/agents/support/fakeAnthropic'
import { claudeBin } from '../test/agents/support/paths'
import { CLAUDE_SCRIPT, claudeEnv, setUpClaudeHome } from '../test/agents/claude/setup'

const CLI = join(ROOT, 'out/main/cli.js')
const skip = sshSkipReason()

interface Home {
  readonly base: string
  readonly env: NodeJS.ProcessEnv
}

function newHome(extra: Record<string, string>): Home {
  const base = mkdtempSync(join(tmpdir(), 'sb-remote-e2e-'))
  const d = { runtime: join(base, 'run'), data: join(base, 'data'), config: join(base, 'config'), home: join(base, 'home') }
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
  for (const name of ['SWITCHBOARD_SOCKET', 'SWITCHBOARD_PANE_TOKEN', 'SWITCHBOARD_PANE_ID', 'XDG_RUNTIME_DIR', 'CI', 'GITHUB_ACTIONS']) delete env[name]
  return { base, env }
}

function cli(h: Home, args: string[], timeout = 200_000): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: h.base, env: h.env, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c))
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeout)
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code: code ?? 1, out, err })
    })
  })
}

async function ok(h: Home, ...args: string[]): Promise<string> {
  const r = await cli(h, args)
  if (r.code !== 0) throw new Error(`switchboard ${args.join(' ')} failed (${r.code}): ${r.err}${r.out}`)
  return r.out
}

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms: number): Promise<T> {
  const deadline = Date.now() + ms
  let last: unknown
  for (;;) {
    try {
      const v = await fn()
      if (v) return v
    } catch (err) {
      last = err
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

interface PaneRecord {
  id: string
  state: string
  pid: number
  host: string | null
  link: { state: string; problem: string | null } | null
}
const list = async (h: Home) => JSON.parse(await ok(h, 'ls', '--json')) as PaneRecord[]
const screenOf = (h: Home, id: string) => ok(h, 'screen', id)

/** The board's ssh client processes (the bridge to the remote), by /proc: pid → argv. */
function bridgeSshPids(): number[] {
  const pids: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const argv = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0')
      if (argv[0] === 'ssh' && argv.includes(REMOTE_ALIAS) && argv.some((a) => a.includes('remote-bridge'))) pids.push(Number(name))
    } catch {
      // Gone meanwhile.
    }
  }
  return pids
}

/** Nothing of the test user may run when the test ends (it is the test's own user). */
function endRemoteUserProcesses(): void {
  for (const pid of remoteUserPids()) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // Gone meanwhile.
    }
  }
}

function clearRemoteUser(home: string): void {
  endRemoteUserProcesses()
  const uid = execFileSync('id', ['-u', REMOTE_USER], { encoding: 'utf8' }).trim()
  for (const dir of [join(home, '.switchboard-server'), join(home, '.local/share/switchboard'), join(tmpdir(), `switchboard-${uid}`)])
    rmSync(dir, { recursive: true, force: true })
}

describe.skipIf(skip !== null)(`panes on another machine over ssh${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let server: SshServer
  let h: Home
  const homes: Home[] = []

  beforeAll(async () => {
    ensureBuilt()
    server = await startSshServer()
    clearRemoteUser(server.home)
    h = newHome({ SWITCHBOARD_SSH_COMMAND: server.sshCommand })
    homes.push(h)
  }, 60_000)

  afterAll(async () => {
    for (const home of homes) await cli(home, ['quit'], 20_000)
    if (server) {
      try {
        server.ssh(`node .switchboard-server/${serverId(ROOT)}/out/main/cli.js quit`)
      } catch {
        // No board there (a test failed before starting one).
      }
      await until('the remote user to have no process left', async () => remoteUserPids().length === 0, 15_000).catch(() => endRemoteUserProcesses())
      clearRemoteUser(server.home)
      await server.stop()
    }
    for (const home of homes) rmSync(home.base, { recursive: true, force: true })
  }, 60_000)

  let shellPane = ''

  /** Kills the board's ssh client while sshd refuses new connections; `during` runs while it is cut. */
  async function cutConnection(during: () => Promise<void>): Promise<number> {
    const ssh = bridgeSshPids()
    expect(ssh.length).toBe(1)
    await server.pause()
    const cutAt = Date.now()
    process.kill(ssh[0]!, 'SIGKILL')
    try {
      await during()
    } finally {
      await server.resume()
    }
    return cutAt
  }

  it('runs a shell on the remote as its user, computes its status there, and keeps it through a cut ssh connection', async () => {
    const started = Date.now()
    const id = (await ok(h, 'spawn', '--host', REMOTE_ALIAS)).trim()
    expect(id).toMatch(/^\d+$/)
    shellPane = id
    console.log(`first spawn --host (copy, start there, spawn) took ${Date.now() - started} ms`)
    // Copied once into the remote user's home, per build.
    expect(server.ssh(`test -f .switchboard-server/${serverId(ROOT)}/.complete && echo installed`).trim()).toBe('installed')

    await ok(h, 'wait', id, '--state', 'idle', '--timeout', '30')
    await ok(h, 'write', id, 'export SB_MARK=kept-42; echo "user=$(id -un)"', '--enter')
    await until('the remote shell to say who it runs as', async () => (await screenOf(h, id)).includes(`user=${REMOTE_USER}`), 15_000)

    const [pane] = (await list(h)).filter((p) => p.id === id)
    expect(pane).toMatchObject({ id, host: REMOTE_ALIAS })
    const table = await ok(h, 'ls')
    expect(table).toContain(`${REMOTE_ALIAS}:`)

    // `sleep 3` in front of the remote shell: working, then idle, from the remote's foreground process group.
    await ok(h, 'wait', id, '--state', 'idle', '--timeout', '15')
    await ok(h, 'write', id, 'sleep 3', '--enter')
    await ok(h, 'wait', id, '--state', 'working', '--timeout', '10')
    const working = (await list(h)).find((p) => p.id === id)!
    expect(working.state).toBe('working')
    const why = JSON.parse(await ok(h, 'ls', '--json')) as { id: string; evidence: { source: string; detail: string }[] }[]
    expect(
      why
        .find((p) => p.id === id)!
        .evidence.map((e) => e.detail)
        .join(' '),
    ).toMatch(/sleep/)
    await ok(h, 'wait', id, '--state', 'idle', '--timeout', '15')

    // Cut the connection: kill the board's ssh client while the server refuses new ones. The pane
    // reads reconnecting (not exited, not idle) for as long as it cannot get back, then comes back.
    const cutAt = await cutConnection(async () => {
      const down = await until(
        'the pane to read reconnecting',
        async () => (await list(h)).find((p) => p.id === id && p.state === 'reconnecting'),
        10_000,
      ).catch((err: Error) => {
        throw new Error(`${err.message}; the board's log: ${readFileSync(join(h.base, 'run', 'daemon.log'), 'utf8').slice(-3000)}`)
      })
      expect(down).toMatchObject({ host: REMOTE_ALIAS, link: { state: 'reconnecting' } })
      // The attempts meanwhile fail with ssh's own words.
      await until(
        'a failed reconnect to be named',
        async () => (await list(h)).find((p) => p.id === id && /Connection refused/.test(JSON.stringify(p))),
        15_000,
      )
      expect((await cli(h, ['write', id, 'x'])).err).toMatch(/connection there is cut/)
    })
    await ok(h, 'wait', id, '--state', 'idle', '--timeout', '30')
    await ok(h, 'write', id, 'echo "mark=$SB_MARK"', '--enter')
    await until('the same remote shell to answer', async () => (await screenOf(h, id)).includes('mark=kept-42'), 30_000)
    const back = (await list(h)).find((p) => p.id === id)!
    expect(back).toMatchObject({ pid: pane!.pid, host: REMOTE_ALIAS, link: { state: 'connected' } })
    expect(bridgeSshPids().length).toBe(1)
    console.log(`remote pane back ${Date.now() - cutAt} ms after the cut (sshd refused new connections for part of it)`)
  }, 300_000)

  it('records the remote pane there and brings the recording here, which replays locally; explain and history answer from the board there', async () => {
    expect(shellPane).not.toBe('')
    const id = shellPane
    await ok(h, 'wait', id, '--state', 'idle', '--timeout', '30')
    const cast = join(h.base, 'remote-shell.cast')
    // `switchboard record` runs until Ctrl+C, as a user runs it.
    const rec = spawn(process.execPath, [CLI, 'record', id, cast], { cwd: h.base, env: h.env, stdio: ['ignore', 'pipe', 'pipe'] })
    let recOut = ''
    let recErr = ''
    rec.stdout.setEncoding('utf8').on('data', (c: string) => (recOut += c))
    rec.stderr.setEncoding('utf8').on('data', (c: string) => (recErr += c))
    const recDone = new Promise<number>((r) => rec.once('close', (code) => r(code ?? 1)))
    try {
      await until('the recording to start', async () => recErr.includes(`recording pane ${id} to ${cast}`) || rec.exitCode !== null, 60_000)
      expect(rec.exitCode, recErr).toBeNull()
      await ok(h, 'write', id, 'sleep 2; echo rec-$((40+4))', '--enter')
      await ok(h, 'wait', id, '--state', 'working', '--timeout', '10')
      await ok(h, 'mark', id, 'working')
      await until('the command to end', async () => (await screenOf(h, id)).includes('rec-44'), 15_000)
      await ok(h, 'wait', id, '--state', 'idle', '--timeout', '15')
      await ok(h, 'mark', id, 'idle')
    } finally {
      rec.kill('SIGINT')
    }
    const stopAt = Date.now()
    expect(await recDone, recErr).toBe(0)
    console.log(`record stopped and brought here ${Date.now() - stopAt} ms after Ctrl+C`)
    expect(recOut).toMatch(new RegExp(`^recorded \\d+\\.\\d s, \\d+ events, \\d+ reports: ${cast} `))
    // Here, beside the other files a local recording makes; nothing left behind there.
    const text = readFileSync(cast, 'utf8')
    expect(text).toContain('rec-44')
    expect(text).toContain('"state:working"')
    expect(readFileSync(cast.replace(/\.cast$/, '.process.jsonl'), 'utf8')).toMatch(/"program":\{[^}]*"sleep"/)
    expect(
      server
        .ssh('ls .local/share/switchboard')
        .split('\n')
        .filter((f) => f.includes('.cast')),
    ).toEqual([])
    // It replays here, to the states the pane showed: working for the sleep, then idle.
    const replay = execFileSync(process.execPath, [join(ROOT, 'out/main/replay.js'), cast, '--json'], { encoding: 'utf8', timeout: 60_000 })
    const states = replay
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { state: string }).state)
    expect(states).toContain('working')
    expect(states[states.length - 1]).toBe('idle')

    // explain and history: the board there decided, and says why, under this board's id.
    const explained = JSON.parse(await ok(h, 'explain', id, '--json')) as { paneId: string; verdict: { state: string } }
    expect(explained).toMatchObject({ paneId: id, verdict: { state: 'idle' } })
    expect(await ok(h, 'explain', id)).toMatch(/idle/)
    const history = JSON.parse(await ok(h, 'history', id, '--json')) as { state: string }[]
    expect(history.map((e) => e.state)).toEqual(expect.arrayContaining(['working', 'idle']))
  }, 180_000)

  it('keeps the remote pane through a restart of this board, and through a kill -9 of it: the same remote shell answers again', async () => {
    expect(shellPane).not.toBe('')
    const id = shellPane
    const before = (await list(h)).find((p) => p.id === id)!
    const daemonPid = () => (JSON.parse(readFileSync(join(h.base, 'run', 'daemon.json'), 'utf8')) as { pid: number }).pid
    const again = async (what: string, word: string) => {
      await until(`the pane to be back after ${what}`, async () => (await list(h)).find((p) => p.id === id && p.state === 'idle'), 45_000)
      expect((await list(h)).find((p) => p.id === id)).toMatchObject({ pid: before.pid, host: REMOTE_ALIAS, link: { state: 'connected' } })
      await ok(h, 'write', id, `echo "${word}=$SB_MARK"`, '--enter')
      await until(`the same remote shell to answer after ${what}`, async () => (await screenOf(h, id)).includes(`${word}=kept-42`), 30_000)
    }
    await ok(h, 'daemon', '--restart')
    await again('daemon --restart', 'restarted')
    // A crash: nothing is handed over, the workspace is all the next board has; and the remote
    // cannot be reached at first: the pane is there, reconnecting (not gone, not exited), until it can.
    const pid = daemonPid()
    await server.pause()
    try {
      process.kill(pid, 'SIGKILL')
      await until('the board to be gone', async () => !existsSync(`/proc/${pid}`), 10_000)
      await ok(h, 'daemon', '--detach')
      const waiting = await until('the pane to read reconnecting', async () => (await list(h)).find((p) => p.id === id && p.state === 'reconnecting'), 20_000)
      expect(waiting).toMatchObject({ host: REMOTE_ALIAS, link: { state: 'reconnecting' } })
      await until('a failed attempt to be named', async () => (await list(h)).find((p) => p.id === id && /Connection refused/.test(JSON.stringify(p))), 20_000)
    } finally {
      await server.resume()
    }
    await again('kill -9 of the board', 'crashed')
    expect(bridgeSshPids().length).toBe(1)
  }, 240_000)

  it('shows the remote pane in a browser: its host in the sidebar and header, its terminal, typed keys, and reconnecting; the new-pane form starts one there', async () => {
    expect(shellPane).not.toBe('')
    const id = shellPane
    const browser = await launchChromium()
    try {
      const page = await browser.newPage()
      await page.goto((await ok(h, 'open', '--print')).trim())
      await selectPane(page, id)
      await waitForLine(page, /mark=kept-42/)
      await expect.poll(() => page.locator(`[data-testid="pane-item"][data-pane-id="${id}"] [data-testid="pane-host"]`).textContent()).toBe(`${REMOTE_ALIAS}:`)
      await expect.poll(() => page.getByTestId('pane-header-host').textContent()).toContain(`on ${REMOTE_ALIAS}`)
      await typeLine(page, 'echo typed-$((40+2))')
      await waitForLine(page, /^typed-42$/)
      await cutConnection(async () => {
        await waitForPaneState(page, id, 'reconnecting', 15_000)
        await expect.poll(() => page.getByTestId('pane-header-host').textContent()).toContain('(reconnecting)')
      })
      await waitForPaneState(page, id, 'idle', 30_000)
      // The same terminal, attached again over the new connection.
      await typeLine(page, 'echo again-$((40+3))')
      await waitForLine(page, /^again-43$/)

      // The new-pane form's Machine field: a shell started there, as its user.
      const before = await sidebarPaneIds(page)
      await page.getByTestId('new-pane-button').click()
      await page.getByTestId('new-pane-kind-shell').check()
      await page.getByTestId('new-pane-host').fill(REMOTE_ALIAS)
      await page.getByTestId('new-pane-submit').click()
      await page.getByTestId('new-pane-form').waitFor({ state: 'detached', timeout: 60_000 })
      const fromForm = await newPaneSince(page, before)
      await waitForAttached(page, fromForm)
      await expect
        .poll(() => page.locator(`[data-testid="pane-item"][data-pane-id="${fromForm}"] [data-testid="pane-host"]`).textContent())
        .toBe(`${REMOTE_ALIAS}:`)
      await waitForPaneState(page, fromForm, 'idle', 30_000)
      await typeLine(page, 'echo "who=$(id -un)"')
      await waitForLine(page, new RegExp(`^who=${REMOTE_USER}$`))
      expect((await list(h)).find((p) => p.id === fromForm)).toMatchObject({ host: REMOTE_ALIAS })
      await ok(h, 'kill', fromForm)
    } finally {
      await browser.close()
    }
  }, 180_000)

  it('answers the real Claude Code 2.1.332 on the remote, blocked on a permission dialog, from this board', async () => {
    // The fake model listens on 127.0.0.1, which is the remote's own loopback here (one machine, two users).
    const fake = await FakeAnthropic.start(CLAUDE_SCRIPT)
    const claudeHome = join(server.home, 'claude-home')
    const work = join(server.home, 'claude-work')
    try {
      // Fresh each run: an earlier run ended mid-test leaves them behind (setUpClaudeHome refuses an existing .claude).
      for (const dir of [claudeHome, work]) {
        rmSync(dir, { recursive: true, force: true })
        mkdirSync(dir, { recursive: true })
      }
      setUpClaudeHome(claudeHome, work, join(claudeHome, 'user-hooks.jsonl'), '2.1.332')
      execFileSync('chown', ['-R', `${REMOTE_USER}:${REMOTE_USER}`, claudeHome, work])
      const env = Object.entries({ ...claudeEnv(fake.url), HOME: claudeHome, LANG: 'C.UTF-8' }).flatMap(([k, v]) => ['--env', `${k}=${v}`])
      const id = (await ok(h, 'spawn', '--host', REMOTE_ALIAS, '--cwd', work, ...env, '--', claudeBin('2.1.332'), '--permission-mode', 'default')).trim()
      const screen = async () => (await screenOf(h, id)).replace(/\s+/g, ' ')
      await until('the prompt', async () => /❯.*(\? for shortcuts|mode on)/.test(await screen()), 90_000)
      expect((await list(h)).find((p) => p.id === id)).toMatchObject({ host: REMOTE_ALIAS })
      await ok(h, 'write', id, '[STEP2] Create the file x.txt.')
      await new Promise((r) => setTimeout(r, 400))
      await ok(h, 'write', id, '\r', '--escapes')
      await ok(h, 'wait', id, '--state', 'blocked', '--timeout', '60')
      const shown = await until(
        'the dialog to be read',
        async () => {
          const r = await cli(h, ['answer', id])
          return r.code === 0 && r.out
        },
        20_000,
      )
      expect(shown).toMatch(new RegExp(`^pane ${id} is blocked: Do you want to proceed\\?\n {2}1 +Yes\n`))
      const dialog = /^dialog (dlg-[0-9a-f]+)$/m.exec(shown)![1]!
      expect(await ok(h, 'answer', id, 'Yes', '--dialog', dialog)).toBe(`pane ${id}: sent option 1 (Yes)\n`)
      // The tool ran there, as the remote user, and the turn ended with the reply.
      await until(
        'touch x.txt to run on the remote',
        async () => server.ssh(`test -f ${work}/x.txt && stat -c %U ${work}/x.txt`).trim() === REMOTE_USER,
        30_000,
      )
      await until('the turn to end', async () => /Created x\.txt for you\./.test(await screen()), 30_000)
      await ok(h, 'wait', id, '--state', 'idle', '--timeout', '30')
      await ok(h, 'close', id)
    } finally {
      await fake.close()
    }
  }, 240_000)

  it('says what ssh said when the destination cannot be reached', async () => {
    const r = await cli(h, ['spawn', '--host', 'nobody@127.0.0.1', '--', 'true'], 60_000)
    expect(r.code).toBe(1)
    // ssh's own words (the key of the alias is not offered to this destination: no way in).
    expect(r.err).toMatch(/ssh nobody@127\.0\.0\.1 failed \(exit 255\): .*(Permission denied|Connection refused|Host key verification failed)/)
  }, 90_000)

  /** An ssh command that is no ssh: it runs the remote command here, as root, with what `env` says (a remote without node, one of another protocol). */
  function fakeSsh(name: string, env: string): string {
    const file = join(h.base, name)
    writeFileSync(file, `#!/bin/sh\nwhile [ "$1" != "--" ]; do shift; done\nshift; shift\nexec env ${env} /bin/sh -c "$1"\n`)
    chmodSync(file, 0o755)
    return file
  }

  it('says what to install when the remote has no node', async () => {
    const bin = join(h.base, 'no-node-bin')
    mkdirSync(bin, { recursive: true })
    execFileSync('ln', ['-sf', '/bin/sh', join(bin, 'sh')])
    const other = newHome({ SWITCHBOARD_SSH_COMMAND: fakeSsh('no-node-ssh', `PATH=${bin}`) })
    homes.push(other)
    const r = await cli(other, ['spawn', '--host', 'no-node-box', '--', 'true'], 60_000)
    expect(r.code).toBe(1)
    expect(r.err).toContain('there is no node on no-node-box: install Node.js 20 or newer there')
  }, 90_000)

  it('says what to do when the board there speaks another protocol', async () => {
    const remoteHome = join(h.base, 'old-remote-home')
    const remoteRun = join(h.base, 'old-remote-run')
    mkdirSync(remoteHome, { recursive: true })
    const other = newHome({
      SWITCHBOARD_SSH_COMMAND: fakeSsh(
        'old-ssh',
        `HOME=${remoteHome} SWITCHBOARD_RUNTIME_DIR=${remoteRun} SWITCHBOARD_DATA_DIR=${remoteHome}/data SWITCHBOARD_DAEMON_PROTOCOL=1`,
      ),
    })
    homes.push(other)
    try {
      const r = await cli(other, ['spawn', '--host', 'old-box', '--', 'true'], 120_000)
      expect(r.code).toBe(1)
      expect(r.err).toMatch(/on old-box: the running board \(.*\) speaks protocol 1, this board protocol \d+: run `.*switchboard\.js daemon --restart`/)
    } finally {
      await cli(
        { base: remoteHome, env: { ...other.env, HOME: remoteHome, SWITCHBOARD_RUNTIME_DIR: remoteRun, SWITCHBOARD_DATA_DIR: join(remoteHome, 'data') } },
        ['quit'],
        20_000,
      )
    }
  }, 150_000)
})
