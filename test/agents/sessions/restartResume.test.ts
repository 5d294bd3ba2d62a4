import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, processesOfBoard, startBoard, type RunningBoard } from '../../../e2e/support/boardServer'
import { OPENCODE_SCRIPT, setUpOpencodeHome } from '../opencode/setup'
import { PI_SCRIPT, setUpPiHome } from '../pi/setup'
import { FakeChat } from '../support/fakeChat'
import { agentBin } from '../support/paths'
import { BoardCli } from '../support/boardCli'

/**
 * Restart of a running Pi 0.73.1 and OpenCode 1.18.33 pane: each comes back with its own session
 * flag (`pi --session <id>`, `opencode --session <id>`) and the session id the board captured
 * from its reports, and the fake model server receives the earlier conversation in the next
 * request.
 */
describe('Pi and OpenCode resume their sessions on Restart', () => {
  let base: string
  let work: string
  let env: Record<string, string>
  let piFake: FakeChat
  let opencodeFake: FakeChat
  let board: RunningBoard

  // The board's CLI, once the board runs.
  let on: BoardCli
  const cli = (...args: string[]) => on.cli(...args)
  const panes = () => on.panes()

  beforeAll(async () => {
    ensureBuilt()
    base = mkdtempSync(join(tmpdir(), 'sb-restart-'))
    const home = join(base, 'home')
    work = join(base, 'work')
    mkdirSync(home)
    mkdirSync(work)
    piFake = await FakeChat.start(PI_SCRIPT)
    opencodeFake = await FakeChat.start(OPENCODE_SCRIPT)
    const pi = setUpPiHome(home, piFake.url)
    const opencode = setUpOpencodeHome(home, opencodeFake.url, join(base, 'opencode-user-plugin.jsonl'))
    env = { ...process.env, HOME: home, SWITCHBOARD_DATA_DIR: join(base, 'data'), LANG: 'C.UTF-8', ...pi.env, ...opencode.env } as Record<string, string>
    board = await startBoard(20_000, env)
    on = new BoardCli(env, board.socketPath)
  })

  afterAll(async () => {
    if (board) {
      await board.stop().catch(() => null)
      for (const p of processesOfBoard(board.runtimeDir)) process.kill(Number(p.split(' ')[0]), 'SIGKILL')
      board.cleanup()
    }
    await piFake?.close()
    await opencodeFake?.close()
    if (base) rmSync(base, { recursive: true, force: true })
  })

  it('Pi: pi --session <id> continues the conversation', async () => {
    const id = (await cli('spawn', '--cwd', work, '--', agentBin('pi'), '--offline', '--provider', 'fake', '--model', 'fake-model')).trim()
    await on.waitForScreen(id, /fake-model/, 60_000)
    await on.submit(id, '[STEP1] Summarize the project')
    await on.waitForScreen(id, /Nothing to fix\./)
    const session = await on.waitForSession(id)
    await cli('restart', id)
    const after = (await panes()).find((p) => p.id === id)!
    expect(after.command).toEqual([agentBin('pi'), '--session', session, '--offline', '--provider', 'fake', '--model', 'fake-model'])
    await on.waitForScreen(id, /fake-model/, 60_000)
    const from = piFake.bodies.length
    await on.submit(id, '[STEP1] Once more please')
    await on.waitForScreen(id, /Once more please.*Nothing to fix\./)
    const next = piFake.bodies.slice(from).find((b) => b.includes('Once more please'))
    expect(next).toContain('Summarize the project')
    expect(next).toContain('Nothing to fix.')
  })

  it('OpenCode: opencode --session <id> continues the conversation', async () => {
    const id = (await cli('spawn', '--cwd', work, '--', agentBin('opencode'))).trim()
    await on.waitForScreen(id, /Ask anything/, 90_000)
    await on.submit(id, '[STEP1] Say hello')
    await on.waitForScreen(id, /nothing else to do here\./)
    const session = await on.waitForSession(id)
    expect(session).toMatch(/^ses_/)
    await cli('restart', id)
    const after = (await panes()).find((p) => p.id === id)!
    expect(after.command).toEqual([agentBin('opencode'), '--session', session])
    await on.waitForScreen(id, /nothing else to do here\./, 90_000)
    const from = opencodeFake.bodies.length
    await on.submit(id, '[STEP1] Hello again')
    await on.waitForScreen(id, /Hello again.*nothing else to do here\./)
    const next = opencodeFake.bodies.slice(from).find((b) => b.includes('Hello again') && b.includes('"tools"'))
    expect(next).toContain('Say hello')
    expect(next).toContain('nothing else to do here.')
  })
})
