import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, processesOfBoard, ROOT, startBoard, type RunningBoard } from '../../../e2e/support/boardServer'
import { OPENCODE_SCRIPT, setUpOpencodeHome } from '../opencode/setup'
import { PI_SCRIPT, setUpPiHome } from '../pi/setup'
import { FakeChat } from '../support/fakeChat'
import { agentBin } from '../support/paths'
import { sleep } from '../support/sse'

const run = promisify(execFile)
const CLI = join(ROOT, 'out/main/cli.js')

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

  const cli = async (...args: string[]): Promise<string> => (await run(process.execPath, [CLI, '--socket', board.socketPath, ...args], { env })).stdout
  const panes = async () => JSON.parse(await cli('ls', '--json')) as { id: string; command: string[]; sessionId: string | null; agent: string | null }[]
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
  const submit = async (pane: string, text: string) => {
    await cli('write', pane, text)
    await sleep(400)
    await cli('write', pane, '\r', '--escapes')
  }
  const waitForSession = async (pane: string): Promise<string> => {
    const deadline = Date.now() + 30_000
    while (Date.now() < deadline) {
      const id = (await panes()).find((p) => p.id === pane)?.sessionId
      if (id) return id
      await sleep(300)
    }
    throw new Error(`pane ${pane} reported no session id`)
  }

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
    await waitForScreen(id, /fake-model/, 60_000)
    await submit(id, '[STEP1] Summarize the project')
    await waitForScreen(id, /Nothing to fix\./)
    const session = await waitForSession(id)
    await cli('restart', id)
    const after = (await panes()).find((p) => p.id === id)!
    expect(after.command).toEqual([agentBin('pi'), '--session', session, '--offline', '--provider', 'fake', '--model', 'fake-model'])
    await waitForScreen(id, /fake-model/, 60_000)
    const from = piFake.bodies.length
    await submit(id, '[STEP1] Once more please')
    await waitForScreen(id, /Once more please.*Nothing to fix\./)
    const next = piFake.bodies.slice(from).find((b) => b.includes('Once more please'))
    expect(next).toContain('Summarize the project')
    expect(next).toContain('Nothing to fix.')
  })

  it('OpenCode: opencode --session <id> continues the conversation', async () => {
    const id = (await cli('spawn', '--cwd', work, '--', agentBin('opencode'))).trim()
    await waitForScreen(id, /Ask anything/, 90_000)
    await submit(id, '[STEP1] Say hello')
    await waitForScreen(id, /nothing else to do here\./)
    const session = await waitForSession(id)
    expect(session).toMatch(/^ses_/)
    await cli('restart', id)
    const after = (await panes()).find((p) => p.id === id)!
    expect(after.command).toEqual([agentBin('opencode'), '--session', session])
    await waitForScreen(id, /nothing else to do here\./, 90_000)
    const from = opencodeFake.bodies.length
    await submit(id, '[STEP1] Hello again')
    await waitForScreen(id, /Hello again.*nothing else to do here\./)
    const next = opencodeFake.bodies.slice(from).find((b) => b.includes('Hello again') && b.includes('"tools"'))
    expect(next).toContain('Say hello')
    expect(next).toContain('nothing else to do here.')
  })
})
