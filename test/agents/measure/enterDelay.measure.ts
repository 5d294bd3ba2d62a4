/**
 * A MEASUREMENT, not a check: `npm run measure:enter`. The smallest delay between a
 * typed line and its Enter that the real Claude Code and Codex CLIs submit. A line and Enter in
 * one chunk are taken as a paste; this finds where two writes stop being read as one. The result
 * is in src/board/answer/README.md and sets AnswerConstants.EnterDelayMs.
 *
 * Needs the CLIs from `npm install --prefix test/agents`. Not part of `npm test`: it only prints.
 */
import { join } from 'node:path'
import { afterAll, describe, it } from 'vitest'
import { AgentHarness, Keys } from '../support/harness'
import { FakeAnthropic } from '../support/fakeAnthropic'
import { FakeResponses } from '../support/fakeResponses'
import { agentBin, claudeBin } from '../support/paths'
import { sleep } from '../support/sse'
import { CLAUDE_SCRIPT, claudeEnv, setUpClaudeHome } from '../claude/setup'
import { CODEX_SCRIPT, codexEnv, setUpCodexHome } from '../codex/setup'

const DELAYS = (process.env.SWITCHBOARD_MEASURE_DELAYS ?? '-1,0,5,20,40,60,80,100,120,160,250').split(',').map(Number)
const TRIALS = Number(process.env.SWITCHBOARD_MEASURE_TRIALS ?? '3')
const ONLY = process.env.SWITCHBOARD_MEASURE_ONLY ?? 'claude,codex'
/** SWITCHBOARD_MEASURE_PASTE=1: the line goes as a bracketed paste (the agents enable it), then Enter. */
const PASTE = process.env.SWITCHBOARD_MEASURE_PASTE === '1'
const wrap = (line: string) => (PASTE ? `\x1b[200~${line}\x1b[201~` : line)
/** Longer lines: some TUIs call a chunk a paste by its length. */
const PAD = ' Please be thorough.'.repeat(Math.max(0, Math.ceil((Number(process.env.SWITCHBOARD_MEASURE_LEN ?? '0') - 30) / 20)))
const results: string[] = []
afterAll(() => process.stdout.write(`\nEnter delay measurement:\n${results.join('\n')}\n`))

/** One trial: the line, `delay` ms, Enter; submitted when the agent reports the prompt. */
async function trial(h: AgentHarness, tag: string, delay: number, submitted: (from: number) => Promise<boolean>, clear: () => Promise<void>): Promise<boolean> {
  const from = h.reports.length
  // delay -1: line and Enter in one write (the control: taken as a paste).
  if (delay < 0) h.activePane.write(`${wrap(`[${tag}] Summarize the project.${PAD}`)}\r`)
  else {
    h.activePane.write(wrap(`[${tag}] Summarize the project.${PAD}`))
    if (delay > 0) await sleep(delay)
    h.activePane.write(Keys.enter)
  }
  const ok = await submitted(from)
  if (!ok) {
    results.push(
      `  (not submitted at ${delay} ms; bottom of the screen: ${JSON.stringify(
        h
          .screen()
          .split('\n')
          .filter((l) => l.trim())
          .slice(-4),
      )})`,
    )
    await clear()
  }
  return ok
}

describe('measure: the smallest Enter delay', () => {
  it.skipIf(!ONLY.includes('claude'))(
    'Claude Code 2.1.197',
    async () => {
      const h = await AgentHarness.start('enter-claude')
      const fake = await FakeAnthropic.start(CLAUDE_SCRIPT)
      try {
        setUpClaudeHome(h.home, h.work, join(h.root, 'user-hooks.jsonl'))
        h.spawn('claude', claudeBin('2.1.197'), [], claudeEnv(fake.url))
        await h.waitForScreen(/\? for shortcuts/, 60_000)
        await sleep(1500)
        for (const delay of DELAYS) {
          let ok = 0
          for (let i = 0; i < TRIALS; i++) {
            const done = await trial(
              h,
              'STEP1',
              delay,
              async (from) => {
                try {
                  await h.waitForReport((r) => r.event === 'UserPromptSubmit', 'UserPromptSubmit', from, 3000)
                  await h.waitForReport((r) => r.event === 'Stop', 'Stop', from, 20_000)
                  await h.waitForScreen(/\? for shortcuts/)
                  return true
                } catch {
                  return false
                }
              },
              async () => {
                // Not submitted: the text (as a paste) sits in the prompt; Ctrl-C clears the input.
                h.press('\x03')
                await sleep(800)
              },
            )
            if (done) ok++
            await sleep(300)
          }
          results.push(`claude  delay ${String(delay).padStart(3)} ms: ${ok}/${TRIALS} submitted`)
        }
      } finally {
        await h.dispose()
        await fake.close()
      }
    },
    600_000,
  )

  it.skipIf(!ONLY.includes('codex'))(
    'Codex 0.171.0',
    async () => {
      const h = await AgentHarness.start('enter-codex')
      const fake = await FakeResponses.start(CODEX_SCRIPT)
      try {
        const codexHome = join(h.home, '.codex')
        setUpCodexHome(codexHome, h.work, fake.url, join(h.root, 'user-hooks.jsonl'))
        h.spawn('codex', agentBin('codex'), [], codexEnv(codexHome))
        await h.waitForScreen(/Ask Codex to do anything/, 60_000)
        await sleep(1500)
        for (const delay of DELAYS) {
          let ok = 0
          for (let i = 0; i < TRIALS; i++) {
            const done = await trial(
              h,
              'STEP1',
              delay,
              async (from) => {
                try {
                  await h.waitForReport((r) => r.event === 'UserPromptSubmit', 'UserPromptSubmit', from, 3000)
                  await h.waitForReport((r) => r.event === 'Stop', 'Stop', from, 20_000)
                  await sleep(500)
                  return true
                } catch {
                  return false
                }
              },
              async () => {
                h.press('\x03')
                await sleep(800)
              },
            )
            if (done) ok++
            await sleep(300)
          }
          results.push(`codex   delay ${String(delay).padStart(3)} ms: ${ok}/${TRIALS} submitted`)
        }
      } finally {
        await h.dispose()
        await fake.close()
      }
    },
    600_000,
  )
})
