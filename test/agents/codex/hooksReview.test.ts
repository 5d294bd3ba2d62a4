import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { AgentHarness, Keys } from '../support/harness'
import { FakeResponses } from '../support/fakeResponses'
import { agentBin } from '../support/paths'
import { sleep } from '../support/sse'
import { CODEX_SCRIPT, codexEnv, setUpCodexHome } from './setup'

/**
 * The user's own hooks not yet reviewed: Codex 0.171.0 opens "Hooks need review" at start and
 * waits there (ours are pre-trusted and never listed). The board must say blocked, not idle.
 * RECORD_FIXTURES=DIR saves the run as DIR/codex0171-hooks-review-120x32.cast, the recording
 * that exercises codex.hooks-review (test/fixtures/codex).
 */
describe('Codex with unreviewed user hooks', () => {
  let h: AgentHarness
  let fake: FakeResponses

  beforeAll(async () => {
    h = await AgentHarness.start('codex-review')
    fake = await FakeResponses.start(CODEX_SCRIPT)
    const codexHome = join(h.home, '.codex')
    setUpCodexHome(codexHome, h.work, fake.url, join(h.root, 'user-hooks.jsonl'), false)
    h.spawn('codex', agentBin('codex'), [], codexEnv(codexHome))
  })
  afterAll(async () => {
    await h?.dispose()
    await fake?.close()
  })

  it('shows the review screen as blocked, and idle once it is skipped', async () => {
    const shown = await h.waitForScreen(/Hooks need review/, 60_000)
    h.recorder.mark('state:blocked', shown)
    await h.waitForState('blocked', 5_000)
    await sleep(1500)
    expect(h.activePane.verdict.state).toBe('blocked')
    h.press(Keys.esc)
    const back = await h.waitForScreen(/Ask Codex to do anything/, 30_000)
    h.recorder.mark('state:idle', back)
    await h.waitForState('idle', 5_000)
    await sleep(1500)
    if (process.env.RECORD_FIXTURES)
      h.recorder.save(process.env.RECORD_FIXTURES, 'codex0171-hooks-review-120x32', 'Codex 0.171.0, user hooks not reviewed, 120x32')
  })
})
