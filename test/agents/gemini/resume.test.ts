import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, processesOfBoard, startBoard, type RunningBoard } from '../../../e2e/support/boardServer'
import { FakeGemini } from '../support/fakeGemini'
import { agentBin } from '../support/paths'
import { BoardCli } from '../support/boardCli'
import { GEMINI_SCRIPT, geminiEnv, setUpGeminiHome } from './setup'

/**
 * Restart of a running Gemini CLI 0.61.0 pane in a real board: it comes back as
 * `gemini --resume <id>` with the session id the board captured from its SessionStart report, and
 * the fake model receives the earlier conversation in the next request. The user launched it with
 * `-e none` (no extensions): ours is named for the launch, so it still reports.
 */
describe('Gemini CLI resumes its session on Restart', () => {
  let base: string
  let home: string
  let work: string
  let env: Record<string, string>
  let fake: FakeGemini
  let board: RunningBoard

  // The board's CLI, once the board runs. Its submit waits for the typed line on screen before
  // Enter: Gemini takes a typed chunk for a paste, and an Enter inside its paste window would be a newline.
  let on: BoardCli
  const cli = (...args: string[]) => on.cli(...args)
  const panes = () => on.panes()

  beforeAll(async () => {
    ensureBuilt()
    base = mkdtempSync(join(tmpdir(), 'sb-gemini-restart-'))
    home = join(base, 'home')
    work = join(base, 'work')
    mkdirSync(home)
    mkdirSync(work)
    fake = await FakeGemini.start(GEMINI_SCRIPT)
    setUpGeminiHome(home, work, join(base, 'user-hooks.jsonl'))
    env = { ...process.env, HOME: home, SWITCHBOARD_DATA_DIR: join(base, 'data'), LANG: 'C.UTF-8', ...geminiEnv(fake.url) } as Record<string, string>
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

  it('gemini --resume <id> continues the conversation', async () => {
    const id = (await cli('spawn', '--cwd', work, '--', agentBin('gemini'), '-e', 'none')).trim()
    await on.waitForScreen(id, /Type your message/, 90_000)
    expect((await panes()).find((p) => p.id === id)!.agent).toBe('gemini')
    await on.submit(id, '[STEP1] Summarize the project')
    await on.waitForScreen(id, /Nothing to fix\..*Type your message/)
    await cli('wait', id, '--state', 'idle', '--timeout', '30')
    // The id of the turn's reports (SessionStart itself is no signal).
    const session = await on.waitForSession(id)
    expect(session).toMatch(/^[0-9a-f-]{36}$/)

    await cli('restart', id)
    const after = (await panes()).find((p) => p.id === id)!
    expect(after.command).toEqual([agentBin('gemini'), '--resume', session, '-e', 'none'])
    await on.waitForScreen(id, /Summarize the project.*Nothing to fix\..*Type your message/, 90_000)
    await cli('wait', id, '--state', 'idle', '--timeout', '60')
    const from = fake.bodies.length
    await on.submit(id, '[STEP6] What were we talking about')
    await on.waitForScreen(id, /widget color\./)
    expect(await on.waitForSession(id)).toBe(session)
    const next = fake.bodies.slice(from).find((b) => b.includes('What were we talking about') && b.includes('"tools"'))
    expect(next).toContain('Summarize the project')
    expect(next).toContain('Nothing to fix.')
    // Every launch's overlay home is gone with it; the sessions are in the user's folder.
    expect(readdirSync(join(home, '.gemini', 'tmp')).length).toBeGreaterThan(0)
  })
})
