import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, processesOfBoard, startBoard, type RunningBoard } from '../../../e2e/support/boardServer'
import { connectToBoard, type BoardConnection } from '../../../src/client/connect'
import { FakeAnthropic } from '../support/fakeAnthropic'
import { claudeBin } from '../support/paths'
import { BoardCli } from '../support/boardCli'
import { CLAUDE_SCRIPT, claudeEnv, setUpClaudeHome } from './setup'

/**
 * Issue 17 item 5: the folder-trust dialog's answer was refused for a pane started from the CLI
 * ("The pane shows a different dialog than the one you answered. Nothing was sent", 2 of 2 tries;
 * a second click worked). The mechanism: `spawn` starts the pane at 120x32; the window that shows
 * it fits it to its view, Claude redraws the dialog at the new width, and the rows the
 * fingerprint covers wrap differently — the answer box read its fingerprint before the resize and
 * kept it (nothing it watches changed: same state, same title, same options). A resize alone is
 * no other dialog. The real Claude Code 2.1.332, in the daemon, driven as the answer box does.
 */
describe('Claude Code 2.1.332 started from the CLI in an untrusted folder', () => {
  let base: string
  let work: string
  let env: Record<string, string>
  let fake: FakeAnthropic
  let board: RunningBoard
  let conn: BoardConnection

  // The board's CLI, once the board runs.
  let on: BoardCli
  const cli = (...args: string[]) => on.cli(...args)
  const until = <T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> => on.until(what, check, timeoutMs)

  beforeAll(async () => {
    ensureBuilt()
    base = mkdtempSync(join(tmpdir(), 'sb-trust-cli-'))
    const home = join(base, 'home')
    work = join(base, 'work')
    mkdirSync(home)
    mkdirSync(work)
    fake = await FakeAnthropic.start(CLAUDE_SCRIPT)
    setUpClaudeHome(home, work, join(base, 'user-hooks.jsonl'), '2.1.332', { trusted: false })
    env = { ...process.env, HOME: home, SWITCHBOARD_DATA_DIR: join(base, 'data'), LANG: 'C.UTF-8', ...claudeEnv(fake.url) } as Record<string, string>
    board = await startBoard(20_000, env)
    on = new BoardCli(env, board.socketPath)
    conn = await connectToBoard(board.socketPath, env)
  })

  afterAll(async () => {
    conn?.close()
    if (board) {
      await board.stop().catch(() => null)
      for (const p of processesOfBoard(board.runtimeDir)) process.kill(Number(p.split(' ')[0]), 'SIGKILL')
      board.cleanup()
    }
    await fake?.close()
    if (base) rmSync(base, { recursive: true, force: true })
  })

  it('takes Yes read before the window resized the pane: the same dialog at another width', async () => {
    expect((await cli('spawn', '--cwd', work, '--', claudeBin('2.1.332'))).trim()).toBe('1')
    // The answer box reads the dialog when the pane turns blocked…
    const seen = await until('the trust dialog', async () => {
      const d = await conn.client.invoke('pane:dialog', '1')
      return d.fingerprint && d.dialog?.title.startsWith('Quick safety check') ? d : null
    })
    expect(seen).toMatchObject({ state: 'blocked', optionsAnswerable: true })
    // …the window fits the pane to its view, and Claude draws the dialog again at that width.
    await conn.client.invoke('pane:resize', '1', 100, 30)
    const redrawn = await until('the dialog redrawn at 100 columns', async () => {
      const d = await conn.client.invoke('pane:dialog', '1')
      return d.fingerprint && d.fingerprint !== seen.fingerprint ? d : null
    })
    expect(redrawn).toMatchObject({ state: 'blocked', since: seen.since, dialog: { title: seen.dialog!.title } })

    const yes = seen.dialog!.options.find((o) => o.label.startsWith('Yes'))!
    const sent = await conn.client.invoke('pane:answer', '1', { kind: 'option', key: yes.key, fingerprint: seen.fingerprint! })
    expect(sent).toEqual({ ok: true, sent: expect.stringContaining('Yes, I trust this folder') })
    await until('the prompt after Yes', async () => /❯.*(\? for shortcuts|mode on)/.test(await on.screen('1')))
    expect((await cli('wait', '1', '--state', 'idle', '--timeout', '30')).trim()).toBe('pane 1 is idle')
  })
})
