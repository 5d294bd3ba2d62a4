import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { claudeProfile } from '../../../src/main/agents/claude'
import { answerPane } from '../../../src/main/answer/answerPane'
import { liveDialog } from '../../../src/main/answer/liveDialog'
import { realClock } from '../../../src/main/util/clock'
import { AgentHarness, Keys } from '../support/harness'
import { FakeAnthropic } from '../support/fakeAnthropic'
import { claudeBin } from '../support/paths'
import { sleep } from '../support/sse'
import { CLAUDE_SCRIPT, claudeEnv, setUpClaudeHome } from './setup'

/**
 * Claude Code 2.1.197 in a narrow pane (60×19, where issue 12 saw a button "Nooject"): the
 * dialogs as the screen draws them, and the free-text answer to AskUserQuestion through the
 * guarded answer (src/core/answer/answerGuard.ts). Measured here: the digit of "4. Type
 * something." moves the cursor there and opens an input in the row (nothing is submitted), a
 * bracketed paste fills it, Enter submits, and the tool result carries the text.
 */
describe('Claude Code at 60×19: dialogs and the free-text answer', () => {
  let h: AgentHarness
  let fake: FakeAnthropic

  beforeAll(async () => {
    h = await AgentHarness.start('claude-narrow')
    fake = await FakeAnthropic.start(CLAUDE_SCRIPT)
    setUpClaudeHome(h.home, h.work, join(h.root, 'user-hooks.jsonl'))
    h.spawn(claudeProfile, claudeBin('2.1.197'), [], claudeEnv(fake.url), { cols: 60, rows: 19 })
    await h.waitForScreen(/\? for shortcuts/, 60_000)
    await sleep(1500)
  })
  afterAll(async () => {
    await h?.dispose()
    await fake?.close()
  })

  it('the Bash dialog: Claude draws "3. Nooject"; the board reads "No"', async () => {
    await h.submit('[STEP2] Create the file x.txt.')
    await h.waitForState('blocked', 30_000)
    await sleep(300)
    const labels = h.activePane.info().dialog?.options.map((o) => o.label)
    expect(labels?.[0]).toBe('Yes')
    expect(labels?.at(-1), h.screen()).toBe('No')
    h.press(Keys.esc)
    await h.waitForState('idle', 15_000)
  })

  it('"4. Type something.": digit, paste, Enter (the guarded plan) submits the typed answer', async () => {
    await h.submit('[STEP4] Set up the database.')
    await h.waitForState('question', 30_000)
    await sleep(300)
    const snapshot = await liveDialog(h.activePane)
    expect(snapshot.freeTextKey).toBe('4')
    expect(snapshot.dialog?.options.map((o) => o.label)).toEqual(['PostgreSQL', 'SQLite', 'Redis', 'Type something.', 'Chat about this'])
    const result = await answerPane(h.activePane, { kind: 'free-text', key: '4', text: 'MariaDB, please', fingerprint: snapshot.fingerprint! }, realClock)
    expect(result).toEqual({ ok: true, sent: 'your answer to option 4, then Enter' })
    await h.waitForScreen(/→ MariaDB, please/, 15_000)
    await expect.poll(() => fake.toolResults.some((r) => r.includes('"MariaDB, please"')), { timeout: 15_000 }).toBe(true)
  })
})
