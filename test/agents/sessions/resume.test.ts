import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, processesOfBoard, startBoard, type RunningBoard } from '../../../e2e/support/boardServer'
import { endBoardAbruptly, screensSaved } from '../../../e2e/support/crash'
import { CLAUDE_SCRIPT, claudeEnv, setUpClaudeHome } from '../claude/setup'
import { CODEX_SCRIPT, codexEnv, setUpCodexHome } from '../codex/setup'
import { FakeAnthropic } from '../support/fakeAnthropic'
import { FakeResponses } from '../support/fakeResponses'
import { agentBin, claudeBin } from '../support/paths'
import { BoardCli, type PaneRecord } from '../support/boardCli'

/**
 * Issue 10: a board killed with -9 while Claude Code, Codex and a shell run in it. The next board
 * on the same data dir brings the three panes back with their last screens, marked interrupted;
 * Resume runs Claude Code and Codex with their own resume commands and the session ids the board
 * captured, and the fake model servers receive the earlier conversation in the next request.
 */
describe('a workspace that survives kill -9 of its board', () => {
  let base: string
  let home: string
  let work: string
  let env: Record<string, string>
  let anthropic: FakeAnthropic
  let responses: FakeResponses
  const boards: RunningBoard[] = []

  // Each board's CLI (support/boardCli).
  const on = (board: RunningBoard) => new BoardCli(env, board.socketPath)
  const cli = (board: RunningBoard, ...args: string[]) => on(board).cli(...args)
  const panes = (board: RunningBoard): Promise<PaneRecord[]> => on(board).panes()
  const screen = (board: RunningBoard, pane: string) => on(board).screen(pane)
  const waitForScreen = (board: RunningBoard, pane: string, re: RegExp, timeoutMs = 60_000) => on(board).waitForScreen(pane, re, timeoutMs)
  const submit = (board: RunningBoard, pane: string, text: string, how: { paste?: boolean } = {}) => on(board).submit(pane, text, 30_000, how)

  beforeAll(async () => {
    ensureBuilt()
    base = mkdtempSync(join(tmpdir(), 'sb-resume-'))
    home = join(base, 'home')
    work = join(base, 'work')
    mkdirSync(home)
    mkdirSync(work)
    anthropic = await FakeAnthropic.start(CLAUDE_SCRIPT)
    responses = await FakeResponses.start(CODEX_SCRIPT)
    setUpClaudeHome(home, work, join(base, 'claude-user-hooks.jsonl'))
    const codexHome = join(home, '.codex')
    setUpCodexHome(codexHome, work, responses.url, join(base, 'codex-user-hooks.jsonl'))
    // The API keys live in the board's environment, as in the user's shell: never in the saved workspace.
    env = {
      ...process.env,
      HOME: home,
      SWITCHBOARD_DATA_DIR: join(base, 'data'),
      LANG: 'C.UTF-8',
      ...claudeEnv(anthropic.url),
      ...codexEnv(codexHome),
    } as Record<string, string>
  })

  afterAll(async () => {
    for (const b of boards) {
      await b.stop().catch(() => null)
      for (const p of processesOfBoard(b.runtimeDir)) process.kill(Number(p.split(' ')[0]), 'SIGKILL')
      b.cleanup()
    }
    await anthropic?.close()
    await responses?.close()
    if (base) rmSync(base, { recursive: true, force: true })
  })

  it('comes back after kill -9 with every pane in its place and its last screen, and the agents resume their sessions', async () => {
    const first = await startBoard(20_000, env)
    boards.push(first)
    expect((await cli(first, 'spawn', '--cwd', work, '--', claudeBin('2.1.197'))).trim()).toBe('1')
    expect((await cli(first, 'spawn', '--cwd', work, '--', agentBin('codex'))).trim()).toBe('2')
    expect(await cli(first, 'spawn', '--cwd', work, '--', 'bash', '--norc', '--noprofile')).toBe('3\n')

    await waitForScreen(first, '1', /\? for shortcuts/, 90_000)
    await submit(first, '1', '[STEP1] Summarize the project.')
    await waitForScreen(first, '1', /builds cleanly\..*\? for shortcuts/)
    await waitForScreen(first, '2', /Ask Codex to do anything/, 90_000)
    await submit(first, '2', '[STEP1] check the workspace')
    await waitForScreen(first, '2', /Nothing needs changing\./)
    await cli(first, 'write', '3', 'echo shell-before-crash\r', '--escapes')
    await waitForScreen(first, '3', /shell-before-crash bash-[\d.]+[#$]/)
    await cli(first, 'wait', '1', '--state', 'idle', '--timeout', '30')
    await cli(first, 'wait', '2', '--state', 'idle', '--timeout', '30')
    const before = await panes(first)
    const claudeSession = before[0]!.sessionId
    const codexSession = before[1]!.sessionId
    expect(claudeSession).toMatch(/^[0-9a-f-]{36}$/)
    expect(codexSession).toMatch(/^[0-9a-f-]{36}$/)
    const historyBefore = JSON.parse(await cli(first, 'history', '1', '--json')) as { state: string }[]
    expect(historyBefore.map((e) => e.state)).toContain('working')
    // Screens are saved debounced: the crash comes once the board says what it showed is on disk.
    await screensSaved(first)

    await endBoardAbruptly(first)

    const second = await startBoard(20_000, env)
    boards.push(second)
    const restored = await panes(second)
    expect(restored.map((p) => [p.id, p.state, p.agent, p.pid])).toEqual([
      ['1', 'interrupted', 'claude', 0],
      ['2', 'interrupted', 'codex', 0],
      ['3', 'interrupted', null, 0],
    ])
    expect(restored[0]!.interrupted).toMatchObject({
      resume: { kind: 'session', sessionId: claudeSession },
      command: [claudeBin('2.1.197'), '--resume', claudeSession],
    })
    expect(restored[1]!.interrupted).toMatchObject({
      resume: { kind: 'session', sessionId: codexSession },
      command: [agentBin('codex'), 'resume', codexSession],
    })
    expect(restored[2]!.interrupted).toMatchObject({ resume: { kind: 'rerun' }, command: ['bash', '--norc', '--noprofile'] })
    expect(await screen(second, '1')).toMatch(/builds cleanly\./)
    expect(await screen(second, '2')).toMatch(/Nothing needs changing\./)
    expect(await screen(second, '3')).toMatch(/shell-before-crash/)
    // The state history survived, entry for entry, and says when the board stopped.
    const historyAfter = JSON.parse(await cli(second, 'history', '1', '--json')) as { state: string; mark?: string }[]
    expect(historyAfter.slice(0, -1)).toEqual(historyBefore)
    expect(historyAfter.at(-1)).toMatchObject({ state: 'exited', mark: 'interrupted' })

    // Claude Code resumes its session: the next request carries the earlier conversation.
    await cli(second, 'resume', '1')
    await waitForScreen(second, '1', /\? for shortcuts/, 90_000)
    await cli(second, 'wait', '1', '--state', 'idle', '--timeout', '30')
    // The resumed conversation is on the new screen (the old one is in the scrollback above it).
    expect(await screen(second, '1')).toMatch(/Summarize the project\..*builds cleanly\./)
    const claudeFrom = anthropic.bodies.length
    await submit(second, '1', '[STEP1] And once more?')
    await waitForScreen(second, '1', /once more\?.*builds cleanly\./)
    const claudeNext = anthropic.bodies.slice(claudeFrom).find((b) => b.includes('once more?') && b.includes('"tools"'))
    expect(claudeNext).toContain('Summarize the project.')
    expect(claudeNext).toContain('Everything builds cleanly.')
    expect((await panes(second))[0]!.sessionId).toBe(claudeSession)

    // So does Codex.
    await cli(second, 'resume', '2')
    await waitForScreen(second, '2', /Ask Codex to do anything/, 90_000)
    await cli(second, 'wait', '2', '--state', 'idle', '--timeout', '30')
    const codexFrom = responses.bodies.length
    // Pasted: a `?` typed in one go right after Codex's prompt comes up is dropped (BoardCli.submit).
    await submit(second, '2', '[STEP1] and again?', { paste: true })
    await waitForScreen(second, '2', /and again\?.*Nothing needs changing\./)
    const codexNext = responses.bodies.slice(codexFrom).find((b) => b.includes('and again?') && b.includes('"tools"'))
    expect(codexNext).toContain('check the workspace')
    expect(codexNext).toContain('Nothing needs changing.')

    // The shell restarts in its cwd.
    await cli(second, 'resume', '3')
    await cli(second, 'write', '3', 'pwd\r', '--escapes')
    await waitForScreen(second, '3', new RegExp(`pwd ${work.replace(/[/.]/g, '\\$&')}`))
    expect((await panes(second)).every((p) => p.interrupted === null && p.pid > 0)).toBe(true)
  })
})
