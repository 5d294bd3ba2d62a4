import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { answerPane } from '../../../src/board/answer/answerPane'
import { liveDialog } from '../../../src/board/answer/liveDialog'
import { realClock } from '../../../src/board/util/clock'
import { parseCast } from '../../../src/tools/replay/asciicast'
import { scoreReplay, truthSegments, verdictSegments } from '../../../src/tools/replay/score'
import { AgentHarness } from '../support/harness'
import { FakeGemini } from '../support/fakeGemini'
import { agentBin } from '../support/paths'
import { sleep } from '../support/sse'
import { GEMINI_SCRIPT, geminiEnv, setUpGeminiHome } from './setup'

/**
 * The folder-trust box: Gemini CLI's first start in a folder it has not been told to trust asks
 * "Do you trust the files in this folder?" before it loads any hook. Blocked there, with its three
 * options; "1. Trust folder" through the board's answer path restarts Gemini ("Gemini CLI is
 * restarting to apply the trust changes...") at its prompt, with hooks; "3. Don't trust" goes on
 * untrusted, where Gemini skips the hooks of every settings file (the user's own) and still runs
 * those of extensions (ours). `RECORD_FIXTURES=<dir>` saves each run.
 */
const SIZE = { cols: Number(process.env.AGENT_COLS ?? 80), rows: Number(process.env.AGENT_ROWS ?? 24) }
const DIALOG = /Do you trust the files in this folder\?.*Don't trust/
const DWELL_MS = 1500
const open: { h: AgentHarness; fake: FakeGemini }[] = []
afterAll(async () => {
  for (const { h, fake } of open) {
    await h.dispose()
    await fake.close()
  }
})

async function startUntrusted() {
  const h = await AgentHarness.start('gemini')
  h.echoBeforeEnter = true
  const fake = await FakeGemini.start(GEMINI_SCRIPT)
  open.push({ h, fake })
  setUpGeminiHome(h.home, h.work, join(h.root, 'user-hooks.jsonl'), { trusted: false })
  const pane = h.spawn('gemini', agentBin('gemini'), [], geminiEnv(fake.url), SIZE)
  const at = await h.waitForScreen(DIALOG, 90_000)
  h.mark('blocked', at)
  const verdict = await h.waitForState('blocked', 1000)
  return { h, pane, at, verdict }
}

const sessionOf = (r: { payload: unknown }) => (r.payload as { session_id?: string }).session_id

function score(h: AgentHarness, name: string, title: string) {
  const cast = parseCast(h.recorder.castText(name))
  const end = cast.events[cast.events.length - 1]!.t
  const live = scoreReplay(truthSegments(cast.events, end), verdictSegments(h.recorder.verdicts, end))
  console.info(`${name}: live agreement ${(live.agreement * 100).toFixed(2)} %, failures ${JSON.stringify(live.failures)}`)
  if (process.env.RECORD_FIXTURES) h.recorder.save(join(process.env.RECORD_FIXTURES, 'gemini'), name, title)
  return live
}

/** Answers the trust box through the board's answer path with the option labelled `label`; its keys go into the recording. */
async function choose(h: AgentHarness, label: RegExp): Promise<number> {
  const pane = h.activePane
  const snapshot = await liveDialog(pane)
  const option = snapshot.dialog!.options.find((o) => label.test(o.label))!
  let lastKeyAt = 0
  const tap = pane.onDidTap((t) => {
    if (t.kind !== 'input') return
    lastKeyAt = Date.now()
    h.recorder.input(t.data)
  })
  const sent = await answerPane(pane, { kind: 'option', key: option.key, fingerprint: snapshot.fingerprint! }, realClock)
  tap.dispose()
  expect(sent).toMatchObject({ ok: true })
  return lastKeyAt
}

