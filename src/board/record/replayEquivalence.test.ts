import { afterEach, describe, expect, it } from 'vitest'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks'
import { join } from 'node:path'
import type { PaneState } from '../../shared/domain/pane'
import type { Board } from '../panes/board'
import type { Pane } from '../panes/pane'
import type { PaneRecordings } from '../panes/paneRecordings'
import { parseCast, parseReports } from '../../tools/replay/asciicast'
import { runReplay } from '../../tools/replay/replayCommand'
import { replayRecording } from '../../tools/replay/replayRecording'
import { AgentCatalog } from '../agents/agentCatalog'
import { findAgentsDir } from '../status/ruleRegistry'
import { eventually, testBoard, waitForState } from '../test/support'
import { fakeClaudeBin } from '../test/fakeClaude'
import { parseProcessEvents, recordingFiles } from './recordingFiles'

/**
 * Replay is the live pipeline (issue 8 item 4): a live pane on a real PTY is recorded with
 * `board.record` while it goes through its states, and the recording, replayed on a virtual
 * clock, must go through the same states at the same moments (within the live timers' jitter).
 */
const dir = fakeClaudeBin('sb-record-')

let board: Board = testBoard()
afterEach(async () => {
  await board.shutdown()
  board = testBoard()
})

/**
 * Slack for timer jitter (measured: the replayed times are within 3 ms of the live ones on a quiet
 * machine). On a loaded one the live pane decides late by as long as its thread was held up (beside
 * two CPU hogs: 0.17–0.26 s): that delay, measured while the pane ran, is added, up to MAX_LAG_S.
 */
const TOLERANCE_S = 0.1
const MAX_LAG_S = 0.5
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface Seen {
  readonly t: number
  readonly state: PaneState
}

/** Starts recording and collects the live pane's state changes on the recording's clock. */
async function recordLive(pane: Pane, name: string): Promise<{ file: string; live: Seen[]; lag: IntervalHistogram }> {
  const file = join(dir, `${name}.cast`)
  // The screen the recording starts from is parsed: a first pane's parser worker boots in ~0.3 s
  // here, after a shell's idle (seen from its foreground process) and before its prompt is parsed.
  await pane.settled()
  const lag = monitorEventLoopDelay({ resolution: 10 })
  lag.enable()
  const start = Date.now()
  const live: Seen[] = [{ t: 0, state: pane.verdict.state }]
  await board.record(pane.id, file)
  pane.onDidChangeState((c) => live.push({ t: (Date.now() - start) / 1000, state: c.info.verdict.state }))
  return { file, live, lag }
}

/** The recording has the program's exit (its process channel): everything the live pane showed is in it. */
async function endOfRecording(file: string): Promise<void> {
  const { process } = recordingFiles(file)
  await eventually(() => existsSync(process) && parseProcessEvents(readFileSync(process, 'utf8')).some((e) => e.kind === 'exit'), `the exit in ${process}`)
}

async function replayed(file: string): Promise<Seen[]> {
  const files = recordingFiles(file)
  const cast = parseCast(readFileSync(files.cast, 'utf8'))
  const reports = parseReports(readFileSync(files.hooks, 'utf8'))
  const process = parseProcessEvents(readFileSync(files.process, 'utf8'))
  const result = await replayRecording(cast, reports, null, AgentCatalog.loadStrict(findAgentsDir()!), { process })
  return result.transitions.map((tr) => ({ t: tr.t, state: tr.state }))
}

/** The replay starts from nothing (starting); the live pane was already in a state when recording began. */
function compare(live: readonly Seen[], replay: readonly Seen[], lag: IntervalHistogram): void {
  lag.disable()
  // The longest the live pane's thread was held up beyond the 10 ms sampling (0 on a quiet machine).
  const tolerance = TOLERANCE_S + Math.min(MAX_LAG_S, Math.max(0, lag.max / 1e9 - 0.01))
  if (process.env.SHOW_EQUIVALENCE) console.log(JSON.stringify({ live, replay, tolerance }))
  const first = replay.findIndex((s) => s.state === live[0]!.state)
  const tail = replay.slice(first)
  expect(
    tail.map((s) => s.state),
    'the same states in the same order',
  ).toEqual(live.map((s) => s.state))
  // Getting to the first state is the replay's start-up (nothing is known at t=0); after that, the times match.
  expect(tail[0]!.t, `the first state, ${tail[0]!.state}, replayed at ${tail[0]!.t} s (tolerance ${tolerance.toFixed(3)} s)`).toBeLessThan(tolerance)
  for (let i = 1; i < live.length; i++)
    expect(
      Math.abs(tail[i]!.t - live[i]!.t),
      `${live[i]!.state} at ${live[i]!.t} s live, ${tail[i]!.t} s replayed (tolerance ${tolerance.toFixed(3)} s)`,
    ).toBeLessThan(tolerance)
}

