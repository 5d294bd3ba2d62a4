import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shippedAgents } from '../../../src/board/agents/agentCatalog'
import { resumeCommand } from '../../../src/board/agents/resume'
import { answerPane } from '../../../src/board/answer/answerPane'
import { liveDialog } from '../../../src/board/answer/liveDialog'
import type { Pane } from '../../../src/board/panes/pane'
import { realClock } from '../../../src/board/util/clock'
import { AgentHarness, snapshotFiles } from '../support/harness'
import { FakeChat } from '../support/fakeChat'
import { LoopbackProxy } from '../support/loopbackProxy'
import { HERMES_VERSION, hermesBin } from '../support/paths'
import { sleep } from '../support/sse'
import { APPROVAL, CLARIFY } from './scenario'
import { HERMES_SCRIPT, SMART_REVIEW_MS, hermesAuxiliary, setUpHermesHome, type HermesHome } from './setup'

/**
 * Hermes Agent 0.19.0, the real classic CLI in a pane, our plugin added for this launch (a private
 * bundled-plugins folder, HERMES_BUNDLED_PLUGINS), against a fake OpenAI-compatible server, in its
 * default `smart` approvals mode. Dialogs are answered through the board's answer path, as the
 * answer box does. The user's own shell hook and plugin must keep running, their ~/.hermes stay
 * byte-identical, and nothing may leave the machine (a loopback proxy refuses and records it).
 */
