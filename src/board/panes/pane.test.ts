import { afterEach, describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BoardError } from '../../shared/ipc/errors'
import { createPaneRequestSchema } from '../../shared/ipc/contract'
import { BOARD_ENV_MESSAGE } from '../../shared/domain/settings'
import { sessionMembers } from '../pty/processTree'
import { eventually, processAlive, screenText, testBoard, waitForState } from '../test/support'

let board = testBoard()
afterEach(async () => {
  await board.shutdown()
  board = testBoard()
})

const exitOf = (id: string) => eventually(() => board.get(id).exit, `pane ${id} to exit`)

describe('pane supervisor with real PTYs', () => {
  it('round-trips output through the headless mirror', async () => {
    const { id } = board.create({ command: ['bash', '--norc', '--noprofile'], env: { PS1: '$ ' } })
    const pane = board.get(id)
    await eventually(async () => (await screenText(pane)).includes('$'), 'the prompt')
    board.write(id, 'echo "round $((20+22)) trip"\r')
    await eventually(async () => (await screenText(pane)).includes('round 42 trip'), 'echoed output')
  })

  it('turns a program’s own notifications (OSC 9, 777, 99, the bell) into alerts with their source', async () => {
    const alerts: { source: string; title: string; body: string }[] = []
    const sub = board.onEvent((e) => e.channel === 'pane:alert' && alerts.push({ source: e.payload.source, title: e.payload.title, body: e.payload.body }))
    const script = String.raw`printf '\e]9;build done\a'; printf '\e]9;4;1;50\a'; printf '\e]777;notify;Tests;3 failed\e\\'; printf '\e]99;i=1:d=0;Deploy\e\\\e]99;i=1:p=body;finished\e\\'; printf '\e]99;i=2:p=?;\e\\'; printf '\a'; printf '\e]0;title only\a'; sleep 0.3; echo end`
    const { id } = board.create({ command: ['bash', '-c', script] })
    await exitOf(id)
    await eventually(() => alerts.length >= 4 || null, 'four alerts').catch((err) => {
      throw new Error(`${err}: ${JSON.stringify(alerts)}`)
    })
    sub.dispose()
    expect(alerts).toEqual([
      { source: 'OSC 9', title: '', body: 'build done' },
      { source: 'OSC 777', title: 'Tests', body: '3 failed' },
      { source: 'OSC 99', title: 'Deploy', body: 'finished' },
      { source: 'bell', title: '', body: '' },
    ])
  })

  it('reports exit codes 0 and 3, and death by a signal', async () => {
    const zero = board.create({ command: ['bash', '-c', 'exit 0'] })
    const three = board.create({ command: ['bash', '-c', 'echo last words; exit 3'] })
    const killed = board.create({ command: ['bash', '-c', 'kill -TERM $$'] })
    expect(await exitOf(zero.id)).toEqual({ code: 0, signal: null })
    expect(await exitOf(three.id)).toEqual({ code: 3, signal: null })
    expect((await exitOf(killed.id)).signal).toBe(15)
    // Trailing output is in the mirror by the time the exit is reported.
    expect(board.get(three.id).screen().lines.join('\n')).toContain('last words')
    expect(board.get(three.id).verdict).toMatchObject({ state: 'exited' })
    expect(board.get(three.id).verdict.evidence[0]?.detail).toContain('exit code 3')
    expect(board.get(killed.id).verdict.evidence[0]?.detail).toContain('SIGTERM')
  })

  it('keeps the last words of a program that floods right up to its exit', async () => {
    // node-pty drops a stream that has not ended 200 ms after the exit; a busy parser used to lose this tail.
    const { id } = board.create({ command: ['bash', '-c', 'yes abcdefghijklmnopqrstuvwxyz | head -c 3000000; echo; echo LAST-WORDS'] })
    await exitOf(id)
    expect(await screenText(board.get(id))).toContain('LAST-WORDS')
  }, 20_000)

  it('lets a read waiting on the mirror go when the pane is retired meanwhile (a resume or a remove), instead of hanging it', async () => {
    const { id } = board.create({ command: ['bash', '-c', 'head -c 50000000 /dev/zero | tr "\\0" x; sleep 30'] })
    const pane = board.get(id)
    await eventually(async () => (await screenText(pane)).includes('xxxx'), 'the flood')
    // Parsing lags the flood: this waits behind writes the mirror has not parsed yet when the pane goes.
    const read = pane.settled().then(() => 'settled')
    pane.dispose()
    expect(await Promise.race([read, new Promise((resolve) => setTimeout(() => resolve('still waiting after 3 s'), 3_000))])).toBe('settled')
  })

  it('resizes: the program sees the new size', async () => {
    const { id } = board.create({ command: ['bash', '--norc', '--noprofile'], env: { PS1: '$ ' }, cols: 80, rows: 24 })
    const pane = board.get(id)
    board.write(id, 'stty size\r')
    await eventually(async () => (await screenText(pane)).includes('24 80'), 'initial size 24 80')
    pane.resize(100, 30)
    board.write(id, 'stty size\r')
    await eventually(async () => (await screenText(pane)).includes('30 100'), 'new size 30 100')
    expect(pane.screen()).toMatchObject({ cols: 100, rows: 30 })
    expect(pane.screen().lines).toHaveLength(30)
  })

  it('follows the foreground job: sleep takes the terminal and bash takes it back', async () => {
    const { id } = board.create({ command: ['bash', '--norc', '--noprofile', '-i'], env: { PS1: '$ ' } })
    const pane = board.get(id)
    await waitForState(pane, 'idle')
    expect(pane.info().foreground?.isRoot).toBe(true)
    board.write(id, 'sleep 2\r')
    await eventually(() => pane.info().foreground?.argv[0] === 'sleep', 'sleep in the foreground', 3000)
    expect(pane.verdict.state).toBe('working')
    expect(pane.verdict.evidence[0]?.detail).toContain('sleep 2 runs in front')
    await eventually(() => pane.info().foreground?.isRoot, 'bash back in the foreground', 5000)
    await waitForState(pane, 'idle')
  })

  it('kills the whole process tree, background jobs and hang-up-immune children too', async () => {
    const { id, pid } = board.create({ command: ['bash', '--norc', '--noprofile', '-i'], env: { PS1: '$ ' } })
    const pane = board.get(id)
    await waitForState(pane, 'idle')
    board.write(id, 'sleep 300 & nohup sleep 301 >/dev/null 2>&1 & (trap "" HUP; sleep 302) &\r')
    await eventually(() => sessionMembers(pid).length >= 4, 'the background jobs')
    const members = sessionMembers(pid).map((m) => m.pid)
    await board.kill(id)
    await exitOf(id)
    await eventually(() => members.every((p) => !processAlive(p)), 'no survivors', 5000)
  })

  it('refuses a missing executable or a bad cwd with a clear error and no pane', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sb-')), 'plain-file')
    writeFileSync(file, 'x')
    expect(() => board.create({ command: ['no-such-program-xyz'] })).toThrow(/no-such-program-xyz: command not found/)
    expect(() => board.create({ command: ['bash'], cwd: '/no/such/dir' })).toThrow(/does not exist/)
    expect(() => board.create({ command: ['bash'], cwd: file })).toThrow(/not a directory/)
    try {
      board.create({ command: ['no-such-program-xyz'] })
    } catch (err) {
      expect(err).toBeInstanceOf(BoardError)
      expect((err as BoardError).code).toBe('spawn-failed')
    }
    expect(board.list()).toHaveLength(0)
    // A failed spawn uses no id: the first pane that starts is still pane 1.
    expect(board.create({ command: ['bash', '-c', 'true'] }).id).toBe('1')
  })

  it('answers terminal queries itself: device attributes, cursor position and colours', async () => {
    // The program asks and reads the replies from its own stdin, as OpenCode does at start: up to
    // the last reply's final 't' (no other reply has one), however long a loaded machine takes.
    const script = `stty raw -echo; printf '\\033[c\\033[6n\\033]11;?\\033\\\\\\033]4;1;?\\033\\\\\\033[14t'; IFS= read -r -d t -t 10 r; printf '%st' "$r" | od -An -c | tr -d ' \\n' > "$OUT"`
    const out = join(mkdtempSync(join(tmpdir(), 'sb-')), 'replies')
    const { id } = board.create({ command: ['bash', '-c', script + '; cat "$OUT"'], env: { OUT: out } })
    await exitOf(id).catch(() => undefined)
    const text = await screenText(board.get(id))
    const replies = text.replace(/\s/g, '')
    expect(replies).toContain('033[?1;2c') // device attributes
    expect(replies).toContain('033[1;1R') // cursor position
    expect(replies).toContain('033]11;rgb:1e1e/1e1e/1e1e033\\') // background colour
    expect(replies).toContain('033]4;1;rgb:cdcd/0000/0000033\\') // palette entry
    expect(replies).toContain('033[4;512;960t') // text area in pixels
  }, 15_000)

  it('exports the pane id and control socket to the program, never the board’s own secrets', async () => {
    const b = testBoard({ socketPath: '/tmp/x.sock', baseEnv: { PATH: process.env.PATH, ELECTRON_RUN_AS_NODE: '1', SWITCHBOARD_TOKEN: 'secret' } })
    try {
      const { id } = b.create({
        command: ['bash', '-c', 'echo "[$SWITCHBOARD_PANE_ID|$SWITCHBOARD_SOCKET|$TERM|${ELECTRON_RUN_AS_NODE-unset}|${SWITCHBOARD_TOKEN-unset}]"; sleep 0.2'],
      })
      await eventually(async () => (await screenText(b.get(id))).includes(`[${id}|/tmp/x.sock|xterm-256color|unset|unset]`), 'the environment line')
    } finally {
      await b.shutdown()
    }
  })

  it('never lets a launch set the board’s own variables: a forged reaper tag, socket or pane id is dropped (issue 24.4)', async () => {
    const b = testBoard({ socketPath: '/tmp/x.sock', baseEnv: { PATH: process.env.PATH } })
    try {
      const env = {
        SWITCHBOARD_BOARD_TAG: 'escaped',
        SWITCHBOARD_SOCKET: '/tmp/other.sock',
        SWITCHBOARD_PANE_ID: '99',
        SWITCHBOARD_REPORT_URL: 'http://x',
        MINE: 'kept',
      }
      const { id } = b.create({
        command: [
          'bash',
          '-c',
          't=own; [ "$SWITCHBOARD_BOARD_TAG" = escaped ] && t=FORGED; echo "[$t|$SWITCHBOARD_SOCKET|$SWITCHBOARD_PANE_ID|${SWITCHBOARD_REPORT_URL-unset}|$MINE]"; sleep 0.2',
        ],
        env,
      })
      const line = await eventually(async () => /\[\w+\|.*\|kept\]/.exec(await screenText(b.get(id)))?.[0], 'the environment line')
      expect(line).toBe(`[own|/tmp/x.sock|${id}|unset|kept]`)
      // The request schema says so rather than dropping it quietly.
      const parsed = createPaneRequestSchema.safeParse({ command: ['sh'], env: { SWITCHBOARD_BOARD_TAG: 'x' } })
      expect(parsed.success).toBe(false)
      expect(parsed.error?.issues[0]?.message).toBe(BOARD_ENV_MESSAGE)
    } finally {
      await b.shutdown()
    }
  })

  it('survives hostile bytes: random binary, broken escapes and huge OSC payloads', async () => {
    const script =
      'head -c 2000000 /dev/urandom; printf "\\033]0;%s\\007" "$(head -c 300000 /dev/zero | tr "\\0" x)"; printf "\\033[999999999;999999999H\\033P\\033[?1049h\\033]7501;state=\\n"; printf "\\033[?1049l\\033c\\nstill alive\\n"'
    const { id } = board.create({ command: ['bash', '-c', script] })
    await exitOf(id)
    expect(await screenText(board.get(id))).toContain('still alive')
    const other = board.create({ command: ['bash', '-c', 'echo neighbour fine; sleep 0.2'] })
    await eventually(async () => (await screenText(board.get(other.id))).includes('neighbour fine'), 'a neighbour pane to work')
  }, 20_000)
})
