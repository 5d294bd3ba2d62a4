import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { AgentHarness, Keys } from '../support/harness'
import { FakeChat } from '../support/fakeChat'
import { ScenarioSteps, type AgentScenario, type AgentScenarioOptions, type ScenarioResult } from '../support/scenarioSteps'
import { sleep } from '../support/sse'
import { OPENCODE_SCRIPT, opencodeScript, setUpOpencodeHome } from './setup'

const PERMISSION = /Permission required/
const QUESTION = /Type your own answer/

/**
 * OpenCode through every scenario it has, for the fixture recordings (test/fixtures/opencode)
 * and `npm run agents:check`: a plain turn, a permission allowed once (resized while open), one
 * rejected (→ → Enter: the turn ends, no error shown), the question tool, a reply that asks,
 * exit. A turn ends when its screen does: the first frame with neither `esc interrupt` nor a
 * dialog after one was up (OpenCode's TUI draws `esc interrupt` exactly while its own session
 * status is not idle, the status its plugin reports, later under load), at the earliest at the
 * root session's idle report.
 */
/** OpenCode in a fresh harness at its prompt, after a plain turn (which names the root session): the steps to go on with. */
async function startOpencode(o: AgentScenarioOptions, h: AgentHarness, script: typeof OPENCODE_SCRIPT): Promise<ScenarioSteps> {
  const fake = await FakeChat.start(script)
  const dispose = h.dispose.bind(h)
  h.dispose = async () => (await dispose(), await fake.close())
  const setup = setUpOpencodeHome(h.home, fake.url, join(h.root, 'user-plugin.log'))
  const pane = h.spawn('opencode', o.bin, [], setup.env, { cols: o.cols, rows: o.rows })
  const session: { root?: unknown } = {}
  // At 50 columns the status line wraps between `esc` and `interrupt`. A dialog still drawn is
  // no end either: after a rejection OpenCode reported idle with its dialog up, then drew
  // `esc interrupt` for 0.2-0.8 s under load before its idle screen.
  const s = new ScenarioSteps(h, pane, /\besc\b.{0,40}?\binterrupt\b|△ Permission required|△ Always allow|enter submit|enter confirm|enter toggle/, (r) => {
    // Its status turns idle first; session.idle follows in the same millisecond, or 1.7 s later under load.
    const idle = r.event === 'session.idle' || (r.event === 'session.status' && (r.payload.status as { type?: string } | undefined)?.type === 'idle')
    return idle && (session.root === undefined || r.payload.sessionID === session.root)
  })
  // The first start installs @opencode-ai/plugin from the npm registry (~6 s).
  await s.start(/Ask anything/)

  const t = await s.submit('[STEP1] Say hello')
  const chat = await h.waitForReport((r) => r.event === 'hook:chat.message', 'hook:chat.message', t.from, 30_000)
  session.root = chat.payload.sessionID
  await s.turnEnd('plain turn', t.from, 'idle', undefined, t.at)
  return s
}

export async function runOpencodeScenario(o: AgentScenarioOptions): Promise<ScenarioResult> {
  const h = await AgentHarness.start('opencode')
  try {
    const s = await startOpencode(o, h, OPENCODE_SCRIPT)
    let t = await s.submit('[STEP2] Run the marker command')
    await s.dialog('permission yes', PERMISSION, 'blocked')
    await s.resizeWhileOpen('permission yes', 'blocked', o.cols, o.rows)
    const allowed = await s.answer('permission yes', t.from, [Keys.enter])
    await s.turnEnd('permission yes', t.from, 'idle', undefined, allowed)

    t = await s.submit('[STEP3] Clean the build output')
    await s.dialog('permission no', PERMISSION, 'blocked')
    // Reject: the turn ends without an error on screen; until then the agent finishes its turn.
    const rejected = await s.answer('permission no', t.from, [Keys.right, Keys.right, Keys.enter])
    await s.turnEnd('permission no', t.from, 'idle', undefined, rejected)

    t = await s.submit('[STEP4] Pick a color')
    await s.dialog('question', QUESTION, 'question')
    const answered = await s.answer('question', t.from, [Keys.enter])
    await s.turnEnd('question', t.from, 'idle', undefined, answered)

    t = await s.submit('[STEP5] How should I build it')
    await s.turnEnd('reply asks', t.from, 'reply-question', undefined, t.at)

    await s.exit('/exit')
    return s.result()
  } catch (error) {
    await h.dispose()
    throw error
  }
}

