import { join } from 'node:path'
import { AgentHarness, Keys } from '../support/harness'
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

export const scenario: AgentScenario = { modes: ['default'], run: runCodexScenario }
