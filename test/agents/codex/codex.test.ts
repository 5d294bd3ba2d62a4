import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { parse as parseToml } from 'smol-toml'
import { CODEX_STATE_OSC, parseTerminalState as parseCodexStateOsc } from '../../../resources/agents/codex/terminal'
import { AgentHarness, Keys, snapshotFiles } from '../support/harness'
import { FakeResponses } from '../support/fakeResponses'
import { agentBin } from '../support/paths'
import { CODEX_SCRIPT, codexEnv, setUpCodexHome } from './setup'

/**
 * Codex 0.171.0, the real TUI in a pane, hooks injected with `-c` and pre-trusted through
 * `hooks.state` (no --dangerously-bypass-hook-trust), against a fake Responses API.
 */
describe('Codex in a pane', () => {
  let h: AgentHarness
  let fake: FakeResponses
  let codexHome: string
  let userHookLog: string
  let hooksJsonBefore: Record<string, string>
  const oscStates: string[] = []

  beforeAll(async () => {
    h = await AgentHarness.start('codex')
    fake = await FakeResponses.start(CODEX_SCRIPT)
    codexHome = join(h.home, '.codex')
    userHookLog = join(h.root, 'user-hooks.jsonl')
    setUpCodexHome(codexHome, h.work, fake.url, userHookLog)
    hooksJsonBefore = snapshotFiles(codexHome, (rel) => rel === 'hooks.json')
    const pane = h.spawn('codex', agentBin('codex'), [], codexEnv(codexHome))
    // Every record as parsed: the screen keeps only the latest 32 (titles among them), and under load
    // one parse can take in more than that, so reading them from the screen after each parse lost
    // some (CI beside CPU hogs: 'done' missing).
    pane.onOsc((o) => {
      const parsed = o.ident === CODEX_STATE_OSC ? parseCodexStateOsc(o.data) : null
      if (parsed) oscStates.push(parsed.state === 'turnEnded' ? parsed.raw : parsed.state)
    })
  })
  afterAll(async () => {
    await h?.dispose()
    await fake?.close()
  })

  const marker = () => h.launch.env.SWITCHBOARD_REPORT_MARKER!
  /** Resolves once Codex has written `state` in its OSC 7501 (at any time since it started). */
  async function oscWritten(state: string, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (!oscStates.includes(state)) {
      if (Date.now() > deadline) throw new Error(`Codex wrote no OSC 7501 state=${state} within ${timeoutMs} ms; it wrote: ${oscStates.join(', ')}`)
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  /** Whether any frame so far showed Codex's hooks review screen (watched from the first test on). */
  let reviewShown = false
  /** Where the denied approval's reports start: checked again once a later prompt reported. */
  let deniedFrom = -1

  it('starts at the prompt with our hooks trusted: no review screen, no bypass flag', async () => {
    // The review screen, when there is one, replaces the prompt a moment after the first frame:
    // every frame is watched for it, and the next test's prompt (its reports prove the hooks ran,
    // and the review screen would have taken the keys) is the barrier it is checked behind.
    // (The subscription ends with the pane, when the harness shuts its board down.)
    h.activePane.onDidParse(() => void (/Hooks need review/.test(h.flatScreen()) && (reviewShown = true)))
    await h.waitForScreen(/Ask Codex to do anything/, 60_000)
    expect(h.flatScreen()).not.toMatch(/Hooks need review/)
    expect(h.launch.argv).not.toContain('--dangerously-bypass-hook-trust')
    expect(h.launch.env.SWITCHBOARD_REPORT_TOKEN).toBeUndefined()
    expect(statSync(h.launch.env.SWITCHBOARD_REPORT_TOKEN_FILE!).mode & 0o777).toBe(0o600)
    expect(AgentHarness.allArgv()).not.toContain(h.token())
  })

  it('a plain turn: SessionStart and UserPromptSubmit with the first prompt, then Stop', async () => {
    const from = h.reports.length
    const enter = await h.submit('[STEP1] check the workspace')
    const submit = await h.waitForReport((r) => r.event === 'UserPromptSubmit', 'UserPromptSubmit', from)
    expect(h.timing('codex Enter→UserPromptSubmit', submit.receivedAt - enter)).toBeLessThan(2000)
    const stop = await h.waitForReport((r) => r.event === 'Stop', 'Stop', from)
    expect(stop.payload.last_assistant_message).toMatch(/Nothing needs changing\.$/)
    expect(h.events(from)).toEqual(['SessionStart', 'UserPromptSubmit', 'Stop'])
    expect(typeof stop.payload.session_id).toBe('string')
    // Stop fires ~20 ms before Codex draws the turn's end with OSC 7501 `done`, and typing turns that
    // into `idle` at once: the next test's prompt, typed right after Stop, left Codex no frame for
    // `done` when load delayed its draw (the suite beside two CPU hogs, twice).
    await oscWritten('done')
    expect(reviewShown, 'the hooks review screen showed at some frame').toBe(false)
  })

  it('an approval answered yes: PermissionRequest opens the gate, PostToolUse comes through it and closes it', async () => {
    const from = h.reports.length
    await h.submit('[STEP2] create the marker file')
    const dialogAt = await h.waitForScreen(/Would you like to run the following command\?/)
    const perm = await h.waitForReport((r) => r.event === 'PermissionRequest', 'PermissionRequest', from)
    expect(perm.payload.tool_name).toBe('Bash')
    expect(h.timing('codex PermissionRequest−dialog drawn', perm.receivedAt - dialogAt)).toBeLessThan(250)
    expect(existsSync(marker())).toBe(true)
    await h.dialogReady((s) => Boolean(s.dialog?.options.length), 'the approval')
    h.press('y')
    const post = await h.waitForReport((r) => r.event === 'PostToolUse', 'PostToolUse', from)
    expect(post.payload.tool_name).toBe('Bash')
    await h.waitForReport((r) => r.event === 'Stop', 'Stop', from)
    expect(existsSync(marker())).toBe(false)
    expect(existsSync(join(h.work, 'approved.txt'))).toBe(true)
    expect(h.events(from)).toEqual(['UserPromptSubmit', 'PermissionRequest', 'PostToolUse', 'Stop'])
  })

  it('a tool with no dialog: its PostToolUse is gated out (one `test -e`), the turn still ends with Stop', async () => {
    const from = h.reports.length
    await h.submit('[STEP3] wait for the cache')
    const stop = await h.waitForReport((r) => r.event === 'Stop', 'Stop', from)
    expect(stop.payload.last_assistant_message).toBe('Slept a second.')
    expect(h.events(from)).toEqual(['UserPromptSubmit', 'Stop'])
    // Codex has now written its shell snapshot (every variable of its environment, 0644): the
    // token is not among them, only the path of its 0600 file.
    expect(h.tokenLeaks()).toEqual([])
  })

  it('a reply ending with a question: Stop carries it', async () => {
    const from = h.reports.length
    await h.submit('[STEP4] how should I build it')
    const stop = await h.waitForReport((r) => r.event === 'Stop', 'Stop', from)
    expect(String(stop.payload.last_assistant_message).endsWith('?')).toBe(true)
  })

  it('an approval denied (Esc): PermissionRequest, then only Interrupt', async () => {
    const from = h.reports.length
    await h.submit('[STEP5] clean the build output')
    await h.waitForScreen(/Would you like to run the following command\?/)
    await h.waitForReport((r) => r.event === 'PermissionRequest', 'PermissionRequest', from)
    await h.dialogReady((s) => Boolean(s.dialog?.options.length), 'the approval')
    const escAt = h.press(Keys.esc)
    const interrupt = await h.waitForReport((r) => r.event === 'Interrupt', 'Interrupt', from)
    expect(h.timing('codex Esc→Interrupt', interrupt.receivedAt - escAt)).toBeLessThan(1500)
    await h.waitForScreen(/Conversation interrupted/)
    // Nothing more: checked now, and again behind the next prompt's first report (the next test).
    expect(h.events(from)).toEqual(['UserPromptSubmit', 'PermissionRequest', 'Interrupt'])
    deniedFrom = from
    expect(existsSync(marker())).toBe(false)
  })

  it('a question in Plan mode: PreToolUse of request_user_input right before the dialog, PostToolUse after the answer', async () => {
    h.press(Keys.shiftTab)
    await h.waitForScreen(/Plan mode/)
    const from = h.reports.length
    await h.submit('[STEP7] pick a color')
    const shownAt = await h.waitForScreen(/Question 1\/1/)
    const ask = await h.waitForReport((r) => r.event === 'PreToolUse', 'PreToolUse', from)
    // The denied approval (the test before) reported nothing after its Interrupt: this prompt's reports come next.
    expect(h.events(deniedFrom).slice(0, 4)).toEqual(['UserPromptSubmit', 'PermissionRequest', 'Interrupt', 'UserPromptSubmit'])
    // Measured: 0.171 reports permission_mode "default" here even in Plan mode.
    expect(ask.payload).toMatchObject({ tool_name: 'request_user_input' })
    expect(h.timing('codex PreToolUse(request_user_input)−dialog drawn', ask.receivedAt - shownAt)).toBeLessThan(250)
    expect(existsSync(marker())).toBe(true)
    await h.dialogReady((s) => Boolean(s.dialog?.options.length), 'the question')
    h.press('2')
    const post = await h.waitForReport((r) => r.event === 'PostToolUse', 'PostToolUse', from)
    expect(post.payload.tool_name).toBe('request_user_input')
    await h.waitForReport((r) => r.event === 'Stop', 'Stop', from)
    expect(h.events(from)).toEqual(['UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'])
  })

  it('wrote its own state as OSC 7501 (read by the status engine): idle, working, blocked, question, done', () => {
    expect(oscStates).toContain('idle')
    expect(oscStates).toContain('working')
    expect(oscStates).toContain('done')
    expect(oscStates).toContain('blocked')
    expect(oscStates).toContain('question')
  })

  it('exit: SessionEnd before the process is gone', async () => {
    const from = h.reports.length
    await h.submit('/exit')
    const exitAt = await h.waitForExit()
    const end = await h.waitForReport((r) => r.event === 'SessionEnd', 'SessionEnd', from)
    expect(end.receivedAt).toBeLessThanOrEqual(exitAt)
  })

  it("left the user's hooks.json byte-identical, ran their hooks, wrote the token nowhere", () => {
    expect(snapshotFiles(codexHome, (rel) => rel === 'hooks.json')).toEqual(hooksJsonBefore)
    // Codex writes its own bookkeeping into config.toml ([tui] keys); our hooks and their trust
    // must not be among what it kept: only the user's two trust entries are there.
    const config = readFileSync(join(codexHome, 'config.toml'), 'utf8')
    expect(config).not.toContain('report.sh')
    const state = (parseToml(config) as { hooks?: { state?: Record<string, unknown> } }).hooks?.state ?? {}
    expect(Object.keys(state).sort()).toEqual([`${codexHome}/hooks.json:stop:0:0`, `${codexHome}/hooks.json:user_prompt_submit:0:0`])
    const userEvents = readFileSync(userHookLog, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { hook_event_name: string }).hook_event_name)
    expect(userEvents.filter((e) => e === 'UserPromptSubmit')).toHaveLength(6)
    expect(userEvents).toContain('Stop')
    expect(h.tokenLeaks()).toEqual([])
  })
})
