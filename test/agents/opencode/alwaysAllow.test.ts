import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { AgentHarness, Keys } from '../support/harness'
import { FakeChat } from '../support/fakeChat'
import { agentBin } from '../support/paths'
import { sleep } from '../support/sse'
import { OPENCODE_SCRIPT, setUpOpencodeHome } from './setup'

/**
 * OpenCode 1.18.33's "Allow always": the permission dialog gives way to a confirmation
 * ("△ Always allow", Confirm / Cancel) that still waits for the user. The board keeps saying
 * blocked through both, and working from the Enter that confirms. RECORD_FIXTURES=DIR saves the run as
 * DIR/opencode11833-always-allow-120x32.cast, the recording that exercises
 * opencode.always-allow-dialog (test/fixtures/opencode).
 */
describe('OpenCode: a permission allowed always', () => {
  let h: AgentHarness
  let fake: FakeChat

  beforeAll(async () => {
    h = await AgentHarness.start('opencode-always')
    fake = await FakeChat.start(OPENCODE_SCRIPT)
    const setup = setUpOpencodeHome(h.home, fake.url, join(h.root, 'user-plugin.log'))
    h.spawn('opencode', agentBin('opencode'), [], setup.env)
  })
  afterAll(async () => {
    await h?.dispose()
    await fake?.close()
  })

  it('is blocked on the dialog and on its confirmation, then works and ends idle', async () => {
    await h.waitForScreen(/Ask anything/, 90_000)
    await sleep(1000)
    const from = h.reports.length
    await h.submit('[STEP2] Run the marker command')
    // The truth starts at the dialog: this recording is for the dialog and its confirmation.
    const dialogAt = await h.waitForScreen(/Permission required/)
    h.recorder.mark('state:blocked', dialogAt)
    await h.waitForState('blocked', 5_000)
    await h.dialogReady((s) => Boolean(s.dialog?.options.length), 'the permission dialog')
    h.press(Keys.right)
    await sleep(150)
    h.press(Keys.enter)
    await h.waitForScreen(/Always allow/)
    // The board has read the confirmation itself (its own rule), not only the dialog before it.
    await h.waitFor(() => /opencode\.always-allow-dialog/.test(h.activePane.verdict.evidence.map((e) => e.detail).join(' ')) || null, 'the confirmation read')
    expect(h.activePane.verdict.state).toBe('blocked')
    const states: { at: number; state: string }[] = []
    const sub = h.activePane.onDidChangeState((c) => states.push({ at: Date.now(), state: c.info.verdict.state }))
    // Answered: the truth is working from the confirming key (the fixture README's definition).
    // OpenCode draws the first dialog again after Confirm (300 ms to 1.3 s measured) until it
    // takes the answer: the board must not say blocked meanwhile (core/status/dialogAnswer.ts).
    const confirmAt = h.press(Keys.enter)
    h.recorder.mark('state:working', confirmAt)
    await h.waitForScreenGone(/Always allow/)
    await h.waitForScreenGone(/Permission required/)
    const replied = await h.waitForReport((r) => r.event === 'permission.replied', 'permission.replied', from)
    expect(replied.payload.reply).toBe('always')
    const idle = await h.waitForReport((r) => r.event === 'session.idle', 'session.idle', from)
    sub.dispose()
    expect(
      states.filter((s) => s.state === 'blocked' || s.state === 'question'),
      'no dialog state after the confirming Enter',
    ).toEqual([])
    h.recorder.mark('state:idle', idle.receivedAt)
    await h.waitForState('idle', 5_000)
    await sleep(1500)
    if (process.env.RECORD_FIXTURES)
      h.recorder.save(process.env.RECORD_FIXTURES, 'opencode11833-always-allow-120x32', 'OpenCode 1.18.33, a permission allowed always, 120x32')
  })
})
