import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { answerPane } from '../../../src/board/answer/answerPane'
import { liveDialog } from '../../../src/board/answer/liveDialog'
import { realClock } from '../../../src/board/util/clock'
import { AgentHarness, Keys } from '../support/harness'
import { FakeAnthropic } from '../support/fakeAnthropic'
import { sleep } from '../support/sse'
import { claudeBin } from '../support/paths'
import { CLAUDE_SCRIPT, claudeEnv, setUpClaudeHome } from './setup'

/**
 * Claude Code 2.1.332's unnumbered auto-mode confirmation (`❯ No` / `Yes`) answered Yes from the
 * board's answer path. Reproduces the bug: the answer box sent the option's position digit `2`,
 * said "sent option 2 (Yes)", and the dialog stayed (digits do nothing there; measured). Chosen
 * with the arrows (rule `choose = "arrows"`), the command runs.
 */
let h: AgentHarness | undefined
let fake: FakeAnthropic | undefined
afterAll(async () => {
  await h?.dispose()
  await fake?.close()
})

it('Claude Code 2.1.332: the auto-mode confirmation is answered Yes from the board', async () => {
  h = await AgentHarness.start('claude')
  fake = await FakeAnthropic.start(CLAUDE_SCRIPT)
  setUpClaudeHome(h.home, h.work, join(h.root, 'user-hooks.jsonl'), '2.1.332')
  const pane = h.spawn('claude', claudeBin('2.1.332'), [], claudeEnv(fake.url), { cols: 100, rows: 30 })
  await h.waitForScreen(/❯.*mode on/, 60_000)
  // Claude reads input from about its SessionStart hook on; keys typed before that can be lost.
  await h.waitForReport((r) => r.event === 'SessionStart', 'SessionStart', 0, 60_000)
  const from = h.reports.length
  await h.submit('[STEP7] Remove the cache.')
  await h.waitForScreen(/Auto mode can't check actions/, 30_000)
  await sleep(1000)
  h.press(Keys.enter)
  await h.waitForScreen(/Do you want to proceed\?.*❯ No/, 30_000)
  await h.waitForState('blocked', 2000)
  // As a user would: a moment to read. (Keys typed at once, before 2.1.332 took its input, were
  // lost here; see the report of this change.)
  await sleep(1500)
  const snap = await liveDialog(pane)
  expect(snap.dialog).toMatchObject({ title: 'Do you want to proceed?', options: [{ label: 'No' }, { label: 'Yes' }], choose: 'arrows', cursor: 0 })
  expect(snap.optionsAnswerable).toBe(true)
  const yes = snap.dialog!.options.find((o) => o.label === 'Yes')!
  expect(await answerPane(pane, { kind: 'option', key: yes.key, fingerprint: snap.fingerprint! }, realClock)).toEqual({ ok: true, sent: 'option 2 (Yes)' })
  await h.waitForReport((r) => r.event === 'PostToolUse', 'PostToolUse (the command ran)', from, 30_000)
  await h.waitForReport((r) => r.event === 'Stop', 'Stop', from, 30_000)
  await h.waitForState('idle', 5000)
}, 120_000)
