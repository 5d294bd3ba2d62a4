import { join } from 'node:path'
import { AgentHarness } from '../support/harness'
import { FakeGemini } from '../support/fakeGemini'
import { ScenarioSteps, type AgentScenario, type AgentScenarioOptions, type ScenarioResult } from '../support/scenarioSteps'
import { GEMINI_SCRIPT, geminiEnv, setUpGeminiHome } from './setup'

const PERMISSION = /Allow execution of \[Shell\]\?/
const QUESTION = /Answer Questions/
/** The status row of a running turn: its spinner and elapsed time, or the hooks it runs (see gemini.working). */
export const WORKING = /\(esc to cancel, \d|[\u2800-\u28FF] Executing Hooks?:/

/**
 * Gemini CLI through every scenario it has, for the fixture recordings (test/fixtures/gemini) and
 * `npm run agents:check`: a plain turn, the permission box answered yes (resized while open), the
 * question (ask_user) answered with a digit, a reply that asks, the permission box declined with
 * Esc ("No, suggest changes (esc)": no hook), exit. A turn ends at AfterAgent once the status
 * row's `(esc to cancel` is gone.
 */
export async function runGeminiScenario(o: AgentScenarioOptions): Promise<ScenarioResult> {
  const h = await AgentHarness.start('gemini')
  h.echoBeforeEnter = true
  const fake = await FakeGemini.start(GEMINI_SCRIPT)
  const dispose = h.dispose.bind(h)
  h.dispose = async () => (await dispose(), await fake.close())
  try {
    setUpGeminiHome(h.home, h.work, join(h.root, 'user-hooks.jsonl'))
    const pane = h.spawn('gemini', o.bin, [], geminiEnv(fake.url), { cols: o.cols, rows: o.rows })
    const s = new ScenarioSteps(h, pane, WORKING, (r) => r.event === 'AfterAgent')
    await s.start(/Type your message/, 'SessionStart')

    let t = await s.submit('[STEP1] Summarize the project')
    await s.turnEnd('plain turn', t.from, 'idle', undefined, t.at)

    t = await s.submit('[STEP2] Remove the approved temp dir')
    await s.dialog('permission yes', PERMISSION, 'blocked')
    await s.resizeWhileOpen('permission yes', 'blocked', o.cols, o.rows)
    await s.answer('permission yes', t.from, ['1'])
    await s.turnEnd('permission yes', t.from, 'idle', undefined, t.at)

    t = await s.submit('[STEP3] Pick a color')
    await s.dialog('question', QUESTION, 'question')
    await s.answer('question', t.from, ['2'])
    await s.turnEnd('question', t.from, 'idle', undefined, t.at)

    t = await s.submit('[STEP4] How should I build it')
    await s.turnEnd('reply asks', t.from, 'reply-question', undefined, t.at)

    t = await s.submit('[STEP5] Clean the build output')
    await s.dialog('permission no', PERMISSION, 'blocked')
    await s.escape('permission no', PERMISSION, /Request cancelled/)

    await s.exit('/quit', /Agent powering down\. Goodbye!/)
    return s.result()
  } catch (error) {
    // What the fake model was asked and what Gemini reported, for a run that stalled.
    const why = `model requests ${JSON.stringify(fake.requests)}; reports ${h.events().join(', ')}`
    await h.dispose()
    throw error instanceof Error ? Object.assign(error, { message: `${error.message}\n${why}` }) : error
  }
}

export const scenario: AgentScenario = { modes: ['default'], run: runGeminiScenario }
