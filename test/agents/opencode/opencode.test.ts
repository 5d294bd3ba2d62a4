import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { AgentHarness, Keys, snapshotFiles } from '../support/harness'
import { FakeChat } from '../support/fakeChat'
import { agentBin } from '../support/paths'
import { OPENCODE_SCRIPT, setUpOpencodeHome } from './setup'

/**
 * OpenCode 1.18.33, the real TUI in a pane, our plugin loaded through OPENCODE_CONFIG for this
 * launch, against a fake Chat Completions API.
 */
describe('OpenCode in a pane', () => {
  let h: AgentHarness
  let fake: FakeChat
  let configDir: string
  let userPluginLog: string
  let userConfigBefore: Record<string, string>
  let rootSession: string

  beforeAll(async () => {
    h = await AgentHarness.start('opencode')
    fake = await FakeChat.start(OPENCODE_SCRIPT)
    userPluginLog = join(h.root, 'user-plugin.log')
    const setup = setUpOpencodeHome(h.home, fake.url, userPluginLog)
    configDir = setup.configDir
    userConfigBefore = snapshotFiles(configDir)
    h.spawn('opencode', agentBin('opencode'), [], setup.env)
  })
  afterAll(async () => {
    await h?.dispose()
    await fake?.close()
  })

  /**
   * The option OpenCode draws next on its accent background (its selection), from the pane's
   * output as parsed; null when it draws none within `timeoutMs`.
   */
  const nextSelected = (timeoutMs: number): Promise<string | null> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        sub.dispose()
        resolve(null)
      }, timeoutMs)
      const sub = h.activePane.onDidParse((data) => {
        // eslint-disable-next-line no-control-regex
        const labels = [...data.matchAll(/\x1b\[48;2;245;167;66m([^\x1b]*[^\s\x1b])/g)].map((m) => m[1]!.trim())
        if (!labels.length) return
        clearTimeout(timer)
        sub.dispose()
        resolve(labels.at(-1)!)
      })
    })

  /**
   * Presses → until OpenCode has drawn `label` selected. Suite beside two CPU hogs: two arrows 150 ms
   * apart moved the selection once, and Enter took "Allow always" (its confirmation stayed up, and
   * the tests after it failed too). Each arrow now waits for the selection it drew; an arrow that
   * drew nothing within 3 s was not taken and is pressed again.
   */
  async function selectWithRight(label: string): Promise<void> {
    let last: string | null = null
    for (let press = 0; press < 6; press++) {
      const drawn = nextSelected(3000)
      h.press(Keys.right)
      last = (await drawn) ?? last
      if (last === label) return
    }
    throw new Error(`OpenCode never drew "${label}" selected (last: ${last}); screen:\n${h.screen()}`)
  }

  const idleOf = (session: string, from: number) =>
    h.waitForReport((r) => r.event === 'session.idle' && r.payload.sessionID === session, `session.idle of ${session}`, from)

  it('starts at its home screen with our plugin loaded', async () => {
    // The first start installs @opencode-ai/plugin from the npm registry (~6 s, measured).
    await h.waitForScreen(/Ask anything/, 90_000)
    expect(h.launch.env.OPENCODE_CONFIG).toMatch(/opencode\.json$/)
    expect(AgentHarness.allArgv()).not.toContain(h.token())
  })

  it('a plain turn: the prompt reaches the session, busy, then idle with the reply text', async () => {
    const from = h.reports.length
    const enter = await h.submit('[STEP1] Say hello')
    const chat = await h.waitForReport((r) => r.event === 'hook:chat.message', 'hook:chat.message', from)
    // A new session's first prompt: 0.3–0.7 s measured on an idle machine; CI shares two cores.
    expect(h.timing('opencode Enter→chat.message (new session)', chat.receivedAt - enter)).toBeLessThan(8000)
    rootSession = String(chat.payload.sessionID)
    expect(rootSession).toMatch(/^ses_/)
    await h.waitForReport((r) => r.event === 'session.status' && (r.payload.status as { type?: string })?.type === 'busy', 'busy', from)
    const idle = await idleOf(rootSession, from)
    expect(idle.payload.lastAssistantMessage).toBe('Hello! The project looks fine and there is nothing else to do here.')
    expect(idle.payload.rootSessionID).toBe(rootSession)
  })

  it('a permission allowed once: permission.asked before the dialog is drawn, permission.replied once', async () => {
    const from = h.reports.length
    await h.submit('[STEP2] Run the marker command')
    const dialogAt = await h.waitForScreen(/Permission required/)
    const asked = await h.waitForReport((r) => r.event === 'permission.asked', 'permission.asked', from)
    expect(asked.payload).toMatchObject({ sessionID: rootSession, rootSessionID: rootSession, permission: 'bash' })
    expect(h.timing('opencode permission.asked−dialog drawn', asked.receivedAt - dialogAt)).toBeLessThan(250)
    await h.dialogReady((s) => Boolean(s.dialog?.options.length), 'the permission dialog')
    const key = h.press(Keys.enter)
    const replied = await h.waitForReport((r) => r.event === 'permission.replied', 'permission.replied', from)
    expect(replied.payload.reply).toBe('once')
    expect(h.timing('opencode Enter→permission.replied', replied.receivedAt - key)).toBeLessThan(1000)
    const idle = await idleOf(rootSession, from)
    expect(idle.payload.lastAssistantMessage).toBe('The approved command finished.')
  })

  it('a permission rejected: permission.replied reject, then the turn ends', async () => {
    const from = h.reports.length
    await h.submit('[STEP3] Clean the build output')
    await h.waitForScreen(/Permission required/)
    await h.waitForReport((r) => r.event === 'permission.asked', 'permission.asked', from)
    await h.dialogReady((s) => Boolean(s.dialog?.options.length), 'the permission dialog')
    await selectWithRight('Reject')
    h.press(Keys.enter)
    const replied = await h.waitForReport((r) => r.event === 'permission.replied', 'permission.replied', from)
    expect(replied.payload.reply).toBe('reject')
    await idleOf(rootSession, from)
  })

  it('the question tool: question.asked, question.replied with the answer', async () => {
    const from = h.reports.length
    await h.submit('[STEP4] Pick a color')
    const shownAt = await h.waitForScreen(/Type your own answer/)
    const asked = await h.waitForReport((r) => r.event === 'question.asked', 'question.asked', from)
    expect(h.timing('opencode question.asked−dialog drawn', asked.receivedAt - shownAt)).toBeLessThan(250)
    await h.dialogReady((s) => Boolean(s.dialog?.options.length), 'the question dialog')
    h.press(Keys.enter)
    const replied = await h.waitForReport((r) => r.event === 'question.replied', 'question.replied', from)
    expect(replied.payload.answers).toEqual([['Red']])
    const idle = await idleOf(rootSession, from)
    expect(idle.payload.lastAssistantMessage).toBe('Thanks, noted your answer.')
  })

  it('a reply ending with a question: idle carries the text', async () => {
    const from = h.reports.length
    await h.submit('[STEP5] How should I build it')
    const idle = await idleOf(rootSession, from)
    expect(String(idle.payload.lastAssistantMessage).endsWith('?')).toBe(true)
  })

  it("a subagent: its session names the root, its permission reports the root, its idle is the child's", async () => {
    const from = h.reports.length
    await h.submit('[STEP6] Delegate to a subagent')
    const created = await h.waitForReport((r) => r.event === 'session.created' && r.payload.parentID === rootSession, 'child session.created', from)
    const child = String(created.payload.sessionID)
    expect(child).not.toBe(rootSession)
    await h.waitForScreen(/Permission required/)
    const asked = await h.waitForReport((r) => r.event === 'permission.asked', 'child permission.asked', from)
    expect(asked.payload).toMatchObject({ sessionID: child, rootSessionID: rootSession })
    await h.dialogReady((s) => Boolean(s.dialog?.options.length), "the child's permission dialog")
    h.press(Keys.enter)
    await h.waitForReport((r) => r.event === 'permission.replied', 'permission.replied', from)
    const childIdle = await idleOf(child, from)
    expect(childIdle.payload.rootSessionID).toBe(rootSession)
    const rootIdle = await idleOf(rootSession, from)
    expect(rootIdle.receivedAt).toBeGreaterThan(childIdle.receivedAt)
    expect(rootIdle.payload.lastAssistantMessage).toBe('The subagent finished its work.')
  })

  it('exit: no event at all (measured), only the process exit', async () => {
    const from = h.reports.length
    await h.submit('/exit')
    await h.waitForExit()
    // Every report it sent before it ended has been taken in (no connection of its is left open).
    await h.reportsSettled()
    expect(h.events(from).filter((e) => !e.startsWith('session.status') && e !== 'session.idle')).toEqual([])
  })

  it("left the user's config byte-identical, ran their plugin, wrote the token nowhere", () => {
    const after = snapshotFiles(configDir)
    for (const [file, hash] of Object.entries(userConfigBefore)) expect(after[file], file).toBe(hash)
    const userEvents = readFileSync(userPluginLog, 'utf8').split('\n').filter(Boolean)
    expect(userEvents).toContain('permission.asked')
    expect(userEvents).toContain('session.idle')
    expect(h.tokenLeaks()).toEqual([])
  })
})