describe('Hermes in a pane', () => {
  let h: AgentHarness
  let fake: FakeChat
  let proxy: LoopbackProxy
  let setup: HermesHome
  let pane: Pane
  let userFilesBefore: Record<string, string>
  let userConfigBefore: string
  let sessionId: string
  const resumed: AgentHarness[] = []

  beforeAll(async () => {
    h = await AgentHarness.start('hermes')
    fake = await FakeChat.start(HERMES_SCRIPT, 'Fake harness session', hermesAuxiliary)
    proxy = await LoopbackProxy.start()
    setup = setUpHermesHome(h.home, join(h.root, 'tmp'), fake.url, proxy, HERMES_VERSION)
    userFilesBefore = snapshotFiles(setup.hermesHome)
    userConfigBefore = readFileSync(join(setup.hermesHome, 'config.yaml'), 'utf8')
    pane = h.spawn('hermes', hermesBin(), [], setup.env)
  })
  afterAll(async () => {
    for (const r of resumed) await r.dispose()
    await h?.dispose()
    await fake?.close()
    await proxy?.close()
  })

  /**
   * The dialog the board offers once its options are drawn. A report can make the pane blocked or
   * question before Hermes has drawn the options (seen under load in CI): reading once there gives
   * no dialog, while a user sees the answer box fill in a moment later.
   */
  async function shownDialog(timeoutMs = 10_000): Promise<Awaited<ReturnType<typeof liveDialog>>> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const snap = await liveDialog(pane)
      if (snap.dialog?.options.length) return snap
      if (Date.now() > deadline) throw new Error(`the board offered no dialog options within ${timeoutMs} ms: ${JSON.stringify(snap)}`)
      await sleep(50)
    }
  }

  /**
   * Answers the open dialog with the option labelled `label`, through the board's answer path,
   * once the board reads the dialog with its options (no fixed wait before it).
   */
  async function answer(label: RegExp): Promise<number> {
    const snap = await shownDialog()
    const option = snap.dialog?.options.find((o) => label.test(o.label))
    if (!option) throw new Error(`no option ${label} in ${JSON.stringify(snap.dialog)}`)
    const at = Date.now()
    expect(await answerPane(pane, { kind: 'option', key: option.key, fingerprint: snap.fingerprint! }, realClock)).toMatchObject({ ok: true })
    return at
  }

  it('starts at its prompt, our plugin in a private bundled-plugins folder; no token in any argv', async () => {
    await h.waitForScreen(/Welcome to Hermes Agent/, 90_000)
    await h.waitForState('idle', 15_000)
    const bundled = h.launch.env.HERMES_BUNDLED_PLUGINS!
    expect(bundled.startsWith(h.runtimeDir)).toBe(true)
    expect(existsSync(join(bundled, 'switchboard', '__init__.py'))).toBe(true)
    // Every bundled plugin of the install is still there, beside ours.
    expect(existsSync(join(bundled, 'disk-cleanup', 'plugin.yaml'))).toBe(true)
    expect(h.launch.argv).toEqual([hermesBin()])
    expect(AgentHarness.allArgv()).not.toContain(h.token())
    expect(h.reports, 'no hook fires before the first prompt').toEqual([])
  })

  it('a plain turn: pre_llm_call, then on_session_end with the reply; the session id is the banner’s', async () => {
    const from = h.reports.length
    const enter = await h.submit('[STEP1] Summarize the project')
    const start = await h.waitForReport((r) => r.event === 'pre_llm_call', 'pre_llm_call', from, 60_000)
    h.timing('hermes Enter→pre_llm_call', start.receivedAt - enter)
    const end = await h.waitForReport((r) => r.event === 'on_session_end', 'on_session_end', from, 60_000)
    expect(end.payload).toMatchObject({
      completed: true,
      interrupted: false,
      lastAssistantMessage: 'The project has a README and two source folders. Nothing to fix.',
    })
    expect(h.events(from)).toEqual(['on_session_start', 'pre_llm_call', 'pre_api_request', 'on_session_end'])
    sessionId = String(end.payload.session_id)
    expect(h.flatScreen()).toContain(`Session: ${sessionId}`)
    await h.waitForState('idle', 5000)
    expect(pane.info().sessionId).toBe(sessionId)
  })

  it('smart mode escalates: the reviewer is asked first (working), then the dialog — Allow once from the board', async () => {
    const from = h.reports.length
    await h.submit('[STEP2] Remove the approved temp dir')
    const review = await h.waitForReport((r) => r.event === 'pre_approval_request', 'pre_approval_request (smart)', from, 60_000)
    expect(review.payload).toMatchObject({ surface: 'smart', tool_input: { command: 'rm -rf ./harness-approved-tmp' } })
    expect(pane.verdict.state, 'while the reviewer decides').toBe('working')
    const dialogAt = await h.waitForScreen(APPROVAL, 30_000)
    const asked = await h.waitForReport((r) => r.event === 'pre_approval_request' && r.payload.surface === 'cli', 'pre_approval_request (cli)', from)
    h.timing('hermes reviewer → dialog', asked.receivedAt - review.receivedAt)
    h.timing('hermes pre_approval_request(cli) − dialog drawn', asked.receivedAt - dialogAt)
    expect(asked.receivedAt - review.receivedAt).toBeGreaterThanOrEqual(SMART_REVIEW_MS - 100)
    const blocked = await h.waitForState('blocked', 2000)
    expect(blocked.evidence.map((e) => e.detail).join('; ')).toContain('hermes.approval')
    const snap = await shownDialog()
    expect(snap.dialog?.options.map((o) => `${o.key}. ${o.label}`)).toEqual([
      '1. Allow once',
      '2. Allow for this session',
      '3. Add to permanent allowlist',
      '4. Deny',
    ])
    expect(snap.optionsAnswerable).toBe(true)
    const key = await answer(/^Allow once$/)
    const reply = await h.waitForReport((r) => r.event === 'post_approval_response', 'post_approval_response', from)
    expect(reply.payload).toMatchObject({ surface: 'cli', choice: 'once' })
    h.timing('hermes key → post_approval_response', reply.receivedAt - key)
    await h.waitForReport((r) => r.event === 'post_tool_call' && r.payload.status === 'ok', 'post_tool_call ok', from)
    const end = await h.waitForReport((r) => r.event === 'on_session_end', 'on_session_end', from, 60_000)
    expect(end.payload.lastAssistantMessage).toBe('Removed the approved temp dir.')
    // Why the token travels in a file of its own: the terminal tool keeps `export -p` of its shell
    // (this pane's environment) in $TMPDIR/hermes-snap-<id>.sh while Hermes runs (0600, removed at
    // the end, left behind by a crash), so a token in the environment would be written there too.
    const snaps = readdirSync(join(h.root, 'tmp')).filter((f) => /^hermes-snap-\w+\.sh$/.test(f))
    expect(snaps).toHaveLength(1)
    const shellSnapshot = join(h.root, 'tmp', snaps[0]!)
    expect(readFileSync(shellSnapshot, 'utf8')).toContain('SWITCHBOARD_REPORT_TOKEN_FILE')
    expect(statSync(shellSnapshot).mode & 0o777).toBe(0o600)
  })

  it('the clarify question: pre_tool_call(clarify) says question, answered 1 from the board', async () => {
    const from = h.reports.length
    await h.submit('[STEP3] Pick a color')
    await h.waitForScreen(CLARIFY, 60_000)
    const ask = await h.waitForReport((r) => r.event === 'pre_tool_call' && r.payload.tool_name === 'clarify', 'pre_tool_call(clarify)', from)
    expect(ask.payload.questions).toEqual([{ question: 'Which color should the widget use?' }])
    await h.waitForState('question', 2000)
    const snap = await shownDialog()
    expect(snap.dialog?.options.map((o) => o.label)).toEqual(['Red', 'Blue', 'Other (type your answer)'])
    await answer(/^Red$/)
    await h.waitForReport((r) => r.event === 'post_tool_call' && r.payload.tool_name === 'clarify', 'post_tool_call(clarify)', from)
    await h.waitForReport((r) => r.event === 'on_session_end', 'on_session_end', from, 60_000)
    // The model got the choice.
    expect(fake.bodies.at(-1)).toContain('Red')
  })

  it("the clarify question's Other: chosen, typed and submitted from the board (free text)", async () => {
    const from = h.reports.length
    await h.submit('[STEP8] Pick a database')
    await h.waitForScreen(/Which database should it use\?/, 60_000)
    await h.waitForState('question', 5000)
    const snap = await shownDialog()
    expect(snap.freeTextKey).toBe('3')
    const result = await answerPane(pane, { kind: 'free-text', key: '3', text: 'MariaDB, please', fingerprint: snap.fingerprint! }, realClock)
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true })
    await h.waitForReport((r) => r.event === 'post_tool_call' && r.payload.tool_name === 'clarify', 'post_tool_call(clarify)', from)
    await h.waitForReport((r) => r.event === 'on_session_end', 'on_session_end', from, 60_000)
    expect(fake.bodies.at(-1)).toContain('MariaDB, please')
  })

  it('a reply ending with a question: on_session_end carries it, the badge says asked', async () => {
    const from = h.reports.length
    await h.submit('[STEP4] How should I build it')
    const end = await h.waitForReport((r) => r.event === 'on_session_end', 'on_session_end', from, 60_000)
    expect(String(end.payload.lastAssistantMessage).endsWith('?')).toBe(true)
    await h.waitForState('asked', 3000)
  })

  it('the reviewer denies: the owner’s two-option dialog, Deny from the board; the turn goes on to its end', async () => {
    const from = h.reports.length
    await h.submit('[STEP7] Remove the protected dir')
    const verdict = await h.waitForReport(
      (r) => r.event === 'post_approval_response' && r.payload.surface === 'smart',
      'post_approval_response (smart)',
      from,
      60_000,
    )
    expect(verdict.payload).toMatchObject({ choice: 'smart_deny', decided_by: 'aux_llm' })
    await h.waitForScreen(APPROVAL)
    await h.waitForState('blocked', 2000)
    const snap = await shownDialog()
    expect(snap.dialog?.options.map((o) => o.label)).toEqual(['Allow once', 'Deny'])
    await answer(/^Deny$/)
    const reply = await h.waitForReport((r) => r.event === 'post_approval_response' && r.payload.surface === 'cli', 'post_approval_response (cli)', from)
    expect(reply.payload.choice).toBe('deny')
    await h.waitForReport((r) => r.event === 'post_tool_call' && r.payload.status === 'error', 'post_tool_call error', from)
    const end = await h.waitForReport((r) => r.event === 'on_session_end', 'on_session_end', from, 60_000)
    expect(end.payload.lastAssistantMessage).toBe('Left it in place.')
  })

  it("a long command: 'Show full command' is no answer (it only redraws the box); Deny from the board", async () => {
    const from = h.reports.length
    await h.submit('[STEP9] Clear the generated output')
    await h.waitForScreen(/Show full command/, 60_000)
    await h.waitForState('blocked', 2000)
    const snap = await shownDialog()
    expect(snap.dialog?.options.map((o) => `${o.key}. ${o.label}`)).toEqual([
      '1. Allow once',
      '2. Allow for this session',
      '3. Add to permanent allowlist',
      '4. Deny',
    ])
    await answer(/^Deny$/)
    const reply = await h.waitForReport((r) => r.event === 'post_approval_response' && r.payload.surface === 'cli', 'post_approval_response (cli)', from)
    expect(reply.payload.choice).toBe('deny')
    await h.waitForReport((r) => r.event === 'on_session_end', 'on_session_end', from, 60_000)
  })

  it('the reviewer approves: no dialog, and the badge never leaves working until the turn ends', async () => {
    const from = h.reports.length
    const states: string[] = []
    const sub = pane.onDidChangeState((c) => states.push(c.info.verdict.state))
    await h.submit('[STEP6] Remove the reviewed temp dir')
    const verdict = await h.waitForReport((r) => r.event === 'post_approval_response', 'post_approval_response (smart)', from, 60_000)
    expect(verdict.payload).toMatchObject({ surface: 'smart', choice: 'smart_approve' })
    await h.waitForReport((r) => r.event === 'on_session_end', 'on_session_end', from, 60_000)
    await h.waitForState('idle', 3000)
    sub.dispose()
    expect(states.filter((s) => s !== 'working' && s !== 'idle')).toEqual([])
    expect(h.events(from).filter((e) => e === 'pre_approval_request')).toHaveLength(1)
  })

  it('exit: on_session_finalize, then the process exits; the user’s hook and plugin ran', async () => {
    const from = h.reports.length
    await sleep(500)
    await h.submit('/exit')
    const finalize = await h.waitForReport((r) => r.event === 'on_session_finalize', 'on_session_finalize', from, 30_000)
    expect(finalize.payload).toMatchObject({ reason: 'shutdown', session_id: sessionId })
    const exitAt = await h.waitForExit(30_000)
    h.timing('hermes on_session_finalize → exit', exitAt - finalize.receivedAt)
    expect(h.flatScreen()).toContain(`hermes --resume ${sessionId}`)
    expect(pane.verdict.state).toBe('exited')
    // Their shell hook got every prompt, their plugin every turn end: eight turns (and Hermes' own
    // background review, when it ran one, fires both too).
    expect(readFileSync(setup.userHookLog, 'utf8').match(/"hook_event_name": "pre_llm_call"/g)?.length).toBeGreaterThanOrEqual(8)
    const ended = readFileSync(setup.userPluginLog, 'utf8').trim().split('\n')
    expect(ended.length).toBeGreaterThanOrEqual(8)
    expect(new Set(ended)).toEqual(new Set([`on_session_end ${sessionId}`]))
  })

  it("left the user's ~/.hermes byte-identical, wrote the token nowhere, and sent nothing off the machine", () => {
    // The text first: a changed config.yaml shows what changed.
    expect(readFileSync(join(setup.hermesHome, 'config.yaml'), 'utf8')).toBe(userConfigBefore)
    const after = snapshotFiles(setup.hermesHome)
    for (const [file, hash] of Object.entries(userFilesBefore)) expect(after[file], file).toBe(hash)
    expect(h.tokenLeaks()).toEqual([])
    expect(proxy.attempts).toEqual([])
  })

  it('resumes with hermes --resume <id>: the fake model gets the earlier conversation', async () => {
    const argv = resumeCommand(shippedAgents().get('hermes')!.manifest.resume, [hermesBin()], sessionId)!
    expect(argv).toEqual([hermesBin(), '--resume', sessionId])
    const r = await AgentHarness.start('hermes-resume')
    resumed.push(r)
    r.spawn('hermes', argv[0]!, argv.slice(1), { ...setup.env, HOME: h.home })
    await r.waitForScreen(/Welcome to Hermes Agent/, 90_000)
    await r.waitForState('idle', 15_000)
    const from = fake.bodies.length
    await r.submit('[STEP1] Once more please')
    const end = await r.waitForReport((x) => x.event === 'on_session_end', 'on_session_end', 0, 60_000)
    expect(end.payload.session_id).toBe(sessionId)
    const next = fake.bodies.slice(from).find((b) => b.includes('Once more please') && b.includes('"tools"'))
    expect(next).toContain('Summarize the project')
    expect(next).toContain('Pick a color')
  })
})
