import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { eventually, waitForState } from '../test/support'
import { crashed, storeBoards } from './storeBoards'

const boards = storeBoards()
const { tempDir, boardOn } = boards
afterEach(() => boards.cleanup())

/**
 * A stand-in named claude (the board knows the agent by its command; it only has to run) in
 * session `session`, whose transcript (agent.toml's [resume] transcript, under CLAUDE_CONFIG_DIR)
 * holds `line`, on a board saving to `dir`.
 */
async function claudeInSession(dir: string, session: string, line: object) {
  const bin = join(tempDir(), 'claude')
  writeFileSync(bin, '#!/bin/sh\nexec cat\n', { mode: 0o755 })
  const config = tempDir()
  mkdirSync(join(config, 'projects', '-work'), { recursive: true })
  writeFileSync(join(config, 'projects', '-work', `${session}.jsonl`), JSON.stringify(line) + '\n')
  const first = boardOn(dir)
  const info = first.board.create({ command: [bin], env: { CLAUDE_CONFIG_DIR: config } })
  first.board.deliverReport({
    paneId: info.id,
    event: 'UserPromptSubmit',
    agent: 'claude',
    payload: { session_id: session, prompt: 'hi' },
    receivedAt: Date.now(),
  })
  await eventually(() => first.board.info(info.id).sessionId === session, 'the session from the report')
  return { first, info, bin }
}

describe('the interruption a pane the board stopped under comes back with', () => {
  it('a resumed agent keeps the session it resumed, so another crash resumes it again (issue 17 item 2)', async () => {
    const dir = tempDir()
    // One message saved in the session.
    const { first, info, bin } = await claudeInSession(dir, 'sess-1', { type: 'user', message: { content: 'hi' } })
    crashed(first)
    const second = boardOn(dir)
    expect(second.board.list()[0]!.interrupted).toMatchObject({ resume: { kind: 'session', sessionId: 'sess-1' }, command: [bin, '--resume', 'sess-1'] })
    const resumed = await second.board.resume(info.id)
    // Claude reports nothing before its next prompt: the pane knows its session all the same.
    expect(resumed).toMatchObject({ command: [bin, '--resume', 'sess-1'], sessionId: 'sess-1' })
    await eventually(() => second.board.info(info.id).pid > 0, 'the resumed pane to run')
    crashed(second)
    const third = boardOn(dir)
    expect(third.board.list()[0]!.interrupted).toMatchObject({ resume: { kind: 'session', sessionId: 'sess-1' }, command: [bin, '--resume', 'sess-1'] })
    first.board.dispose()
    second.board.dispose()
  })

  it('a session with nothing saved starts afresh instead of failing: "No conversation found" (CI, Claude 2.1.332 killed while "Not logged in")', async () => {
    const dir = tempDir()
    // Claude was given an id but never got an answer, so it saved no message under it.
    const { first, info, bin } = await claudeInSession(dir, 'sess-2', { type: 'cost-state' })
    crashed(first)
    const second = boardOn(dir)
    // What Resume will do is what the pane says it will: the command again, not that session.
    expect(second.board.info(info.id).interrupted).toMatchObject({ resume: { kind: 'rerun' }, command: [bin] })
    expect(second.board.list().find((p) => p.id === info.id)?.interrupted?.resume).toEqual({ kind: 'rerun' })
    const resumed = await second.board.resume(info.id)
    expect(resumed).toMatchObject({ command: [bin], sessionId: null })
    first.board.dispose()
  })

  it('records when the board stopped under a pane and when it ran again, once per interruption; an exited pane keeps its exit time (issue 17 item 6)', async () => {
    const dir = tempDir()
    const first = boardOn(dir)
    const running = first.board.create({ command: ['bash', '--norc', '--noprofile'] })
    const done = first.board.create({ command: ['sh', '-c', 'exit 3'] })
    await waitForState(first.board.get(running.id), 'idle')
    await eventually(() => first.board.info(done.id).verdict.state === 'exited', 'the short command to exit')
    const exitedAt = first.board.info(done.id).verdict.since
    await first.store.saveScreens()

    crashed(first)
    const second = boardOn(dir)
    const down = second.board.info(running.id).interrupted!.at
    expect(second.board.history(running.id).at(-1)).toMatchObject({ mark: 'interrupted', state: 'exited', since: down })
    // Exited before the board stopped: "exited for" counts from its exit, at every start.
    expect(second.board.info(done.id).verdict.since).toBe(exitedAt)
    // Another start before anyone resumed it: the same interruption, at the same time, once.
    crashed(second)
    const third = boardOn(dir)
    expect(third.board.info(running.id).interrupted!.at).toBe(down)
    expect(third.board.history(running.id).filter((e) => e.mark === 'interrupted')).toHaveLength(1)
    expect(third.board.info(done.id).verdict.since).toBe(exitedAt)

    const resumed = await third.board.resume(running.id)
    expect(third.board.history(running.id).at(-1)).toMatchObject({ mark: 'resumed', state: 'starting', previous: 'exited', since: resumed.createdAt })
    await waitForState(third.board.get(running.id), 'idle')
    await third.board.restart(running.id)
    await eventually(() => third.board.history(running.id).some((e) => e.mark === 'restarted' && e.previous === 'idle'), 'the restart in the history')
    first.board.dispose()
    second.board.dispose()
  })
})
