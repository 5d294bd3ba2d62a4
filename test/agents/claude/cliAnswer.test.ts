import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, processesOfBoard, startBoard, type RunningBoard } from '../../../e2e/support/boardServer'
import { FakeAnthropic } from '../support/fakeAnthropic'
import { claudeBin } from '../support/paths'
import { BoardCli } from '../support/boardCli'
import { CLAUDE_SCRIPT, claudeEnv, setUpClaudeHome } from './setup'

/**
 * Issue 17 item 4: `switchboard answer` from a terminal, through the answer box's guard, against
 * the real Claude Code 2.1.332 (manual mode) in the daemon: Yes to a real permission dialog runs
 * its tool; an answer bound to a dialog that has been replaced, or sent with none open, is
 * refused with the reason and exit 1, and nothing reaches Claude.
 */
describe('switchboard answer with Claude Code 2.1.332', () => {
  let base: string
  let work: string
  let env: Record<string, string>
  let fake: FakeAnthropic
  let board: RunningBoard

  // The board's CLI, once the board runs.
  let on: BoardCli
  const run = (...args: string[]) => on.run(...args)
  const screen = () => on.screen('1')
  const until = (what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000) => on.until(what, check, timeoutMs)
  const submit = (text: string) => on.submit('1', text)

  beforeAll(async () => {
    ensureBuilt()
    base = mkdtempSync(join(tmpdir(), 'sb-cli-answer-'))
    const home = join(base, 'home')
    work = join(base, 'work')
    mkdirSync(home)
    mkdirSync(work)
    mkdirSync(join(work, 'tmpdir'))
    fake = await FakeAnthropic.start(CLAUDE_SCRIPT)
    setUpClaudeHome(home, work, join(base, 'user-hooks.jsonl'), '2.1.332')
    env = { ...process.env, HOME: home, SWITCHBOARD_DATA_DIR: join(base, 'data'), LANG: 'C.UTF-8', ...claudeEnv(fake.url) } as Record<string, string>
    board = await startBoard(20_000, env)
    on = new BoardCli(env, board.socketPath)
  })

  afterAll(async () => {
    if (board) {
      await board.stop().catch(() => null)
      for (const p of processesOfBoard(board.runtimeDir)) process.kill(Number(p.split(' ')[0]), 'SIGKILL')
      board.cleanup()
    }
    await fake?.close()
    if (base) rmSync(base, { recursive: true, force: true })
  })

  it('runs the tool of the dialog it answers, and refuses with none open or another one on screen', async () => {
    expect((await run('spawn', '--cwd', work, '--', claudeBin('2.1.332'), '--permission-mode', 'default')).stdout.trim()).toBe('1')
    await until('the prompt', async () => /❯.*(\? for shortcuts|mode on)/.test(await screen()), 90_000)
    expect(await run('answer', '1', '1')).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^switchboard: pane 1 shows no dialog \(it is (idle|starting|unknown)\); nothing was sent/),
    })

    await submit('[STEP2] Create the file x.txt.')
    await until(
      'the permission dialog',
      async () => (await run('wait', '1', '--state', 'blocked', '--timeout', '1')).code === 0 && (await run('answer', '1')).code === 0,
    )
    const shown = await run('answer', '1')
    expect(shown.stdout).toMatch(/^pane 1 is blocked: Do you want to proceed\?\n {2}1 +Yes\n/)
    const first = /^dialog (dlg-[0-9a-f]+)$/m.exec(shown.stdout)![1]!
    const yes = await run('answer', '1', 'Yes', '--dialog', first)
    expect(yes).toMatchObject({ code: 0, stdout: 'pane 1: sent option 1 (Yes)\n' })
    await until('touch x.txt to run', () => existsSync(join(work, 'x.txt')))
    await until('the turn to end', async () => /Created x\.txt for you\./.test(await screen()))
    expect(await run('answer', '1', '--deny')).toMatchObject({ code: 1, stderr: expect.stringContaining('shows no dialog') })

    // The next dialog looks alike (same title, same options): an answer meant for the first is refused.
    await submit('[STEP6] Clean up the temp dir.')
    await until('the second dialog', async () => (await run('answer', '1')).code === 0)
    const stale = await run('answer', '1', 'Yes', '--dialog', first)
    expect(stale).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'switchboard: pane 1: The pane shows a different dialog than the one you answered. Nothing was sent: look at the new one.\n',
    })
    expect(existsSync(join(work, 'tmpdir'))).toBe(true)
    expect(await run('answer', '1', '--deny')).toMatchObject({ code: 0, stdout: 'pane 1: sent Esc (deny)\n' })
    await until('the dialog gone', async () => (await run('answer', '1')).code === 1)
    expect(existsSync(join(work, 'tmpdir')), 'denied: the folder stays').toBe(true)
  })
})
