import { join } from 'node:path'
import { AgentHarness, Keys } from '../support/harness'
import { FakeChat } from '../support/fakeChat'
import { sleep } from '../support/sse'
import { ScenarioSteps, type AgentScenario, type AgentScenarioOptions, type ScenarioResult } from '../support/scenarioSteps'
import { PI_SCRIPT, setUpPiHome } from './setup'

const GATE = /Dangerous command/
const QUESTION = /Enter to select/

/**
 * Pi through every scenario it has, for the fixture recordings (test/fixtures/pi) and
 * `npm run agents:check`. Pi core has no dialogs: the package's own example extensions
 * (permission-gate.ts, question.ts) stand in for the user's. A plain turn, the gate answered yes
 * (resized while open), the question, a reply that asks, the gate answered No (Pi tells the
 * model, the turn goes on), exit. A turn ends at `agent_end` once `Working...` is gone.
 */
export async function runPiScenario(o: AgentScenarioOptions): Promise<ScenarioResult> {
  const h = await AgentHarness.start('pi')
  const fake = await FakeChat.start(PI_SCRIPT)
  const dispose = h.dispose.bind(h)
  h.dispose = async () => (await dispose(), await fake.close())
  try {
    const setup = setUpPiHome(h.home, fake.url)
    const examples = join(o.bin, '..', '..', '@mariozechner', 'pi-coding-agent', 'examples', 'extensions')
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
    const pane = h.spawn('pi', o.bin, userArgs, setup.env, { cols: o.cols, rows: o.rows })
    const s = new ScenarioSteps(h, pane, /Working\.\.\./, (r) => r.event === 'agent_end')
    await s.start(/fake-model/, 'session_start')

    let t = await s.submit('[STEP1] Summarize the project')
    await s.turnEnd('plain turn', t.from, 'idle')

    t = await s.submit('[STEP2] Remove the approved temp dir')
    await s.dialog('permission yes', GATE, 'blocked')
    await s.resizeWhileOpen('permission yes', 'blocked', o.cols, o.rows)
    await s.answer('permission yes', t.from, [Keys.enter])
    await s.turnEnd('permission yes', t.from, 'idle')

    t = await s.submit('[STEP3] Pick a color')
    await s.dialog('question', QUESTION, 'question')
    await s.answer('question', t.from, [Keys.enter])
    await s.turnEnd('question', t.from, 'idle')

    t = await s.submit('[STEP4] How should I build it')
    await s.turnEnd('reply asks', t.from, 'reply-question')

    t = await s.submit('[STEP5] Clean the build output')
    await s.dialog('permission no', GATE, 'blocked')
    await s.answer('permission no', t.from, [Keys.down, Keys.enter])
    await s.turnEnd('permission no', t.from, 'idle')

    // agent_end comes 7–34 ms before Pi leaves its working state; a line typed before that is queued.
    await sleep(800)
    await s.exit('/quit')
    return s.result()
  } catch (error) {
    await h.dispose()
    throw error
  }
}

export const scenario: AgentScenario = { modes: ['default'], run: runPiScenario }
