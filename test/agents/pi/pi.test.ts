import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { AgentHarness, Keys, snapshotFiles } from '../support/harness'
import { FakeChat } from '../support/fakeChat'
import { agentBin } from '../support/paths'
import { sleep } from '../support/sse'
import { PI_SCRIPT, setUpPiHome } from './setup'

/**
 * Pi 0.73.1, the real TUI in a pane, our extension added with `-e`, against a fake Chat
 * Completions API. Pi core has no dialogs: the user's own extensions (here the package's example
 * permission-gate and question extensions) draw them, and ours only sees their tool calls.
 */
describe('Pi in a pane', () => {
  let h: AgentHarness
  let fake: FakeChat
  let agentDir: string
  let userConfigBefore: Record<string, string>
  const examples = join(agentBin('pi'), '..', '..', '@mariozechner', 'pi-coding-agent', 'examples', 'extensions')

  beforeAll(async () => {
    h = await AgentHarness.start('pi')
    fake = await FakeChat.start(PI_SCRIPT)
    const setup = setUpPiHome(h.home, fake.url)
    agentDir = setup.agentDir
    userConfigBefore = snapshotFiles(agentDir)
    const userArgs = [
      '--offline',
      '--provider',
      'fake',
      '--model',
      'fake-model',
      '-e',
      join(examples, 'permission-gate.ts'),
      '-e',
      join(examples, 'question.ts'),
    ]
    h.spawn('pi', agentBin('pi'), userArgs, setup.env)
  })
  afterAll(async () => {
    await h?.dispose()
    await fake?.close()
  })

  it('starts at its prompt with our extension and the user’s loaded; session_start reported', async () => {
    await h.waitForScreen(/fake-model/, 60_000)
    await h.waitForReport((r) => r.event === 'session_start', 'session_start')
    expect(h.launch.argv.slice(1, 3)[0]).toBe('-e')
    expect(AgentHarness.allArgv()).not.toContain(h.token())
  })

  it('a plain turn: input, agent_start, then agent_end with the reply', async () => {
    const from = h.reports.length
    const enter = await h.submit('[STEP1] Summarize the project')
    const input = await h.waitForReport((r) => r.event === 'input', 'input', from)
    expect(h.timing('pi Enter→input', input.receivedAt - enter)).toBeLessThan(1500)
    const end = await h.waitForReport((r) => r.event === 'agent_end', 'agent_end', from)
    expect(end.payload.lastAssistantMessage).toBe('The project has a README and two source folders. Nothing to fix.')
    expect(h.events(from).slice(0, 3)).toEqual(['input', 'agent_start', 'turn_start'])
  })

  it("an extension's permission dialog answered yes: only tool_call before it (no dialog event exists), tool_result after", async () => {
    const from = h.reports.length
    await h.submit('[STEP2] Remove the approved temp dir')
    const dialogAt = await h.waitForScreen(/Dangerous command/)
    const call = await h.waitForReport((r) => r.event === 'tool_call', 'tool_call', from)
    expect(call.payload).toMatchObject({ toolName: 'bash', input: { command: 'rm -rf ./harness-approved-tmp' } })
    expect(h.timing('pi tool_call−dialog drawn', call.receivedAt - dialogAt)).toBeLessThan(250)
    await h.dialogReady((s) => Boolean(s.dialog?.options.length), 'the permission dialog')
    h.press(Keys.enter)
    const result = await h.waitForReport((r) => r.event === 'tool_result', 'tool_result', from)
    expect(result.payload.isError).toBe(false)
    const end = await h.waitForReport((r) => r.event === 'agent_end', 'agent_end', from)
    expect(end.payload.lastAssistantMessage).toBe('Removed the approved temp dir.')
  })

  it('a question tool of an extension: tool_call with its name, tool_result with the answer', async () => {
    const from = h.reports.length
    await h.submit('[STEP3] Pick a color')
    await h.waitForScreen(/Which color should the widget use\?/)
    const call = await h.waitForReport((r) => r.event === 'tool_call', 'tool_call', from)
    expect(call.payload.toolName).toBe('question')
    await h.dialogReady((s) => Boolean(s.dialog?.options.length), 'the question')
    h.press(Keys.enter)
    await h.waitForReport((r) => r.event === 'tool_result' && r.payload.toolName === 'question', 'tool_result', from)
    await h.waitForReport((r) => r.event === 'agent_end', 'agent_end', from)
  })

  it('a reply ending with a question: agent_end carries it', async () => {
    const from = h.reports.length
    await h.submit('[STEP4] How should I build it')
    const end = await h.waitForReport((r) => r.event === 'agent_end', 'agent_end', from)
    expect(String(end.payload.lastAssistantMessage).endsWith('?')).toBe(true)
  })

  it('a denied dialog: tool_execution_end with an error and no tool_result; the turn goes on to agent_end', async () => {
    const from = h.reports.length
    await h.submit('[STEP5] Clean the build output')
    await h.waitForScreen(/Dangerous command/)
    await h.waitForReport((r) => r.event === 'tool_call', 'tool_call', from)
    await h.dialogReady((s) => Boolean(s.dialog?.options.length), 'the permission dialog')
    h.press(Keys.down)
    await sleep(150)
    h.press(Keys.enter)
    const end = await h.waitForReport((r) => r.event === 'tool_execution_end', 'tool_execution_end', from)
    expect(end.payload.isError).toBe(true)
    await h.waitForReport((r) => r.event === 'agent_end', 'agent_end', from)
    expect(h.events(from)).not.toContain('tool_result')
  })

  it('exit: session_shutdown before the process is gone', async () => {
    const from = h.reports.length
    // agent_end comes 7–34 ms before Pi leaves its working state; a line typed before that is queued as a follow-up.
    await h.waitFor(() => (['idle', 'asked'].includes(h.activePane.verdict.state) ? true : null), 'Pi to leave its working state', 15_000)
    await h.submit('/quit')
    const exitAt = await h.waitForExit()
    const shutdown = await h.waitForReport((r) => r.event === 'session_shutdown', 'session_shutdown', from)
    expect(shutdown.receivedAt).toBeLessThanOrEqual(exitAt)
  })

  it("left the user's Pi config byte-identical and wrote the token nowhere", () => {
    const after = snapshotFiles(agentDir)
    for (const [file, hash] of Object.entries(userConfigBefore)) expect(after[file], file).toBe(hash)
    expect(h.tokenLeaks()).toEqual([])
  })
})
