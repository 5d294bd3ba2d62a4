import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { answerPane } from '../../../src/board/answer/answerPane'
import { shippedAgents } from '../../../src/board/agents/agentCatalog'
import { withFullLabels } from '../../../src/core/answer/optionLabels'
import { realClock } from '../../../src/board/util/clock'
import { AgentHarness, Keys } from '../support/harness'
import { FakeAnthropic } from '../support/fakeAnthropic'
import { claudeBin, CLAUDE_VERSIONS } from '../support/paths'
import { sleep } from '../support/sse'
import { CLAUDE_SCRIPT, claudeEnv, setUpClaudeHome } from './setup'
import { modeArgs } from './scenario'

/**
 * Claude Code (2.1.197 and 2.1.332, manual mode) in a narrow pane (60×19, where issue 12 saw a button "Nooject"): the
 * dialogs as the screen draws them, and the free-text answer to AskUserQuestion through the
 * guarded answer (src/core/answer/answerGuard.ts). Measured here: the digit of "4. Type
 * something." moves the cursor there and opens an input in the row (nothing is submitted), a
 * bracketed paste fills it, Enter submits, and the tool result carries the text.
 */
describe.each(CLAUDE_VERSIONS)('Claude Code %s at 60×19: dialogs and the free-text answer', (version) => {
  let h: AgentHarness
  let fake: FakeAnthropic

  beforeAll(async () => {
    h = await AgentHarness.start(`claude-narrow-${version}`)
    fake = await FakeAnthropic.start(CLAUDE_SCRIPT)
    setUpClaudeHome(h.home, h.work, join(h.root, 'user-hooks.jsonl'), version)
    // 2.1.332 starts in auto mode: the numbered dialogs are its default (manual) mode.
    h.spawn('claude', claudeBin(version), modeArgs('manual', version), claudeEnv(fake.url), { cols: 60, rows: 19 })
    await h.waitForScreen(/\? for shortcuts|mode on/, 60_000)
    // Claude reads input from about its SessionStart hook on; keys typed before that can be lost.
    await h.waitForReport((r) => r.event === 'SessionStart', 'SessionStart', 0, 60_000)
  })
  afterAll(async () => {
    await h?.dispose()
    await fake?.close()
  })

  it('the Bash dialog: every option with its full label (2.1.197 draws "3. Nooject": the board reads "No")', async () => {
    await h.submit('[STEP2] Create the file x.txt.')
    await h.waitForState('blocked', 30_000)
    // The dialog's structure, once the screen's rules have read every option (2.1.332 draws the wrapped ones last).
    const dialog = await h.waitFor(() => {
      const d = h.activePane.info().dialog
      return d && d.options.length >= 3 ? d : null
    }, 'the dialog with its options')
    const labels = dialog.options.map((o) => o.label)
    expect(labels[0]).toBe('Yes')
    expect(labels.at(-1), h.screen()).toBe('No')
    // Every option's full label in the answer box (what DialogAnswer renders). 2.1.332 wraps
    // long options onto indented rows, which the rule joins; 2.1.197 draws "3. No" over the
    // wrapped rest of option 2, whose end comes from Claude's own wording (optionLabels).
    const full = withFullLabels(dialog, shippedAgents().knowledge('claude')?.dialogKeys?.optionLabels).options.map((o) => o.label)
    if (version === '2.1.197') expect(full, h.screen()).toEqual(['Yes', 'Yes, and always allow access to work/ from this project', 'No'])
    else
      expect(full, h.screen()).toEqual([
        'Yes',
        `Yes, and always allow access to ${h.work} from this project`,
        'Yes, and switch to auto mode · auto mode handles these prompts for you',
        'No',
      ])
    h.press(Keys.esc)
    await h.waitForState('idle', 15_000)
    await h.waitForScreenGone(/esc to interrupt/, 30_000)
    await sleep(1000)
  })

  it('"4. Type something.": digit, paste, Enter (the guarded plan) submits the typed answer', async () => {
    await h.submit('[STEP4] Set up the database.')
    await h.waitForState('question', 30_000)
    const snapshot = await h.dialogReady((s) => s.freeTextKey !== null, 'the question with its free-text option')
    expect(snapshot.freeTextKey).toBe('4')
    expect(snapshot.dialog?.options.map((o) => o.label)).toEqual(['PostgreSQL', 'SQLite', 'Redis', 'Type something.', 'Chat about this'])
    const result = await answerPane(h.activePane, { kind: 'free-text', key: '4', text: 'MariaDB, please', fingerprint: snapshot.fingerprint! }, realClock)
    expect(result).toEqual({ ok: true, sent: 'your answer to option 4, then Enter' })
    await h.waitForScreen(/→ MariaDB, please/, 15_000)
    await expect.poll(() => fake.toolResults.some((r) => r.includes('"MariaDB, please"')), { timeout: 15_000 }).toBe(true)
  })
})
