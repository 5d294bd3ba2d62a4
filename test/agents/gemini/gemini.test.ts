import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { answerPane } from '../../../src/board/answer/answerPane'
import { realClock } from '../../../src/board/util/clock'
import { AgentHarness, snapshotFiles } from '../support/harness'
import { FakeGemini } from '../support/fakeGemini'
import { agentBin } from '../support/paths'
import { GEMINI_SCRIPT, geminiEnv, setUpGeminiHome } from './setup'

/** The user's own extension, with a hook of its own: it must keep loading and running beside ours. */
function installUserExtension(geminiDir: string, log: string): void {
  const dir = join(geminiDir, 'extensions', 'user-notes')
  mkdirSync(join(dir, 'hooks'), { recursive: true })
  writeFileSync(join(dir, 'gemini-extension.json'), JSON.stringify({ name: 'user-notes', version: '0.1.0' }, null, 2))
  const hook = { type: 'command', name: 'user-notes', command: `sh -c 'cat >> ${log}; echo >> ${log}'`, timeout: 5000 }
  writeFileSync(join(dir, 'hooks', 'hooks.json'), JSON.stringify({ hooks: { BeforeAgent: [{ hooks: [hook] }] } }, null, 2))
}

/**
 * Gemini CLI 0.61.0, the real TUI in a pane, our extension loaded for this launch through a
 * per-launch GEMINI_CLI_HOME that links to the user's `~/.gemini`, against a fake Gemini API.
 * The dialogs are answered through the board's answer path (src/board/answer/answerPane.ts).
 */
/** Gemini's empty composer: it takes what is typed (keys sent before it shows are lost). */
const COMPOSER_READY = /Type your message or @path\/to\/file/

