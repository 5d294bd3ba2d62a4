import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT, startBoard, type RunningBoard } from './support/boardServer'
import { VERB_USAGE } from '../src/shared/cli/verbUsage'

const bin = join(ROOT, 'bin/switchboard.js')
let board: RunningBoard

interface Run {
  code: number
  stdout: string
  stderr: string
}

function cli(args: string[], env: NodeJS.ProcessEnv = {}, nodeArgs: string[] = []): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...nodeArgs, bin, ...args],
      { env: { ...process.env, SWITCHBOARD_SOCKET: '', SWITCHBOARD_RUNTIME_DIR: board.runtimeDir, ...env }, timeout: 20_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    )
  })
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

beforeAll(async () => {
  board = await startBoard()
})
afterAll(async () => {
  await board?.stop()
  board?.cleanup()
})

describe('switchboard CLI against a running browser-mode board', () => {
  it('finds the only running board through its 0600 socket in a 0700 runtime dir', async () => {
    expect(statSync(board.socketPath).mode & 0o777).toBe(0o600)
    expect(statSync(board.runtimeDir).mode & 0o777).toBe(0o700)
    const r = await cli(['ls'])
    expect(r).toMatchObject({ code: 0, stdout: 'no panes\n' })
  })

  it('spawns, writes, reads the screen, resizes, waits and kills', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-cli-'))
    const spawned = await cli(['spawn', '--cwd', dir, '--env', 'GREETING=hi from env', '--title', 'cli test', '--', 'bash', '--norc', '--noprofile', '-i'])
    expect(spawned.code).toBe(0)
    const id = spawned.stdout.trim()
    expect(id).toMatch(/^\d+$/)
    expect((await cli(['wait', id, '--state', 'idle', '--timeout', '10'])).code).toBe(0)

    const ls = JSON.parse((await cli(['ls', '--json'])).stdout)
    expect(ls).toHaveLength(1)
    expect(ls[0]).toMatchObject({ id, title: 'cli test', cwd: dir, state: 'idle', exitCode: null })
    expect(ls[0].foreground.isRoot).toBe(true)
    expect(ls[0].pid).toBeGreaterThan(1)

    expect((await cli(['write', id, 'echo "$GREETING in $PWD"', '--enter'])).code).toBe(0)
    await until(async () => (await cli(['screen', id])).stdout.includes(`hi from env in ${dir}`), 'the echo on screen')

    expect((await cli(['resize', id, '91', '27'])).code).toBe(0)
    await cli(['write', id, 'stty size\\r', '--escapes'])
    await until(async () => (await cli(['screen', id])).stdout.includes('27 91'), 'the new size')
    // The screen shows stty's answer before the process watch sees bash back in front: explain reads one moment.
    expect((await cli(['wait', id, '--state', 'idle', '--timeout', '10'])).code).toBe(0)

    const explained = await cli(['explain', id])
    expect(explained.code).toBe(0)
    expect(explained.stdout).toMatch(new RegExp(`^pane ${id}: idle since `))
    expect(explained.stdout).toContain('decided by process: shell bash is back in front')
    expect(JSON.parse((await cli(['explain', id, '--json'])).stdout)).toMatchObject({ paneId: id, agent: null, verdict: { state: 'idle' } })

    await cli(['write', id, 'sleep 1', '--enter'])
    const working = await cli(['wait', id, '--state', 'working', '--timeout', '5'])
    expect(working).toMatchObject({ code: 0, stdout: `pane ${id} is working\n` })
    expect((await cli(['wait', id, '--state', 'idle', '--timeout', '5'])).code).toBe(0)

    expect((await cli(['kill', id])).code).toBe(0)
    expect((await cli(['wait', id, '--state', 'exited', '--timeout', '10'])).code).toBe(0)
    const after = JSON.parse((await cli(['ls', '--json'])).stdout)
    expect(after[0]).toMatchObject({ state: 'exited', exitCode: expect.any(Number) })
  })

  it('loads only what the everyday verbs need: no library, no child_process or crypto (issue 13: start-up ≤ 1.3× node -e 0)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-cli-mods-'))
    // Before the fix the bundle loaded zod (~50 ms) for the daemon's state file, and child_process for `open`.
    const hook = join(dir, 'hook.cjs')
    writeFileSync(
      hook,
      "process.on('exit', () => require('fs').writeFileSync(process.env.MODS_OUT, JSON.stringify({ files: Object.keys(require.cache), builtins: process.moduleLoadList })))",
    )
    const id = (await cli(['spawn', '--', 'bash', '--norc', '--noprofile', '-i'])).stdout.trim()
    for (const verb of [['ls'], ['screen', id]]) {
      const out = join(dir, `${verb[0]}.json`)
      const r = await cli(verb, { MODS_OUT: out }, ['-r', hook])
      expect(r.code, r.stderr).toBe(0)
      const { files, builtins } = JSON.parse(readFileSync(out, 'utf8')) as { files: string[]; builtins: string[] }
      expect(files.filter((f) => f.includes('node_modules'))).toEqual([])
      expect(builtins.filter((m) => /^NativeModule (child_process|crypto)$/.test(m))).toEqual([])
    }
    await cli(['kill', id])
    expect((await cli(['wait', id, '--state', 'exited', '--timeout', '10'])).code).toBe(0)
  })

  it('streams one JSON line per state change with `events --json`', async () => {
    const { spawn } = await import('node:child_process')
    const events = spawn(process.execPath, [bin, 'events', '--json'], { env: { ...process.env, SWITCHBOARD_SOCKET: board.socketPath } })
    let out = ''
    let err = ''
    events.stdout.on('data', (d: Buffer) => (out += d.toString()))
    events.stderr.on('data', (d: Buffer) => (err += d.toString()))
    // Its ready line: from then on the board sends it every change.
    await until(async () => err.includes('watching state changes'), 'the events verb watching')
    const id = (await cli(['spawn', '--', 'bash', '-c', 'sleep 0.3; exit 4'])).stdout.trim()
    // Its own pane's exit: another test's pane may exit meanwhile.
    const mineOf = () =>
      out
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { pane: string; state: string })
        .filter((l) => l.pane === id)
    await until(async () => mineOf().some((l) => l.state === 'exited'), 'the exited event')
    events.kill('SIGINT')
    const mine = mineOf() as unknown as { pane: string; state: string; evidence: { detail: string }[] }[]
    expect(mine.at(-1)).toMatchObject({ pane: id, state: 'exited' })
    expect(mine.at(-1)?.evidence[0]?.detail).toContain('exit code 4')
  })

  it('fails with one clear line and a non-zero code', async () => {
    const missing = await cli(['screen', '999'])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toBe('switchboard: no pane 999; `switchboard ls` lists the panes\n')
    const usage = await cli(['resize', '1', 'wide', '10'])
    expect(usage.code).toBe(2)
    expect(usage.stderr.trim().split('\n')).toHaveLength(1)
    const badSpawn = await cli(['spawn', '--', 'definitely-not-a-program'])
    expect(badSpawn).toMatchObject({
      code: 1,
      stderr: "switchboard: definitely-not-a-program: command not found (not an executable file, nor on the pane's PATH)\n",
    })
    // Its own pane: borrowing another test's made one failure read as two.
    const done = (await cli(['spawn', '--', 'bash', '-c', 'exit 0'])).stdout.trim()
    expect((await cli(['wait', done, '--state', 'exited', '--timeout', '10'])).code).toBe(0)
    const timeout = await cli(['wait', done, '--state', 'blocked', '--timeout', '0.3'])
    expect(timeout.code).toBe(1)
    expect(timeout.stderr).toBe(`switchboard: pane ${done} exited before it was blocked\n`)
    const noBoard = await cli(['ls'], { SWITCHBOARD_RUNTIME_DIR: mkdtempSync(join(tmpdir(), 'sb-none-')) })
    // A read-only verb starts no daemon; it says how to start one.
    expect(noBoard).toMatchObject({
      code: 1,
      stderr:
        'switchboard: no board is running; `switchboard daemon --detach` starts one in the background (so do `npm start`, `npm run serve`, `switchboard spawn` and `switchboard open`)\n',
    })
  })

  it('answers --help for every verb with its usage and exit 0, and names a flag and its limit (issue 21 item 6)', async () => {
    const verbs = Object.keys(VERB_USAGE)
    expect(verbs.length).toBeGreaterThanOrEqual(19)
    // One at a time: a few dozen node processes at once are slow on a loaded machine.
    for (const verb of verbs) {
      for (const flag of ['--help', '-h']) {
        const r = await cli([verb, flag])
        expect(r, `${verb} ${flag}`).toMatchObject({ code: 0, stderr: '' })
        expect(r.stdout, verb).toMatch(new RegExp(`^usage: switchboard ${verb}\\b`))
      }
    }
    expect(await cli(['help', 'resume'])).toMatchObject({ code: 0, stdout: (await cli(['resume', '--help'])).stdout })
    // Help needs no board: it is answered before anything connects.
    expect((await cli(['spawn', '--help'])).stdout).toContain('start a pane')
    expect(await cli(['spawn', '--cols', '100000', '--', 'true'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'switchboard: spawn: --cols must be between 2 and 1000 (got 100000)\n',
    })
    expect(await cli(['resize', '1', '80', '9000'])).toMatchObject({ code: 2, stderr: 'switchboard: resize: ROWS must be between 1 and 500 (got 9000)\n' })
  })

  it('answer goes through the guard: refused with the reason and exit 1 when no dialog is open, a line at a prompt (issue 17)', async () => {
    const id = (await cli(['spawn', '--cwd', board.cwd, '--', 'bash', '--norc', '--noprofile', '-i'])).stdout.trim()
    expect((await cli(['wait', id, '--state', 'idle', '--timeout', '10'])).code).toBe(0)
    expect(await cli(['answer', id, '1'])).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `switchboard: pane ${id} shows no dialog (it is idle); nothing was sent (\`switchboard answer ${id} --text TEXT\` answers its prompt)\n`,
    })
    expect(await cli(['answer', id, '--deny'])).toMatchObject({ code: 1, stdout: '' })
    expect(await cli(['answer', id])).toMatchObject({ code: 1, stderr: `switchboard: pane ${id} shows no dialog (it is idle)\n` })
    expect(await cli(['answer', id, '--text', 'echo answered-$((6*7))'])).toMatchObject({
      code: 0,
      stdout: `pane ${id}: sent the text as a paste, then Enter\n`,
    })
    await until(async () => (await cli(['screen', id])).stdout.includes('answered-42'), 'the answered line to run')
    // A busy pane takes text only when told to.
    await cli(['write', id, 'sleep 3', '--enter'])
    expect((await cli(['wait', id, '--state', 'working', '--timeout', '5'])).code).toBe(0)
    const busy = await cli(['answer', id, '--text', 'echo late'])
    expect(busy.code).toBe(1)
    expect(busy.stderr).toMatch(new RegExp(`^switchboard: pane ${id}: The program is still starting|^switchboard: pane ${id}: .*(working|cannot tell)`))
    expect(await cli(['answer', id, '1', '--text', 'x'])).toMatchObject({ code: 2, stderr: 'switchboard: answer: give one of OPTION, --text TEXT or --deny\n' })
    await cli(['kill', id])
  })

  it("attach shows the screen first, types, follows the terminal's size, keeps two clients in step and detaches on Ctrl-] (issue 17)", async () => {
    const id = (await cli(['spawn', '--cwd', board.cwd, '--', 'bash', '--norc', '--noprofile', '-i'])).stdout.trim()
    await cli(['write', id, 'echo before-attach', '--enter'])
    await until(async () => (await cli(['screen', id])).stdout.includes('before-attach\n'), 'the first echo')
    const { spawn } = await import('node-pty')
    const attach = (cols: number, rows: number) => {
      const term = spawn(process.execPath, [bin, 'attach', id], {
        cols,
        rows,
        env: { ...process.env, SWITCHBOARD_SOCKET: board.socketPath } as Record<string, string>,
      })
      let seen = ''
      term.onData((d) => (seen += d))
      const exited = new Promise<number>((r) => term.onExit((e) => r(e.exitCode)))
      return { term, exited, seen: () => seen }
    }
    const a = attach(90, 25)
    await until(async () => a.seen().includes('before-attach'), 'the screen drawn first')
    expect(a.seen()).toContain('Ctrl-] detaches')
    // The pane takes the terminal's size. stty reads it once: only after the board applied it (beside
    // two hogs the resize came after the typed line, and stty printed the old size).
    const sized = async (cols: number, rows: number) =>
      until(async () => {
        const pane = (JSON.parse((await cli(['ls', '--json'])).stdout) as { id: string; cols: number; rows: number }[]).find((p) => p.id === id)
        return pane?.cols === cols && pane.rows === rows
      }, `the pane at ${cols}x${rows} in ls`)
    await sized(90, 25)
    a.term.write('stty size\r')
    await until(async () => (await cli(['screen', id])).stdout.includes('25 90'), 'the pane at 90x25')
    const b = attach(90, 25)
    await until(async () => b.seen().includes('before-attach'), 'the second client drawn')
    a.term.write('echo typed-$((40+2))\r')
    await until(async () => a.seen().includes('typed-42') && b.seen().includes('typed-42'), 'both clients to see what one typed')
    expect((await cli(['screen', id])).stdout).toContain('typed-42')
    // A resized terminal resizes the pane.
    a.term.resize(72, 20)
    await sized(72, 20)
    b.term.write('stty size\r')
    await until(async () => (await cli(['screen', id])).stdout.includes('20 72'), 'the new size')
    a.term.write('\x1d')
    expect(await a.exited).toBe(0)
    expect(a.seen()).toContain('detached from pane')
    // The other client stays attached; the pane's exit ends it.
    b.term.write('exit\r')
    expect(await b.exited).toBe(0)
    expect(b.seen()).toMatch(/pane \d+ exited \(code 0\)/)
    // Not a terminal: nothing to take over.
    expect((await cli(['attach', id])).code).toBeGreaterThan(0)
  })

  it('is exported to panes, so programs inside a pane can drive the board', async () => {
    const id = (
      await cli(['spawn', '--cwd', board.cwd, '--', 'bash', '-c', `node ${JSON.stringify(bin)} ls --json > "$PWD/inner.json"; sleep 5`])
    ).stdout.trim()
    const file = join(board.cwd, 'inner.json')
    await until(async () => existsSync(file) && statSync(file).size > 0, 'the inner ls')
    const inner = JSON.parse(readFileSync(file, 'utf8'))
    expect(inner.map((p: { id: string }) => p.id)).toContain(id)
    await cli(['kill', id])
  })
})
