import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, processesOfBoard, startBoard, type RunningBoard } from '../../../e2e/support/boardServer'
import { endBoardAbruptly, screensSaved } from '../../../e2e/support/crash'
import { CLAUDE_SCRIPT, claudeEnv, FAKE_API_KEY, setUpClaudeHome } from '../claude/setup'
import { FakeAnthropic } from '../support/fakeAnthropic'
import { claudeBin } from '../support/paths'
import { BoardCli } from '../support/boardCli'
const PROMPT = /❯.*(\? for shortcuts|mode on)/

/** A process's environment (Linux /proc): what the pane's program really got. */
function processEnv(pid: number): Record<string, string> {
  const entries = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean)
  return Object.fromEntries(entries.map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]))
}

/**
 * What Claude keeps of a session: its transcript, `~/.claude/projects/<slug of the cwd>/<id>.jsonl`
 * (found by id, so the slug rule is Claude's alone), and the kinds of its entries in order.
 */
function transcriptOf(home: string, session: string): { text: string; kinds: string[] } {
  const projects = join(home, '.claude', 'projects')
  const dir = existsSync(projects) ? readdirSync(projects).find((d) => existsSync(join(projects, d, `${session}.jsonl`))) : undefined
  if (!dir) return { text: '', kinds: [] }
  const text = readFileSync(join(projects, dir, `${session}.jsonl`), 'utf8')
  const kinds = text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      try {
        return String((JSON.parse(line) as { type?: unknown }).type)
      } catch {
        return `torn(${line.length})`
      }
    })
  return { text, kinds }
}

/** The evidence a failed resume needs: every transcript Claude has, with its entries' kinds. */
function claudeSessionsOnDisk(home: string): string {
  const projects = join(home, '.claude', 'projects')
  if (!existsSync(projects)) return `${projects} is missing`
  return readdirSync(projects)
    .flatMap((d) =>
      readdirSync(join(projects, d))
        .filter((f) => f.endsWith('.jsonl'))
        .map((f) => `${d}/${f}: ${transcriptOf(home, f.slice(0, -'.jsonl'.length)).kinds.join(' ')}`),
    )
    .join('\n')
}

/**
 * Issue 17, items 1 and 2, with the real Claude Code 2.1.332 against the fake model. Its key is
 * in Settings → Agents → claude → Environment (the board's own environment has none): a resumed
 * Claude used to start without it ("Not logged in · Run /login", the badge idle), and a resumed
 * Claude reported no session id until its next prompt, so a second crash brought it back as a
 * fresh Claude. A key given per launch (`spawn --env`) is not saved (secret by name): the
 * restored pane names it, and `resume --env` gives it back.
 */
