import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { titleIsOnlyFolder } from '../../../src/core/launch/paneTitle'
import { AgentHarness } from '../support/harness'
import { FakeResponses } from '../support/fakeResponses'
import { agentBin } from '../support/paths'
import { CODEX_SCRIPT, codexEnv, setUpCodexHome } from './setup'

/**
 * Codex 0.171.0 titles its terminal with the folder until its thread has a title: the pane is
 * named after the first prompt (from UserPromptSubmit) instead, then after Codex's own title.
 */
describe('a Codex pane is named after its first prompt, not the folder', () => {
  let h: AgentHarness
  let fake: FakeResponses
  const titles = new Set<string>()

  beforeAll(async () => {
    h = await AgentHarness.start('codex-title')
    fake = await FakeResponses.start(CODEX_SCRIPT)
    const codexHome = join(h.home, '.codex')
    setUpCodexHome(codexHome, h.work, fake.url, join(h.root, 'user-hooks.jsonl'))
    const pane = h.spawn('codex', agentBin('codex'), [], codexEnv(codexHome))
    pane.onDidChange((info) => titles.add(info.title))
  })
  afterAll(async () => {
    await h?.dispose()
    await fake?.close()
  })

  it('never shows just the folder once the prompt is in', async () => {
    await h.waitForScreen(/Ask Codex to do anything/, 60_000)
    const from = h.reports.length
    await h.submit('[STEP1] check the workspace')
    await h.waitForReport((r) => r.event === 'UserPromptSubmit', 'UserPromptSubmit', from)
    await h.waitForReport((r) => r.event === 'Stop', 'Stop', from)
    const title = h.activePane.title
    const terminal = h.activePane.screen().title
    console.info(`codex titles seen: ${[...titles].map((t) => JSON.stringify(t)).join(', ')}; terminal now ${JSON.stringify(terminal)}`)
    expect(titleIsOnlyFolder(title, h.work)).toBe(false)
    // From the start: the agent's name until a prompt, never the bare folder Codex shows then.
    expect([...titles].filter((t) => titleIsOnlyFolder(t, h.work))).toEqual([])
    expect([...titles][0]).toBe('codex')
    // Either Codex's own thread title has come (`<title> | <dir>`) or the first prompt names it.
    if (titleIsOnlyFolder(terminal, h.work) || terminal === '') expect(title).toBe('[STEP1] check the workspace')
    else expect(title).toBe(terminal)
  })
})
