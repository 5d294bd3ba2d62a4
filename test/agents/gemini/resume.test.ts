import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, processesOfBoard, ROOT, startBoard, type RunningBoard } from '../../../e2e/support/boardServer'
import { FakeGemini } from '../support/fakeGemini'
import { agentBin } from '../support/paths'
import { sleep } from '../support/sse'
import { GEMINI_SCRIPT, geminiEnv, setUpGeminiHome } from './setup'

const run = promisify(execFile)
const CLI = join(ROOT, 'out/main/cli.js')
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

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

  const cli = async (...args: string[]): Promise<string> => (await run(process.execPath, [CLI, '--socket', board.socketPath, ...args], { env })).stdout
  const panes = async () => JSON.parse(await cli('ls', '--json')) as { id: string; command: string[]; sessionId: string | null; agent: string | null; state: string }[]
  const screen = (pane: string) => cli('screen', pane).then((s) => s.replace(/\s+/g, ' '))
  const waitForScreen = async (pane: string, re: RegExp, timeoutMs = 60_000): Promise<void> => {
    const deadline = Date.now() + timeoutMs
    let last = ''
    while (Date.now() < deadline) {
      last = await screen(pane)
      if (re.test(last)) return
      await sleep(300)
    }
    throw new Error(`pane ${pane} never showed ${re}; screen:\n${last}`)
  }
  // Gemini takes a typed chunk for a paste: an Enter inside its paste window would be a newline.
  const submit = async (pane: string, text: string) => {
    await cli('write', pane, text)
    await waitForScreen(pane, new RegExp(escape(text)))
    await sleep(400)
    await cli('write', pane, '\r', '--escapes')
  }
  const waitForSession = async (pane: string): Promise<string> => {
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline) {
      const id = (await panes()).find((p) => p.id === pane)?.sessionId
      if (id) return id
      await sleep(300)
    }
    throw new Error(`pane ${pane} reported no session id`)
  }

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
    await waitForScreen(id, /Type your message/, 90_000)
    expect((await panes()).find((p) => p.id === id)!.agent).toBe('gemini')
    await sleep(1500)
    await submit(id, '[STEP1] Summarize the project')
    await waitForScreen(id, /Nothing to fix\..*Type your message/)
    await cli('wait', id, '--state', 'idle', '--timeout', '30')
    // The id of the turn's reports (SessionStart itself is no signal).
    const session = await waitForSession(id)
    expect(session).toMatch(/^[0-9a-f-]{36}$/)

    await cli('restart', id)
    const after = (await panes()).find((p) => p.id === id)!
    expect(after.command).toEqual([agentBin('gemini'), '--resume', session, '-e', 'none'])
    await waitForScreen(id, /Summarize the project.*Nothing to fix\..*Type your message/, 90_000)
    await cli('wait', id, '--state', 'idle', '--timeout', '60')
    const from = fake.bodies.length
    await submit(id, '[STEP6] What were we talking about')
    await waitForScreen(id, /widget color\./)
    expect(await waitForSession(id)).toBe(session)
    const next = fake.bodies.slice(from).find((b) => b.includes('What were we talking about') && b.includes('"tools"'))
    expect(next).toContain('Summarize the project')
    expect(next).toContain('Nothing to fix.')
    // Every launch's overlay home is gone with it; the sessions are in the user's folder.
    expect(readdirSync(join(home, '.gemini', 'tmp')).length).toBeGreaterThan(0)
  })
})