describe(`Gemini CLI 0.61.0 in a folder it does not trust, ${SIZE.cols}x${SIZE.rows}`, () => {
  it('is blocked at the trust box before any hook, and idle at the prompt (with hooks) after "Trust folder"', async () => {
    const { h, pane, at, verdict } = await startUntrusted()
    expect(h.reports, 'no hook before the folder is trusted').toEqual([])
    expect(verdict.evidence.map((e) => e.detail).join('; ')).toContain('gemini.trust-dialog:')
    const snapshot = await liveDialog(pane)
    expect(snapshot.dialog?.title).toBe('Do you trust the files in this folder?')
    expect(snapshot.dialog!.options.map((o) => `${o.key}. ${o.label}`)).toEqual([
      '1. Trust folder (work)',
      '2. Trust parent folder (' + h.root.split('/').at(-1) + ')',
      "3. Don't trust",
    ])
    expect(snapshot.optionsAnswerable).toBe(true)
    await sleep(Math.max(0, at + DWELL_MS - Date.now()))
    h.mark('working', await choose(h, /^Trust folder/))

    // Gemini writes the user's trust as it would without the board, then restarts with hooks.
    await h.waitForScreen(/Gemini CLI is restarting to apply the trust changes/, 60_000)
    const trust = join(h.home, '.gemini', 'trustedFolders.json')
    await expect.poll(() => (existsSync(trust) ? JSON.parse(readFileSync(trust, 'utf8')) : null), { timeout: 10_000 }).toEqual({ [h.work]: 'TRUST_FOLDER' })
    // The box hides the composer until the new process draws its own (in a 20-row pane the restart
    // line has scrolled off by then): the prompt on screen from here on is the new process's.
    const idleAt = await h.waitForScreen(/Type your message/, 60_000)
    h.mark('idle', idleAt)
    await h.waitForState('idle', 1000)
    // The new process draws its prompt before it has started (what is typed then is queued and
    // the banner is drawn again): it is ready at its own SessionStart, after the first process's.
    const first = await h.waitForReport((r) => r.event === 'SessionStart', 'SessionStart of the first process', 0, 60_000)
    await h.waitForReport((r) => r.event === 'SessionStart' && sessionOf(r) !== sessionOf(first), 'SessionStart of the restarted process', 0, 60_000)
    await sleep(DWELL_MS)

    h.mark('working', await h.submit('/quit'))
    const goodbye = await h.waitForScreen(/Agent powering down\. Goodbye!/, 20_000)
    h.mark('exited', Math.min(goodbye, await h.waitForExit(20_000)))
    await h.waitForState('exited', 1000)
    const live = score(
      h,
      `gemini0610-trust-yes-${SIZE.cols}x${SIZE.rows}`,
      `Gemini CLI 0.61.0, folder trust answered "Trust folder", ${SIZE.cols}x${SIZE.rows}`,
    )
    expect(
      live.episodes.every((e) => e.latency !== null),
      'the dialog detected live',
    ).toBe(true)
  }, 180_000)

  it('goes on untrusted after "Don\'t trust": our extension still reports, the user\'s settings hook does not run', async () => {
    const { h, at } = await startUntrusted()
    await sleep(Math.max(0, at + DWELL_MS - Date.now()))
    // Gemini takes the choice in (writes the user's trust file) with the box still drawn, then shows its prompt.
    h.mark('working', await choose(h, /^Don't trust/))
    h.mark('idle', await h.waitForScreen(/Type your message/, 30_000))
    await h.waitForState('idle', 3000)
    await sleep(DWELL_MS)
    const turn = await h.submit('[STEP1] Summarize the project')
    h.mark('working', turn)
    await h.waitForScreen(/The project has a README/, 60_000)
    await h.waitForScreenGone(/\(esc to cancel, \d/, 30_000)
    h.mark('idle')
    await h.waitForState('idle', 3000)
    // The turn's last hook is in: Gemini runs its hooks in turn, so the user's hook, had it run,
    // would have run before it (the dwell below is the recording's, not this check's).
    await h.waitForReport((r) => r.event === 'AfterAgent', 'AfterAgent', 0, 30_000)
    await sleep(DWELL_MS)
    expect(h.events(), 'extension hooks run in a folder not trusted').toEqual(['SessionStart', 'BeforeAgent', 'AfterAgent'])
    expect(existsSync(join(h.root, 'user-hooks.jsonl')), "the user's settings hook is skipped there").toBe(false)
    h.mark('working', await h.submit('/quit'))
    const goodbye = await h.waitForScreen(/Agent powering down\. Goodbye!/, 20_000)
    h.mark('exited', Math.min(goodbye, await h.waitForExit(20_000)))
    await h.waitForState('exited', 1000)
    score(h, `gemini0610-trust-no-${SIZE.cols}x${SIZE.rows}`, `Gemini CLI 0.61.0, folder trust answered "Don't trust", ${SIZE.cols}x${SIZE.rows}`)
  }, 180_000)
})
