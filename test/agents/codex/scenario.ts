import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { AgentHarness, Keys } from '../support/harness'
import { sleep } from '../support/sse'
import { FakeResponses } from '../support/fakeResponses'
import { ScenarioSteps, type AgentScenario, type AgentScenarioOptions, type ScenarioResult } from '../support/scenarioSteps'
import { CODEX_SCRIPT, codexEnv, setUpCodexHome } from './setup'

const APPROVAL = /Would you like to run the following command\?/
const QUESTION = /Question 1\/1/

/**
 * Codex through every scenario it has, for the fixture recordings (test/fixtures/codex) and
 * `npm run agents:check`: a plain turn, an approval answered yes (resized while open), an
 * approval cancelled with Esc, a reply that asks, a question (request_user_input in Plan mode),
 * exit. Truth: see ScenarioSteps; the turn ends at Stop once `Working (` is gone.
 */
export async function runCodexScenario(o: AgentScenarioOptions): Promise<ScenarioResult> {
  const h = await AgentHarness.start('codex')
  const fake = await FakeResponses.start(CODEX_SCRIPT)
  const dispose = h.dispose.bind(h)
  h.dispose = async () => (await dispose(), await fake.close())
  try {
    const codexHome = join(h.home, '.codex')
    setUpCodexHome(codexHome, h.work, fake.url, join(h.root, 'user-hooks.jsonl'))
    const pane = h.spawn('codex', o.bin, [], codexEnv(codexHome), { cols: o.cols, rows: o.rows })
    const s = new ScenarioSteps(h, pane, /Working \(/, (r) => r.event === 'Stop')
    // 0.171 reports SessionStart with the first prompt, not at launch: the composer is the start.
    await s.start(/Ask Codex to do anything/)

    let t = await s.submit('[STEP1] check the workspace')
    await s.turnEnd('plain turn', t.from, 'idle')

    t = await s.submit('[STEP2] create the marker file')
    await s.dialog('permission yes', APPROVAL, 'blocked')
    await s.resizeWhileOpen('permission yes', 'blocked', o.cols, o.rows)
    await s.answer('permission yes', t.from, ['y'])
    await s.turnEnd('permission yes', t.from, 'idle')

    t = await s.submit('[STEP5] clean the build output')
    await s.dialog('permission no', APPROVAL, 'blocked')
    await s.escape('permission no', APPROVAL, /Conversation interrupted/)

    t = await s.submit('[STEP4] how should I build it')
    await s.turnEnd('reply asks', t.from, 'reply-question')

    h.press(Keys.shiftTab)
    await h.waitForScreen(/Plan mode/)
    await new Promise((r) => setTimeout(r, 1000))
    t = await s.submit('[STEP7] pick a color')
    await s.dialog('question', QUESTION, 'question')
    await s.answer('question', t.from, ['2'])
    await s.turnEnd('question', t.from, 'idle')

    await s.exit('/exit')
    return s.result()
  } catch (error) {
    await h.dispose()
    throw error
  }
}

/**
 * Codex through the scenes its default scenario lacks (test/fixtures/codex/*-work-*): an edit
 * through an escalated command (approved), an API error retried, one that ends the turn (OSC 7501
 * `state=error`, no Stop), a reply interrupted with Esc while it streams, two questions in one
 * request_user_input (Plan mode; resized while open, answered one digit each, then submitted).
 */
export async function runCodexWorkScenario(o: AgentScenarioOptions): Promise<ScenarioResult> {
  const h = await AgentHarness.start('codex')
  const fake = await FakeResponses.start(CODEX_SCRIPT)
  const dispose = h.dispose.bind(h)
  h.dispose = async () => (await dispose(), await fake.close())
  try {
    const codexHome = join(h.home, '.codex')
    setUpCodexHome(codexHome, h.work, fake.url, join(h.root, 'user-hooks.jsonl'), true, 2)
    writeFileSync(join(h.work, 'notes.txt'), 'alpha\n')
    const pane = h.spawn('codex', o.bin, [], codexEnv(codexHome), { cols: o.cols, rows: o.rows })
    const s = new ScenarioSteps(h, pane, /Working \(/, (r) => r.event === 'Stop')
    await s.start(/Ask Codex to do anything/)

    let t = await s.submit('[STEPED] edit the notes')
    await s.dialog('edit yes', APPROVAL, 'blocked')
    await s.answer('edit yes', t.from, ['y'])
    await s.turnEnd('edit yes', t.from, 'idle')

    t = await s.submit('[STEPERR] try the flaky call')
    await s.turnEnd('api retry', t.from, 'idle')
    s.expectNever('api retry (Codex retries)', 'idle', t.at + 500, Date.now() - 2500)

    // Retries run out: the error line, the composer back; Codex sends no Stop.
    t = await s.submit('[STEPFAIL] try the broken call')
    await h.waitForScreen(/■ /, 60_000)
    await h.waitForScreenGone(/Working \(/, 30_000)
    const failed = Date.now()
    h.mark('idle', failed)
    await s.expectState('api error', 'idle', failed)
    await sleep(2000)

    t = await s.submit('[STEPSLOW] explain it slowly')
    await h.waitForScreen(/streams slowly/, 30_000)
    await sleep(600)
    h.press(Keys.esc)
    await h.waitForScreen(/Conversation interrupted/, 10_000)
    await h.waitForScreenGone(/Working \(/, 10_000)
    const stopped = Date.now()
    h.mark('idle', stopped)
    await s.expectState('interrupt', 'idle', stopped)
    await sleep(2000)

    h.press(Keys.shiftTab)
    await h.waitForScreen(/Plan mode/)
    await sleep(1000)
    t = await s.submit('[STEPQ2] plan the release')
    await s.dialog('two questions', /Question 1\/2/, 'question')
    await s.resizeWhileOpen('two questions', 'question', o.cols, o.rows)
    const openAt = Date.now()
    await sleep(1500)
    // A digit answers one question and moves to the next; on the last, it submits them all.
    h.press('1')
    await h.waitForScreen(/Question 2\/2/, 10_000)
    await sleep(500)
    s.expectNever('two questions (one answered, the agent waits)', 'working', openAt)
    await s.answer('two questions', t.from, ['2'])
    await s.turnEnd('two questions', t.from, 'idle')

    await s.exit('/exit')
    return s.result()
  } catch (error) {
    await h.dispose()
    throw error
  }
}

export const scenario: AgentScenario = { modes: ['default', 'work'], run: (o) => (o.mode === 'work' ? runCodexWorkScenario(o) : runCodexScenario(o)) }
