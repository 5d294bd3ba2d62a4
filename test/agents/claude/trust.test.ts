import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { answerPane } from '../../../src/board/answer/answerPane'
import { liveDialog } from '../../../src/board/answer/liveDialog'
import { realClock } from '../../../src/board/util/clock'
import { parseCast } from '../../../src/tools/replay/asciicast'
import { scoreReplay, truthSegments, verdictSegments } from '../../../src/tools/replay/score'
import { AgentHarness, Keys } from '../support/harness'
import { FakeAnthropic } from '../support/fakeAnthropic'
import { claudeBin, CLAUDE_VERSIONS } from '../support/paths'
import { sleep } from '../support/sse'
import { CLAUDE_SCRIPT, claudeEnv, setUpClaudeHome } from './setup'

/**
 * The folder-trust dialog: the first launch in a folder Claude has not been told to trust (every
 * new git worktree) asks "Is this a project you created or one you trust?" before anything runs
 * and before any hook fires. Reproduces the bug: the board showed that pane as `unknown` (no
 * blocked badge, no answer box). Both versions: blocked at the dialog with its two options, Yes →
 * the prompt (idle), No → Claude exits (exited). `RECORD_FIXTURES=<dir>` saves each run.
 *
 * 2.1.197 draws `❯ 1. Yes, I trust this folder` / `2. No, exit` (a digit answers, Enter takes
 * Yes); 2.1.332 draws them unnumbered and the other way round, `❯ No, exit` first: Enter there
 * exits, Yes is ↓ Enter, and digits do nothing (measured).
 */
const SIZE = { cols: Number(process.env.CLAUDE_COLS ?? 80), rows: Number(process.env.CLAUDE_ROWS ?? 24) }
const DIALOG = /Yes, I trust this folder.*Enter to confirm · Esc to cancel/
const DWELL_MS = 1500
const open: { h: AgentHarness; fake: FakeAnthropic }[] = []
afterAll(async () => {
  for (const { h, fake } of open) {
    await h.dispose()
    await fake.close()
  }
})

async function startUntrusted(version: (typeof CLAUDE_VERSIONS)[number]) {
  const h = await AgentHarness.start('claude')
  const fake = await FakeAnthropic.start(CLAUDE_SCRIPT)
  open.push({ h, fake })
  setUpClaudeHome(h.home, h.work, join(h.root, 'user-hooks.jsonl'), version, { trusted: false })
  const pane = h.spawn('claude', claudeBin(version), [], claudeEnv(fake.url), SIZE)
  const at = await h.waitForScreen(DIALOG, 60_000)
  h.mark('blocked', at)
  const verdict = await h.waitForState('blocked', 1000)
  return { h, pane, at, verdict }
}

function score(h: AgentHarness, name: string, title: string) {
  const cast = parseCast(h.recorder.castText(name))
  const end = cast.events[cast.events.length - 1]!.t
  const live = scoreReplay(truthSegments(cast.events, end), verdictSegments(h.recorder.verdicts, end))
  console.info(`${name}: live agreement ${(live.agreement * 100).toFixed(2)} %`)
  if (process.env.RECORD_FIXTURES) h.recorder.save(process.env.RECORD_FIXTURES, name, title)
  return live
}

describe.each(CLAUDE_VERSIONS)(`Claude Code %s in an untrusted folder, ${SIZE.cols}x${SIZE.rows}`, (version) => {
  const tag = `cc${version.replace(/\./g, '')}`

  it('is blocked at the trust dialog before any hook, and idle at the prompt after Yes', async () => {
    const { h, pane, at, verdict } = await startUntrusted(version)
    expect(h.reports, 'no hook before the folder is trusted').toEqual([])
    expect(verdict.evidence.map((e) => e.detail).join('; ')).toContain(version === '2.1.197' ? 'claude.trust-dialog:' : 'claude.trust-dialog-unnumbered:')
    const snapshot = await liveDialog(pane)
    expect(snapshot.dialog?.title).toMatch(/^Quick safety check: Is this a project/)
    const labels = snapshot.dialog!.options.map((o) => o.label)
    expect(labels).toEqual(version === '2.1.197' ? ['Yes, I trust this folder', 'No, exit'] : ['No, exit', 'Yes, I trust this folder'])
    // 2.1.332: chosen with the arrows from the highlighted "No, exit"; the answer box offers both.
    if (version !== '2.1.197') expect(snapshot.dialog).toMatchObject({ choose: 'arrows', cursor: 0 })
    expect(snapshot.optionsAnswerable).toBe(true)
    await sleep(Math.max(0, at + DWELL_MS - Date.now()))

    // Through the board's answer path, as the answer box does. Its writes go into the recording
    // as the keys typed; the answer's truth is its last key (2.1.332: the Enter after ↓).
    const yes = snapshot.dialog!.options.find((o) => o.label.startsWith('Yes'))!
    const keys: string[] = []
    let lastKeyAt = 0
    const tap = pane.onDidTap((t) => {
      if (t.kind !== 'input') return
      keys.push(t.data)
      lastKeyAt = Date.now()
      h.recorder.input(t.data)
    })
    const sent = await answerPane(pane, { kind: 'option', key: yes.key, fingerprint: snapshot.fingerprint! }, realClock)
    tap.dispose()
    h.mark('working', lastKeyAt)
    expect(sent).toEqual({ ok: true, sent: expect.stringContaining('Yes, I trust this folder') })
    expect(keys).toEqual(version === '2.1.197' ? ['1'] : [Keys.down, Keys.enter])

    await h.waitForReport((r) => r.event === 'SessionStart', 'SessionStart', 0, 30_000)
    await h.waitForScreen(/❯.*(\? for shortcuts|mode on)/, 30_000)
    const idleAt = Date.now()
    h.mark('idle', idleAt)
    await h.waitForState('idle', 1000)
    await sleep(DWELL_MS)

    const exitAt = await h.submit('/exit')
    h.mark('working', exitAt)
    h.mark('exited', await h.waitForExit(20_000))
    await h.waitForState('exited', 1000)
    const live = score(h, `${tag}-trust-yes-${SIZE.cols}x${SIZE.rows}`, `Claude Code ${version}, folder-trust dialog answered Yes, ${SIZE.cols}x${SIZE.rows}`)
    expect(
      live.episodes.every((e) => e.latency !== null),
      'the dialog detected live',
    ).toBe(true)
  }, 120_000)

  it('exits after No', async () => {
    const { h, pane, at } = await startUntrusted(version)
    await sleep(Math.max(0, at + DWELL_MS - Date.now()))
    // 2.1.332: Enter takes the highlighted "No, exit"; 2.1.197: Esc (its Enter would say Yes).
    const key = h.press(version === '2.1.197' ? Keys.esc : Keys.enter)
    h.mark('working', key)
    const gone = await h.waitForExit(20_000)
    h.mark('exited', gone)
    await h.waitForState('exited', 1000)
    expect(pane.exit?.code).toBe(1)
    expect(h.reports).toEqual([])
    score(h, `${tag}-trust-no-${SIZE.cols}x${SIZE.rows}`, `Claude Code ${version}, folder-trust dialog answered No, ${SIZE.cols}x${SIZE.rows}`)
  }, 120_000)
})