describe('Resume brings the whole launch back: Claude Code 2.1.332 with its key in the settings', () => {
  let base: string
  let work: string
  let env: Record<string, string>
  let anthropic: FakeAnthropic
  const boards: RunningBoard[] = []

  // Each board's CLI (support/boardCli); run() resolves with a failure too (its exit code and stderr).
  const on = (board: RunningBoard) => new BoardCli(env, board.socketPath)
  const run = (board: RunningBoard, ...args: string[]) => on(board).run(...args)
  const cli = (board: RunningBoard, ...args: string[]) => on(board).cli(...args)
  const pane = (board: RunningBoard, id: string) => on(board).pane(id)
  const waitForScreen = (board: RunningBoard, id: string, re: RegExp, timeoutMs = 60_000) => on(board).waitForScreen(id, re, timeoutMs)
  const submit = (board: RunningBoard, id: string, text: string) => on(board).submit(id, text)
  const start = async () => {
    const board = await startBoard(20_000, env)
    boards.push(board)
    return board
  }
  /** Screens are saved debounced: the crash comes once the board says what it showed is on disk. */
  const crash = async (board: RunningBoard) => {
    await screensSaved(board)
    await endBoardAbruptly(board)
  }

  beforeAll(async () => {
    ensureBuilt()
    base = mkdtempSync(join(tmpdir(), 'sb-resume-env-'))
    const home = join(base, 'home')
    work = join(base, 'work')
    const config = join(base, 'config')
    for (const dir of [home, work, config]) mkdirSync(dir)
    anthropic = await FakeAnthropic.start(CLAUDE_SCRIPT)
    setUpClaudeHome(home, work, join(base, 'claude-user-hooks.jsonl'), '2.1.332')
    const { ANTHROPIC_API_KEY: _key, ...withoutKey } = claudeEnv(anthropic.url)
    // The key lives in the settings only; every board of this test reads the same settings and workspace.
    writeFileSync(
      join(config, 'settings.json'),
      JSON.stringify({ agents: { claude: { executable: claudeBin('2.1.332'), env: { ANTHROPIC_API_KEY: FAKE_API_KEY } } } }),
    )
    const { ANTHROPIC_API_KEY: _own, ...ours } = process.env
    env = { ...ours, HOME: home, SWITCHBOARD_DATA_DIR: join(base, 'data'), SWITCHBOARD_CONFIG_DIR: config, LANG: 'C.UTF-8', ...withoutKey } as Record<
      string,
      string
    >
  })

  afterAll(async () => {
    for (const b of boards) {
      await b.stop().catch(() => null)
      for (const p of processesOfBoard(b.runtimeDir)) process.kill(Number(p.split(' ')[0]), 'SIGKILL')
      b.cleanup()
    }
    await anthropic?.close()
    if (base) rmSync(base, { recursive: true, force: true })
  })

  it('answers after a resume, keeps its session through two crashes in a row, and names a per-launch key that was not saved', async () => {
    const first = await start()
    expect((await cli(first, 'spawn', '--agent', 'claude', '--cwd', work)).trim()).toBe('1')
    // Launched by command, with the key given for this launch only: the settings' env does not apply.
    expect((await cli(first, 'spawn', '--cwd', work, '--env', `ANTHROPIC_API_KEY=${FAKE_API_KEY}`, '--', claudeBin('2.1.332'))).trim()).toBe('2')
    await waitForScreen(first, '1', PROMPT, 90_000)
    await submit(first, '1', '[STEP1] Summarize the project.')
    await waitForScreen(first, '1', /builds cleanly\..*(\? for shortcuts|mode on)/)
    await cli(first, 'wait', '1', '--state', 'idle', '--timeout', '30')
    await waitForScreen(first, '2', PROMPT, 90_000)
    const session = (await pane(first, '1')).sessionId
    expect(session).toMatch(/^[0-9a-f-]{36}$/)
    await crash(first)

    // Crash 1. The key comes back from the settings (Claude shows "Not logged in" only once asked
    // something, and a prompt now would report the session: the key is read where it goes).
    const second = await start()
    expect((await pane(second, '1')).interrupted).toMatchObject({ resume: { kind: 'session', sessionId: session }, missingEnv: [] })
    expect((await pane(second, '2')).interrupted).toMatchObject({ resume: { kind: 'rerun' }, missingEnv: ['ANTHROPIC_API_KEY'] })
    expect((await run(second, 'resume', '1')).stderr).toBe('')
    await waitForScreen(second, '1', PROMPT, 90_000)
    expect(processEnv((await pane(second, '1')).pid).ANTHROPIC_API_KEY).toBe(FAKE_API_KEY)
    // The session it resumed is known before it reports anything new (issue 17 item 2).
    expect((await pane(second, '1')).sessionId).toBe(session)

    // The per-launch key was not saved: resume says so, and --env gives it back.
    const named = await run(second, 'resume', '2')
    // Launched by command, it has no settings to take the key from: only --env can give it.
    expect(named.stderr).toBe(
      'switchboard: pane 2 resumed without ANTHROPIC_API_KEY: pass --env ANTHROPIC_API_KEY=… (a secret given for that launch only is not saved)\n',
    )
    expect((await pane(second, '2')).missingEnv).toEqual(['ANTHROPIC_API_KEY'])
    await waitForScreen(second, '2', PROMPT, 90_000)
    await submit(second, '2', '[STEP1] Anyone there?')
    await waitForScreen(second, '2', /Not logged in/)
    await cli(second, 'kill', '2')
    await cli(second, 'wait', '2', '--state', 'exited', '--timeout', '20')
    const given = await run(second, 'resume', '2', '--env', `ANTHROPIC_API_KEY=${FAKE_API_KEY}`)
    expect(given.stderr).toBe('')
    expect((await pane(second, '2')).missingEnv).toEqual([])
    await waitForScreen(second, '2', PROMPT, 90_000)
    await submit(second, '2', '[STEP1] Anyone there now?')
    // (It resumed the session its failed prompt began: that exchange is above, this one answered.)
    const answered = await waitForScreen(second, '2', /there now\?.*builds cleanly\./)
    expect(answered.slice(answered.indexOf('there now?'))).not.toMatch(/Not logged in/)
    await cli(second, 'wait', '1', '--state', 'idle', '--timeout', '30')
    // Crash 2, right after the resume: no prompt in between. Claude's transcript holds the first
    // turn before the crash and still after it: a resume that then finds "No conversation" is
    // Claude's load, not a transcript the kill left short (measured with strace: a resumed Claude
    // only reads and touches its transcript; on SIGHUP it appends cost-state lines, nothing else).
    expect(transcriptOf(env.HOME!, session!).text, claudeSessionsOnDisk(env.HOME!)).toContain('Everything builds cleanly.')
    await crash(second)
    const kept = transcriptOf(env.HOME!, session!)
    expect(kept.text, `after crash 2:\n${claudeSessionsOnDisk(env.HOME!)}`).toContain('Everything builds cleanly.')

    const third = await start()
    const back = await pane(third, '1')
    expect(back.interrupted).toMatchObject({ resume: { kind: 'session', sessionId: session }, command: [claudeBin('2.1.332'), '--resume', session] })
    expect((await run(third, 'resume', '1')).stderr).toBe('')
    await waitForScreen(third, '1', PROMPT, 90_000).catch((err: unknown) => {
      throw new Error(`${String(err)}\nClaude's sessions on disk (${env.HOME}):\n${claudeSessionsOnDisk(env.HOME!)}`)
    })
    await cli(third, 'wait', '1', '--state', 'idle', '--timeout', '30')
    // Still in its conversation: the next request carries the first turn.
    const from = anthropic.bodies.length
    await submit(third, '1', '[STEP1] And once more?')
    // A resumed Claude whose key came from the settings answers (not "Not logged in").
    const reply = await waitForScreen(third, '1', /once more\?.*builds cleanly\./)
    expect(reply.slice(reply.indexOf('once more?'))).not.toMatch(/Not logged in/)
    const next = anthropic.bodies.slice(from).find((b) => b.includes('once more?') && b.includes('"tools"'))
    expect(next).toContain('Summarize the project.')
    expect(next).toContain('Everything builds cleanly.')
    expect((await pane(third, '1')).sessionId).toBe(session)
  })
})