describe('Gemini CLI in a pane', () => {
  let h: AgentHarness
  let fake: FakeGemini
  let geminiDir: string
  let configBefore: Record<string, string>
  const userHookLog = () => join(h.root, 'user-hooks.jsonl')
  const extensionLog = () => join(h.root, 'user-extension.jsonl')
  const logged = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '')
  const isConfig = (rel: string) => rel === 'settings.json' || rel === 'trustedFolders.json' || rel.startsWith('extensions/')

  beforeAll(async () => {
    h = await AgentHarness.start('gemini')
    h.echoBeforeEnter = true
    fake = await FakeGemini.start(GEMINI_SCRIPT)
    geminiDir = setUpGeminiHome(h.home, h.work, userHookLog()).geminiDir
    installUserExtension(geminiDir, extensionLog())
    configBefore = snapshotFiles(geminiDir, isConfig)
    mkdirSync(join(h.work, 'harness-approved-tmp'))
    mkdirSync(join(h.work, 'harness-build-output'))
    h.spawn('gemini', agentBin('gemini'), [], geminiEnv(fake.url))
  })
  afterAll(async () => {
    await h?.dispose()
    await fake?.close()
  })

  it('starts at its prompt with our extension loaded from the launch: SessionStart reported, no secret in argv', async () => {
    await h.waitForScreen(/Type your message/, 90_000)
    const start = await h.waitForReport((r) => r.event === 'SessionStart', 'SessionStart', 0, 60_000)
    expect(start.payload).toMatchObject({ source: 'startup' })
    expect(String(start.payload.session_id)).toMatch(/^[0-9a-f-]{36}$/)
    const home = h.launch.env.GEMINI_CLI_HOME!
    expect(home.startsWith(h.runtimeDir)).toBe(true)
    expect(lstatSync(join(home, '.gemini', 'settings.json')).isSymbolicLink()).toBe(true)
    expect(readdirSync(join(home, '.gemini', 'extensions')).sort()).toEqual(['switchboard', 'user-notes'])
    expect(h.launch.argv).toEqual([agentBin('gemini')])
    expect(h.launch.env.SWITCHBOARD_REPORT_TOKEN).toBeUndefined()
    expect(statSync(h.launch.env.SWITCHBOARD_REPORT_TOKEN_FILE!).mode & 0o777).toBe(0o600)
    expect(AgentHarness.allArgv()).not.toContain(h.token())
    // Gemini takes input once its composer shows the placeholder.
    await h.waitForScreen(COMPOSER_READY)
    await h.waitForState('idle')
  })

  it("a plain turn: BeforeAgent, then AfterAgent with the reply; the user's own hook and extension ran", async () => {
    const from = h.reports.length
    const enter = await h.submit('[STEP1] Summarize the project')
    const before = await h.waitForReport((r) => r.event === 'BeforeAgent', 'BeforeAgent', from)
    expect(before.payload.prompt).toBe('[STEP1] Summarize the project')
    h.timing('gemini Enter→BeforeAgent', before.receivedAt - enter)
    const end = await h.waitForReport((r) => r.event === 'AfterAgent', 'AfterAgent', from)
    expect(String(end.payload.prompt_response)).toMatch(/^The project has a README/)
    expect(h.events(from)).toEqual(['BeforeAgent', 'AfterAgent'])
    await expect.poll(() => logged(userHookLog()), { timeout: 10_000 }).toContain('"hook_event_name":"AfterAgent"')
    await expect.poll(() => logged(extensionLog()), { timeout: 10_000 }).toContain('"hook_event_name":"BeforeAgent"')
    await h.waitForState('idle')
  })

  it('the permission box answered "1. Allow once" from the board: Notification before the box is drawn, AfterTool through the gate', async () => {
    const from = h.reports.length
    await h.submit('[STEP2] Remove the approved temp dir')
    const drawn = await h.waitForScreen(/Allow execution of \[Shell\]\?/)
    const notification = await h.waitForReport((r) => r.event === 'Notification', 'Notification', from)
    expect(notification.payload).toMatchObject({
      notification_type: 'ToolPermission',
      details: { type: 'exec', command: 'rm -rf ./harness-approved-tmp', rootCommand: 'rm' },
    })
    // Gemini awaits the hook before it draws the box.
    expect(notification.receivedAt).toBeLessThanOrEqual(drawn)
    h.timing('gemini Notification→box drawn', drawn - notification.receivedAt)
    await h.waitForState('blocked')
    expect(existsSync(h.launch.env.SWITCHBOARD_REPORT_MARKER!), 'the gate is open while the box is').toBe(true)
    const snapshot = await h.dialogReady((s) => s.dialog?.kind === 'permission' && s.optionsAnswerable, 'the permission box')
    expect(snapshot.dialog).toMatchObject({ kind: 'permission', title: 'Allow execution of [Shell]?' })
    expect(snapshot.dialog!.options.map((o) => `${o.key}. ${o.label}`)).toEqual(['1. Allow once', '2. Allow for this session', '3. No, suggest changes (esc)'])
    expect(snapshot.optionsAnswerable && snapshot.denyAnswerable).toBe(true)
    expect(await answerPane(h.activePane, { kind: 'option', key: '1', fingerprint: snapshot.fingerprint! }, realClock)).toMatchObject({ ok: true })
    const after = await h.waitForReport((r) => r.event === 'AfterTool', 'AfterTool', from)
    expect(after.payload).toMatchObject({ tool_name: 'run_shell_command', tool_input: { command: 'rm -rf ./harness-approved-tmp' } })
    await h.waitForReport((r) => r.event === 'AfterAgent', 'AfterAgent', from)
    expect(existsSync(join(h.work, 'harness-approved-tmp'))).toBe(false)
    expect(existsSync(h.launch.env.SWITCHBOARD_REPORT_MARKER!), 'the gate closed with the next report').toBe(false)
    expect(h.events(from)).toEqual(['BeforeAgent', 'Notification', 'AfterTool', 'AfterAgent'])
    await h.waitForState('idle')
  })

  it('the question (ask_user) answered with free text from the board: digit, paste, Enter', async () => {
    const from = h.reports.length
    await h.submit('[STEP3] Pick a color')
    const notification = await h.waitForReport((r) => r.event === 'Notification', 'Notification', from)
    expect(notification.payload).toMatchObject({ notification_type: 'ToolPermission', details: { type: 'ask_user' } })
    await h.waitForState('question', 30_000)
    const snapshot = await h.dialogReady((s) => s.dialog?.kind === 'question' && s.freeTextKey !== null, 'the ask_user box')
    expect(snapshot.dialog).toMatchObject({ kind: 'question', title: 'Which color should the widget use?' })
    expect(snapshot.dialog!.options.map((o) => o.label)).toEqual(['Red', 'Blue', 'Enter a custom value'])
    expect(snapshot.freeTextKey).toBe('3')
    const result = await answerPane(h.activePane, { kind: 'free-text', key: '3', text: 'Green, please', fingerprint: snapshot.fingerprint! }, realClock)
    expect(result).toEqual({ ok: true, sent: 'your answer to option 3, then Enter' })
    await h.waitForReport((r) => r.event === 'AfterAgent', 'AfterAgent', from)
    expect(fake.toolResults.at(-1)).toContain('Green, please')
    await h.waitForState('idle')
  })

  it('a reply ending with a question: AfterAgent carries it and the badge says asked', async () => {
    const from = h.reports.length
    await h.submit('[STEP4] How should I build it')
    const end = await h.waitForReport((r) => r.event === 'AfterAgent', 'AfterAgent', from)
    expect(String(end.payload.prompt_response).trimEnd().endsWith('?')).toBe(true)
    await h.waitForState('asked')
  })

  it('the reply answered from the board: the text as a paste, Enter once Gemini shows it (not a newline in its composer)', async () => {
    const from = h.reports.length
    await h.waitForScreen(COMPOSER_READY)
    // Tagged, so that the fake model answers this prompt, not the last tagged one again.
    expect(await answerPane(h.activePane, { kind: 'text', text: '[STEP1] Quickly, please', seen: 'asked' }, realClock)).toEqual({
      ok: true,
      sent: 'the text as a paste, then Enter',
      delivery: expect.any(Number),
    })
    const before = await h.waitForReport((r) => r.event === 'BeforeAgent', 'BeforeAgent', from)
    expect(before.payload.prompt).toBe('[STEP1] Quickly, please')
    await h.waitForReport((r) => r.event === 'AfterAgent', 'AfterAgent', from)
    await h.waitForState('idle')
  })

  it('the permission box declined from the board (Esc): no hook at all, "Request cancelled." and the prompt back', async () => {
    const from = h.reports.length
    await h.submit('[STEP5] Clean the build output')
    await h.waitForState('blocked', 30_000)
    const snapshot = await h.dialogReady((s) => s.dialog?.kind === 'permission' && s.denyAnswerable, 'the permission box')
    expect(await answerPane(h.activePane, { kind: 'deny', fingerprint: snapshot.fingerprint! }, realClock)).toMatchObject({ ok: true })
    await h.waitForScreen(/Request cancelled\./)
    await h.waitForState('idle', 5_000)
    // Gemini awaits each hook in turn: once the next prompt's AfterAgent is in, any hook the
    // declined box was going to run has been reported before it.
    await h.waitForScreen(COMPOSER_READY)
    await h.submit('[STEP1] Once more, briefly')
    await h.waitForReport((r) => r.event === 'AfterAgent', 'AfterAgent of the next prompt', from)
    expect(h.events(from)).toEqual(['BeforeAgent', 'Notification', 'BeforeAgent', 'AfterAgent'])
    expect(existsSync(join(h.work, 'harness-build-output'))).toBe(true)
    await h.waitForState('idle')
  })

  it('exit: the goodbye box names the session to resume, and the process ends', async () => {
    const sessionId = String(h.reports.find((r) => r.event === 'SessionStart')!.payload.session_id)
    expect(h.activePane.info().sessionId).toBe(sessionId)
    await h.waitForScreen(COMPOSER_READY)
    await h.submit('/quit')
    await h.waitForScreen(new RegExp(`gemini --resume ${sessionId}`))
    await h.waitForExit(30_000)
    await h.waitForState('exited')
  })

  it("left the user's Gemini config byte-identical, kept its session in their folder, and wrote the token nowhere", () => {
    expect(snapshotFiles(geminiDir, isConfig)).toEqual(configBefore)
    const project = readdirSync(join(geminiDir, 'tmp')).find((d) => existsSync(join(geminiDir, 'tmp', d, 'chats')))!
    const sessionId = String(h.reports.find((r) => r.event === 'SessionStart')!.payload.session_id)
    expect(readdirSync(join(geminiDir, 'tmp', project, 'chats')).some((f) => f.endsWith(`-${sessionId.slice(0, 8)}.jsonl`))).toBe(true)
    expect(h.tokenLeaks()).toEqual([])
  })
})
