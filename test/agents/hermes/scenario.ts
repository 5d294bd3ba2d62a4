import { AgentHarness } from '../support/harness'
import { FakeChat } from '../support/fakeChat'
import { LoopbackProxy } from '../support/loopbackProxy'
import { ScenarioSteps, type AgentScenario, type AgentScenarioOptions, type ScenarioResult } from '../support/scenarioSteps'
import { HERMES_SCRIPT, hermesAuxiliary, setUpHermesHome } from './setup'
import { join } from 'node:path'

export const APPROVAL = /Dangerous Command/
export const CLARIFY = /Hermes needs your input/
/** The input line's placeholder while the agent loop runs (cli.py `_get_placeholder`); gone at the prompt and in dialogs. */
export const WORKING = /msg=interrupt/

/**
 * Hermes Agent through every scenario it has, in its default `smart` approvals mode, for the
 * fixture recordings (test/fixtures/hermes) and `npm run agents:check`: a plain turn, a command
 * the reviewer escalates answered Allow once (resized while open), the clarify question, a reply
 * that asks, an escalated command denied, a command the reviewer approves (no dialog: the board
 * must stay working while it decides), one it denies (the owner's two-option dialog, denied),
 * exit. A turn ends at on_session_end once the working placeholder is gone.
 */
export async function runHermesScenario(o: AgentScenarioOptions): Promise<ScenarioResult> {
  const h = await AgentHarness.start('hermes')
  const fake = await FakeChat.start(HERMES_SCRIPT, 'Fake harness session', hermesAuxiliary)
  const proxy = await LoopbackProxy.start()
  const dispose = h.dispose.bind(h)
  h.dispose = async () => (await dispose(), await fake.close(), await proxy.close())
  try {
    const setup = setUpHermesHome(h.home, join(h.root, 'tmp'), fake.url, proxy, o.version)
    const pane = h.spawn('hermes', o.bin, [], setup.env, { cols: o.cols, rows: o.rows })
    const s = new ScenarioSteps(h, pane, WORKING, (r) => r.event === 'on_session_end')
    await s.start(/Welcome to Hermes Agent/)

    let t = await s.submit('[STEP1] Summarize the project')
    await s.turnEnd('plain turn', t.from, 'idle', undefined, t.at)

    t = await s.submit('[STEP2] Remove the approved temp dir')
    await s.dialog('permission yes', APPROVAL, 'blocked')
    await s.resizeWhileOpen('permission yes', 'blocked', o.cols, o.rows)
    const yes = await s.answer('permission yes', t.from, ['1'])
    await s.turnEnd('permission yes', t.from, 'idle', undefined, yes)

    t = await s.submit('[STEP3] Pick a color')
    await s.dialog('question', CLARIFY, 'question')
    const picked = await s.answer('question', t.from, ['1'])
    await s.turnEnd('question', t.from, 'idle', undefined, picked)

    t = await s.submit('[STEP4] How should I build it')
    await s.turnEnd('reply asks', t.from, 'reply-question', undefined, t.at)

    t = await s.submit('[STEP5] Clean the build output')
    await s.dialog('permission no', APPROVAL, 'blocked')
    const no = await s.answer('permission no', t.from, ['4'])
    await s.turnEnd('permission no', t.from, 'idle', undefined, no)

    t = await s.submit('[STEP6] Remove the reviewed temp dir')
    await s.turnEnd('smart approve', t.from, 'idle', undefined, t.at)
    s.expectNever('smart approve (the reviewer decides)', 'blocked', t.at)

    t = await s.submit('[STEP7] Remove the protected dir')
    await s.dialog('smart deny', APPROVAL, 'blocked')
    const denied = await s.answer('smart deny', t.from, ['2'])
    await s.turnEnd('smart deny', t.from, 'idle', undefined, denied)

    await s.exit('/exit')
    if (proxy.attempts.length) s.failures.push(`Hermes tried to leave the machine: ${proxy.attempts.join(', ')}`)
    return s.result()
  } catch (error) {
    await h.dispose()
    throw error
  }
}

export const scenario: AgentScenario = { modes: ['default'], run: runHermesScenario }
