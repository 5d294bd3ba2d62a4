import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { TOKEN_HEADER } from '../../../src/board/reports/reportServer'
import { AgentHarness, Keys, snapshotFiles } from '../support/harness'
import { FakeAnthropic } from '../support/fakeAnthropic'
import { claudeBin, CLAUDE_VERSIONS } from '../support/paths'
import { modeArgs } from './scenario'
import { sleep } from '../support/sse'
import { CLAUDE_SCRIPT, claudeEnv, setUpClaudeHome } from './setup'

/**
 * Claude Code (the latest release and 2.1.197), the real TUI in a pane, in manual mode, reporting
 * injected with `--settings`, against a fake Messages API. Steps run in order in one session, as a
 * user would drive it. (Every mode's live badge: scenario.test.ts.)
 */
describe.each(CLAUDE_VERSIONS)('Claude Code %s in a pane', (version) => {
  let h: AgentHarness
  let fake: FakeAnthropic
  let userHookLog: string
  /** Where the rejected permission's reports start: checked again once a later prompt reported. */
  let rejectedFrom = -1
  let userConfigBefore: Record<string, string>
  let settingsFile: string

  beforeAll(async () => {
    h = await AgentHarness.start('claude')
    fake = await FakeAnthropic.start(CLAUDE_SCRIPT)
    userHookLog = join(h.root, 'user-hooks.jsonl')
    setUpClaudeHome(h.home, h.work, userHookLog, version)
    userConfigBefore = snapshotFiles(join(h.home, '.claude'))
    h.spawn('claude', claudeBin(version), modeArgs('manual', version), claudeEnv(fake.url))
    settingsFile = h.launch.argv[h.launch.argv.indexOf('--settings') + 1]!
  })
  afterAll(async () => {
    await h?.dispose()
    await fake?.close()
  })

  it('starts at the prompt; SessionStart arrives through the reporter command (no http hooks for it)', async () => {
    await h.waitForScreen(/\? for shortcuts/, 60_000)
    const start = await h.waitForReport((r) => r.event === 'SessionStart', 'SessionStart')
    expect(start).toMatchObject({ paneId: '1', agent: 'claude', payload: { source: 'startup' } })
    expect(typeof start.payload.session_id).toBe('string')
  })

  it('injects per launch only: a private 0600 settings file, the token only in the environment', () => {
    expect(statSync(settingsFile).mode & 0o777).toBe(0o600)
    const token = h.launch.env.SWITCHBOARD_REPORT_TOKEN!
    expect(token.length).toBeGreaterThan(20)
    expect(readFileSync(settingsFile, 'utf8')).not.toContain(token)
    expect(h.launch.argv.join(' ')).not.toContain(token)
    expect(AgentHarness.allArgv()).not.toContain(token)
  })

  it('a plain turn: UserPromptSubmit right after Enter, then Stop with the reply', async () => {
    const from = h.reports.length
    const enter = await h.submit('[STEP1] Summarize the project.')
    const submit = await h.waitForReport((r) => r.event === 'UserPromptSubmit', 'UserPromptSubmit', from)
    expect(h.timing('claude Enter→UserPromptSubmit', submit.receivedAt - enter)).toBeLessThan(1500)
    const stop = await h.waitForReport((r) => r.event === 'Stop', 'Stop', from)
    expect(stop.payload.last_assistant_message).toMatch(/builds cleanly\.$/)
    await h.waitForScreen(/builds cleanly\..*\? for shortcuts/)
    expect(h.events(from)).toEqual(['UserPromptSubmit', 'Stop'])
    await h.waitForState('idle')
  })

  it('a permission answered yes: PermissionRequest before the dialog is drawn, nothing at the answer, PostToolUse when the tool ran', async () => {
    const from = h.reports.length
    await h.submit('[STEP2] Create the file x.txt.')
    const dialogAt = await h.waitForScreen(/Do you want to proceed\?/)
    const perm = await h.waitForReport((r) => r.event === 'PermissionRequest', 'PermissionRequest', from)
    expect(perm.payload).toMatchObject({ tool_name: 'Bash', tool_input: { command: 'touch x.txt' } })
    // Measured 30–70 ms before the dialog on an idle machine; allow for a busy one.
    expect(h.timing('claude PermissionRequest−dialog drawn', perm.receivedAt - dialogAt)).toBeLessThan(250)
    expect(h.events(from)).toEqual(['UserPromptSubmit', 'PreToolUse', 'PermissionRequest'])
    // The badge: blocked, with the hook and the dialog on screen behind it.
    await h.waitForState('blocked')
    // Once the screen's rules have seen the dialog, its structure is there for the answer box.
    const dialog = await h.waitFor(() => h.activePane.info().dialog, 'the dialog structure')
    expect(dialog.kind).toBe('permission')
    expect(dialog.options.map((o) => o.label).join(' ')).toMatch(/Yes/)
    await sleep(1000)
    const answerAt = h.press(Keys.enter)
    const post = await h.waitForReport((r) => r.event === 'PostToolUse', 'PostToolUse', from)
    expect(post.receivedAt).toBeGreaterThan(answerAt)
    expect(existsSync(join(h.work, 'x.txt'))).toBe(true)
    const stop = await h.waitForReport((r) => r.event === 'Stop', 'Stop', from)
    expect(stop.payload.last_assistant_message).toBe('Created x.txt for you.')
    expect(h.events(from)).toEqual(['UserPromptSubmit', 'PreToolUse', 'PermissionRequest', 'PostToolUse', 'PostToolBatch', 'Stop'])
    await h.waitForState('idle')
    // Mid-session too (after a tool ran in Claude's shell): the token is in no file at all.
    expect(h.tokenLeaks()).toEqual([])
  })

  it('a permission rejected: PermissionRequest, then no hook at all (the blind spot the screen must cover)', async () => {
    const from = h.reports.length
    await h.submit('[STEP6] Clean up the temp dir.')
    await h.waitForScreen(/Do you want to proceed\?/)
    await h.waitForReport((r) => r.event === 'PermissionRequest', 'PermissionRequest', from)
    await h.waitForState('blocked')
    await sleep(500)
    h.press(Keys.esc)
    await h.waitForScreen(/Interrupted/)
    // No hook says so: the screen ends the blocked badge.
    const after = await h.waitForState('idle', 3000)
    expect(after.evidence.some((e) => e.source === 'screen')).toBe(true)
    // Nothing more: checked now, and again behind the next prompt's first report (the next test).
    expect(h.events(from)).toEqual(['UserPromptSubmit', 'PreToolUse', 'PermissionRequest'])
    rejectedFrom = from
  })

  it('AskUserQuestion: PermissionRequest with tool_name AskUserQuestion (a question, not a permission), PostToolUse with the answer', async () => {
    const from = h.reports.length
    await h.submit('[STEP4] Set up the database.')
    const shownAt = await h.waitForScreen(/Which database should the service use\?.*PostgreSQL/)
    const ask = await h.waitForReport((r) => r.event === 'PermissionRequest', 'PermissionRequest', from)
    expect(ask.payload.tool_name).toBe('AskUserQuestion')
    // The rejected permission (the test before) reported nothing after it: this prompt's reports come next.
    expect(h.events(rejectedFrom).slice(0, 4)).toEqual(['UserPromptSubmit', 'PreToolUse', 'PermissionRequest', 'UserPromptSubmit'])
    await h.waitForState('question')
    expect(h.timing('claude PermissionRequest(AskUserQuestion)−dialog drawn', ask.receivedAt - shownAt)).toBeLessThan(250)
    await sleep(500)
    h.press(Keys.down)
    await sleep(200)
    h.press(Keys.enter)
    const post = await h.waitForReport((r) => r.event === 'PostToolUse', 'PostToolUse', from)
    expect(post.payload).toMatchObject({ tool_name: 'AskUserQuestion', tool_input: { answers: { 'Which database should the service use?': 'SQLite' } } })
    await h.waitForReport((r) => r.event === 'Stop', 'Stop', from)
    expect(h.events(from)).toEqual(['UserPromptSubmit', 'PreToolUse', 'PermissionRequest', 'PostToolUse', 'PostToolBatch', 'Stop'])
  })

  it('a reply ending with a question: Stop carries the text that ends in "?"', async () => {
    const from = h.reports.length
    await h.submit('[STEP5] Fix the parser bug.')
    const stop = await h.waitForReport((r) => r.event === 'Stop', 'Stop', from)
    expect(String(stop.payload.last_assistant_message).trim().endsWith('?')).toBe(true)
    await h.waitForState('asked')
  })

  it('refuses a forged report to the live pane and changes nothing', async () => {
    const from = h.reports.length
    const url = h.launch.env.SWITCHBOARD_REPORT_URL!
    const res = await fetch(url, {
      method: 'POST',
      headers: { [TOKEN_HEADER]: 'forged' },
      body: JSON.stringify({ hook_event_name: 'Stop', last_assistant_message: 'pwned?' }),
    })
    expect(res.status).toBe(401)
    expect(h.reports.length).toBe(from)
  })

  it('exit: SessionEnd before the process is gone', async () => {
    const from = h.reports.length
    await h.submit('/exit')
    const exitAt = await h.waitForExit()
    const end = await h.waitForReport((r) => r.event === 'SessionEnd', 'SessionEnd', from)
    expect(end.receivedAt).toBeLessThanOrEqual(exitAt)
    expect(end.payload.reason).toBe('prompt_input_exit')
    await h.waitForState('exited')
  })

  it("left the user's configuration byte-identical, ran their hooks, wrote the token nowhere, and cleans up", async () => {
    expect(snapshotFiles(join(h.home, '.claude'), (rel) => rel === 'settings.json')).toEqual(userConfigBefore)
    const userEvents = readFileSync(userHookLog, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { hook_event_name: string }).hook_event_name)
    expect(new Set(userEvents)).toEqual(new Set(['SessionStart', 'UserPromptSubmit', 'Stop']))
    expect(userEvents.filter((e) => e === 'UserPromptSubmit')).toHaveLength(5)
    expect(h.tokenLeaks()).toEqual([])
    h.launch.dispose()
    expect(existsSync(settingsFile)).toBe(false)
  })
})
