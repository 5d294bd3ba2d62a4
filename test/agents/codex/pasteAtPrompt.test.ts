import { afterAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { AgentHarness } from '../support/harness'
import { FakeResponses } from '../support/fakeResponses'
import { agentBin } from '../support/paths'
import { CODEX_SCRIPT, codexEnv, setUpCodexHome } from './setup'

/** Codex in a pane of its own, once its first prompt shows. */
async function freshCodex(name: string): Promise<{ h: AgentHarness; fake: FakeResponses }> {
  const h = await AgentHarness.start(name)
  const fake = await FakeResponses.start(CODEX_SCRIPT)
  const codexHome = join(h.home, '.codex')
  setUpCodexHome(codexHome, h.work, fake.url, join(h.root, 'user-hooks.jsonl'))
  h.spawn('codex', agentBin('codex'), [], codexEnv(codexHome))
  await h.waitForScreen(/Ask Codex to do anything/, 60_000)
  return { h, fake }
}

/**
 * Codex 0.171.0 drops every `?` of a line written in one go within ~0.5 s of its prompt showing
 * (measured on the real binary: every time at 0 ms, 2 of 3 at 200 ms, never after 1 s; a lone `?`
 * there opens its shortcut help), and under load that window outlasts the board's idle verdict:
 * resume.test lost the `?` of "[STEP1] and again?" in CI. A bracketed paste is taken as text whole,
 * which is how the board's answer box and BoardCli.submit's `paste` send a line into it.
 */
describe('Codex 0.171.0 and a line written the moment its prompt shows', () => {
  const open: { h: AgentHarness; fake: FakeResponses }[] = []
  afterAll(async () => {
    for (const { h, fake } of open) {
      await h.dispose()
      await fake.close()
    }
  })

  it('keeps every character of a paste', async () => {
    const { h } = open[open.push(await freshCodex('codex-paste')) - 1]!
    h.write('\x1b[200~why? is it [STEP1] and again?\x1b[201~')
    await h.waitForScreen(/› why\? is it \[STEP1\] and again\?/, 10_000)
  })

  it('loses question marks of the same line typed in one go (Codex’s own; when this fails, Codex fixed it)', async () => {
    const { h } = open[open.push(await freshCodex('codex-typed')) - 1]!
    h.write('why? is it [STEP1] and again?')
    await h.waitForScreen(/› why\?? is it \[STEP1\] and again/, 10_000)
    // A last `?` still on its way would make the line whole after all: give it a second.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    // Which `?` goes depends on how the line's bytes reach Codex: on a quiet machine both, beside
    // two CPU loops in CI once only the first. Either way the typed line does not arrive whole,
    // while the rest of it was taken, so what is missing is a `?`, not a late tail.
    expect(h.screen().replace(/\s+/g, ' ')).not.toMatch(/why\? is it \[STEP1\] and again\?/)
  })
})