describe('a recording of a live pane replays to the verdicts the pane showed', () => {
  it('an agent with screens and reports: dialog, answer, work, a reply that asks, exit', async () => {
    const input = join(dir, 'input.jsonl')
    const { id } = board.create({ command: ['claude'], env: { PATH: `${dir}:${process.env.PATH}`, FAKE_INPUT_LOG: input }, cols: 80, rows: 24 })
    const pane = board.get(id)
    await waitForState(pane, 'idle')
    const { file, live, lag } = await recordLive(pane, 'agent')
    board.mark(id, 'idle')
    pane.write('[DIALOG] go')
    await eventually(() => existsSync(input) && readFileSync(input, 'utf8').includes('[DIALOG] go'), 'the program to read the line')
    board.deliverReport({
      paneId: id,
      agent: 'claude',
      event: 'PermissionRequest',
      payload: { hook_event_name: 'PermissionRequest', tool_name: 'Bash' },
      receivedAt: Date.now(),
    })
    pane.write('\r')
    await waitForState(pane, 'blocked')
    board.mark(id, 'blocked')
    await sleep(300)
    pane.write('1')
    board.deliverReport({
      paneId: id,
      agent: 'claude',
      event: 'PostToolUse',
      payload: { hook_event_name: 'PostToolUse', tool_name: 'Bash' },
      receivedAt: Date.now(),
    })
    await waitForState(pane, 'working')
    board.deliverReport({
      paneId: id,
      agent: 'claude',
      event: 'Stop',
      payload: { hook_event_name: 'Stop', last_assistant_message: 'Created x.txt. Shall I commit it too?' },
      receivedAt: Date.now(),
    })
    await waitForState(pane, 'asked')
    await sleep(300)
    await pane.kill()
    await waitForState(pane, 'exited')
    await endOfRecording(file) // the recording ends with the pane

    expect(live.map((s) => s.state)).toEqual(['idle', 'blocked', 'working', 'asked', 'exited'])
    compare(live, await replayed(file), lag)
    const cast = readFileSync(file, 'utf8')
    expect(cast).toContain('"state:blocked"')
    expect(JSON.parse(cast.split('\n')[0]!)).toMatchObject({ version: 2, width: 80, height: 24, switchboard: { argv: ['claude'] } })
    expect(statSync(file).mode & 0o777).toBe(0o600)
  }, 30_000)

  it('a shell pane: a [y/N] prompt waiting for input, a job that works, the prompt, exit', async () => {
    const { id } = board.create({ command: ['bash', '--norc', '--noprofile', '-i'], env: { PS1: '$ ' } })
    const pane = board.get(id)
    await waitForState(pane, 'idle')
    const { file, live, lag } = await recordLive(pane, 'shell')
    board.write(id, 'read -r -p "Overwrite file? [y/N] " a\r')
    await waitForState(pane, 'input')
    await sleep(200)
    board.write(id, 'y\r')
    await waitForState(pane, 'idle')
    board.write(id, 'for i in 1 2 3; do echo tick; sleep 0.2; done\r')
    await waitForState(pane, 'working')
    await waitForState(pane, 'idle')
    board.write(id, 'exit\r')
    await waitForState(pane, 'exited')
    await endOfRecording(file)

    expect(live.map((s) => s.state)).toEqual(['idle', 'input', 'idle', 'working', 'idle', 'exited'])
    compare(live, await replayed(file), lag)
    // `npm run replay -- FILE.cast --json` finds the sidecars itself and prints JSON lines only.
    const { out, err } = await runReplay({ cast: file, agent: null, hooks: null, process: null, json: true, score: false, agents: null })
    expect(err.join('\n')).toContain('shell.process.jsonl')
    const states = out.map((line) => (JSON.parse(line) as { state: PaneState }).state)
    expect(states.slice(states.indexOf('idle'))).toEqual(live.map((s) => s.state))
  }, 30_000)
})

describe('switchboard record', () => {
  it('never writes the report token, even when the program prints it, and never overwrites a recording', async () => {
    const token = 'tok_' + 'x'.repeat(40)
    const { id } = board.create({ command: ['bash', '--norc', '--noprofile', '-i'], env: { PS1: '$ ' } })
    const pane = board.get(id)
    await waitForState(pane, 'idle')
    // As the board does for an agent launch: the pane's secrets are what its launch injected.
    ;(board as unknown as { recordings: PaneRecordings }).recordings.launched(id, [token])
    const file = join(dir, 'secret.cast')
    await board.record(id, file)
    board.write(id, `echo ${token}\r`)
    board.deliverReport({ paneId: id, agent: 'claude', event: 'Notification', payload: { echo: token }, receivedAt: Date.now() })
    await eventually(async () => (await pane.settled(), pane.screen().lines.join('\n').includes(token)), 'the token on screen')
    const summary = board.stopRecording(id)
    expect(summary.events).toBeGreaterThan(2)
    for (const f of Object.values(recordingFiles(file))) {
      expect(existsSync(f)).toBe(true)
      expect(readFileSync(f, 'utf8')).not.toContain(token)
    }
    expect(readFileSync(file, 'utf8')).toContain('[redacted]')
    await expect(board.record(id, file)).rejects.toThrow(/will not overwrite/)
    await expect(board.record(id, 'relative.cast')).rejects.toThrow(/absolute path/)
    expect(() => board.mark(id, 'idle')).toThrow(/not being recorded/)
  }, 20_000)
})