/**
 * OpenCode through the scenes its default scenario lacks (test/fixtures/opencode/*-work-*): an
 * edit allowed once (its dialog shows the diff, its header far above its choices), two questions
 * in one dialog (tabs, the second multi-select, its Review tab; resized while open), an API error
 * retried, a subagent's permission dialog, a reply interrupted with Esc twice while it streams.
 */
export async function runOpencodeWorkScenario(o: AgentScenarioOptions): Promise<ScenarioResult> {
  const h = await AgentHarness.start('opencode')
  try {
    writeFileSync(join(h.work, 'notes.txt'), 'alpha\n')
    const s = await startOpencode(o, h, opencodeScript(h.work))

    let t = await s.submit('[STEPED] Edit the notes')
    await s.dialog('edit yes', PERMISSION, 'blocked')
    const edited = await s.answer('edit yes', t.from, [Keys.enter])
    await s.turnEnd('edit yes', t.from, 'idle', undefined, edited)

    t = await s.submit('[STEPQ2] Plan the release')
    await s.dialog('two questions', /Who should own the release\?/, 'question')
    await s.resizeWhileOpen('two questions', 'question', o.cols, o.rows)
    const openAt = Date.now()
    await sleep(1000)
    // Enter takes the first owner and moves to the checks; Enter toggles, ↓ moves; → to the Review tab.
    h.press(Keys.enter)
    await h.waitForScreen(/Which checks must pass first\?/, 10_000)
    await sleep(800)
    h.press(Keys.enter)
    await sleep(500)
    h.press(Keys.down)
    await sleep(400)
    h.press(Keys.enter)
    await sleep(500)
    h.press(Keys.right)
    await h.waitForScreen(/enter submit/, 10_000)
    await sleep(1500)
    s.expectNever('two questions (tabs, toggles, review: the agent waits)', 'working', openAt)
    const submitted = await s.answer('two questions', t.from, [Keys.enter])
    await s.turnEnd('two questions', t.from, 'idle', undefined, submitted)

    t = await s.submit('[STEPERR] Try the flaky call')
    await s.turnEnd('api retry', t.from, 'idle', undefined, t.at)

    t = await s.submit('[STEP6] Delegate the subtask')
    await s.dialog('subagent', PERMISSION, 'blocked')
    const delegated = await s.answer('subagent', t.from, [Keys.enter])
    await s.turnEnd('subagent', t.from, 'idle', undefined, delegated)

    t = await s.submit('[STEPSLOW] Explain it slowly')
    await h.waitForScreen(/streams slowly/, 30_000)
    await sleep(600)
    h.press(Keys.esc)
    await sleep(300)
    h.press(Keys.esc)
    await h.waitForScreenGone(/\besc\b.{0,40}?\binterrupt\b/, 10_000)
    const stopped = Date.now()
    h.mark('idle', stopped)
    await s.expectState('interrupt', 'idle', stopped)
    await sleep(2000)

    t = await s.submit('[STEP5] How should I build it')
    await s.turnEnd('reply asks', t.from, 'reply-question', undefined, t.at)

    await s.exit('/exit')
    return s.result()
  } catch (error) {
    await h.dispose()
    throw error
  }
}

export const scenario: AgentScenario = { modes: ['default', 'work'], run: (o) => (o.mode === 'work' ? runOpencodeWorkScenario(o) : runOpencodeScenario(o)) }
