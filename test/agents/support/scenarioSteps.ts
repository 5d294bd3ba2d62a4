import type { Pane } from '../../../src/board/panes/pane'
import type { PaneState } from '../../../src/shared/domain/pane'
import type { IncomingReport } from '../../../src/board/reports/report'
import type { AgentHarness } from './harness'
import { sleep } from './sse'

/** How long the user leaves a dialog or a finished turn before acting: agreement is measured outside 1 s after each transition. */
export const DWELL_MS = 2000
/** Pi measured 12 ms between its last frame and agent_end: idle that close to the end report is the turn's end. */
const END_PAINT_SLACK_MS = 150

/** What a scenario run gives back: the live-badge checks that failed, the measured delays, the harness (left running to save the recording). */
export interface ScenarioResult {
  /** `step: what`; empty when the board was right at every step. */
  readonly failures: string[]
  readonly timings: Record<string, number>
  readonly harness: AgentHarness
}

/** The options every agent's scenario takes: the CLI (pinned or the newest release) and the terminal size. */
export interface AgentScenarioOptions {
  readonly bin: string
  readonly version: string
  readonly cols: number
  readonly rows: number
}

/**
 * What every agent folder's real-CLI scenario exports as `scenario` (test/agents/<id>/scenario.ts):
 * found by folder (support/scenarios.ts), run by scenarios.test.ts at the pinned version and by
 * `npm run agents:check` at the newest release. An agent without one fails agentFolders.test.ts.
 */
export interface AgentScenario {
  /** Its variants (Claude's permission modes); `['default']` for one. */
  readonly modes: readonly string[]
  /**
   * The test that drives it at the pinned versions, when it is not scenarios.test.ts (Claude's
   * scenario.test.ts runs two versions, each in its modes).
   */
  readonly ownTest?: string
  run(o: AgentScenarioOptions & { readonly mode: string }): Promise<ScenarioResult>
}

/**
 * The steps the Codex, OpenCode and Pi scenarios share (Claude's scenario.ts has its own, older
 * copy): each drops a ground-truth marker from what the scenario itself knows — the key it
 * pressed, the dialog text it waits for, the turn's end report plus the screen settling — never
 * from the board's verdict, and checks the live badge against it.
 */
export class ScenarioSteps {
  readonly failures: string[] = []
  readonly timings: Record<string, number> = {}
  private readonly states: { at: number; state: PaneState }[] = []
  /** The last frame with the working line, and the first of the current run without it. */
  private readonly working: { seenAt: number | null; goneAt: number | null } = { seenAt: null, goneAt: null }

  constructor(
    readonly h: AgentHarness,
    readonly pane: Pane,
    /** A line only the agent's working screen (or its dialogs) shows; a turn has ended when it is gone. */
    private readonly workingScreen: RegExp,
    /** The report that ends a turn. */
    private readonly turnEndReport: (r: IncomingReport) => boolean,
  ) {
    pane.onDidChangeState((c) => this.states.push({ at: Date.now(), state: c.info.verdict.state }))
    pane.onDidParse(() => {
      const now = Date.now()
      if (workingScreen.test(h.flatScreen())) Object.assign(this.working, { seenAt: now, goneAt: null })
      else if (this.working.goneAt === null) this.working.goneAt = now
    })
  }

  /** The badge reaches `want` within `ms` of `from` (the truth's time). */
  async expectState(step: string, want: PaneState, from: number, ms = 1000): Promise<void> {
    const deadline = from + ms
    for (;;) {
      // A badge change since the truth counts too: a turn of under a second may be over before a poll.
      const seen = this.states.find((s) => s.at >= from && s.at <= deadline && s.state === want)
      if (seen) {
        this.timings[`${step} → ${want}`] = Math.max(0, seen.at - from)
        return
      }
      if (this.pane.verdict.state === want) {
        this.timings[`${step} → ${want}`] = Math.max(0, Date.now() - from)
        return
      }
      if (Date.now() > deadline) {
        this.failures.push(
          `${step}: the badge is ${this.pane.verdict.state}, not ${want}, ${ms} ms after the truth (${this.pane.verdict.evidence.map((e) => e.detail).join('; ')})`,
        )
        return
      }
      await sleep(10)
    }
  }

  /** Nothing between `from` and now was `bad`. */
  expectNever(step: string, bad: PaneState, from: number, to = Infinity): void {
    const hit = this.states.find((s) => s.at > from && s.at < to && s.state === bad)
    if (hit) this.failures.push(`${step}: the badge showed ${bad} ${hit.at - from} ms after the truth`)
  }

  /** The agent is at its prompt: `ready` on screen and, where the agent reports its start, `report` in. */
  async start(ready: RegExp, report?: string): Promise<void> {
    // OpenCode drew its home screen 75 s in at load 19 (its first start installs its plugin).
    await this.h.waitForScreen(ready, 180_000)
    if (report) await this.h.waitForReport((r) => r.event === report, report, 0, 30_000)
    await sleep(1500)
    this.h.mark('idle')
    await this.expectState('start', 'idle', Date.now())
  }

  async submit(text: string): Promise<{ from: number; at: number }> {
    const from = this.h.reports.length
    const at = await this.h.submit(text)
    this.h.mark('working', at)
    return { from, at }
  }

  /**
   * A turn's end: its report, then the working screen gone. With `since` (the key that started or
   * resumed the turn), the truth is what the screen shows: where the working line was seen after
   * that key, the first frame of the run without it, even when the report comes later (it travels
   * through a hook or plugin; OpenCode's own idle status is what takes `esc interrupt` off its
   * screen). Where it was not seen (a rejection that ends at once), the report and the screen, as without.
   */
  async turnEnd(step: string, from: number, label: 'idle' | 'reply-question', settled?: RegExp, since?: number): Promise<void> {
    await this.h.waitForReport(this.turnEndReport, `${step}: end of turn`, from, 60_000)
    await this.h.waitForScreenGone(this.workingScreen, 30_000)
    if (settled) await this.h.waitForScreen(settled, 30_000)
    const report = this.h.reports.filter(this.turnEndReport).at(-1)!.receivedAt
    const seen = since !== undefined && this.working.seenAt !== null && this.working.seenAt >= since
    const at = seen && this.working.goneAt !== null ? this.working.goneAt : Date.now()
    if (seen) this.timings[`${step}: screen done before the end report (ms)`] = Math.max(0, report - at)
    this.h.mark(label, at)
    await this.expectState(step, label === 'idle' ? 'idle' : 'asked', at)
    await sleep(DWELL_MS)
  }

  async dialog(step: string, re: RegExp, state: 'blocked' | 'question'): Promise<number> {
    const at = await this.h.waitForScreen(re, 30_000)
    this.h.mark(state, at)
    await this.expectState(step, state, at)
    return at
  }

  /** Resizes to (cols−30)×(rows−8), at least 50×16, and back while a dialog is open: the badge stays `state`. */
  async resizeWhileOpen(step: string, state: 'blocked' | 'question', cols: number, rows: number): Promise<void> {
    const at = Date.now()
    if (cols <= 50 && rows <= 16) return // already the smallest size the board supports
    this.h.resize(Math.max(50, cols - 30), Math.max(16, rows - 8))
    await sleep(700)
    this.h.resize(cols, rows)
    await sleep(500)
    const other = this.states.find((s) => s.at > at && s.state !== state)
    if (other) this.failures.push(`${step} (resized while open): the badge showed ${other.state} ${other.at - at} ms after the resize`)
  }

  /** Answers a dialog with `keys` (the truth is `working` from the last key): never idle until the turn's end. */
  async answer(step: string, from: number, keys: readonly string[]): Promise<number> {
    await sleep(DWELL_MS)
    for (const k of keys.slice(0, -1)) {
      this.h.press(k)
      await sleep(150)
    }
    const at = this.h.press(keys[keys.length - 1]!)
    this.h.mark('working', at)
    await this.expectState(step, 'working', at)
    const end = await this.h.waitForReport(this.turnEndReport, `${step}: end of turn`, from, 60_000)
    // The screen may paint the turn's end before its report is in (the report travels through a
    // hook or plugin; OpenCode's screen was done 0.36 s before its idle report at load 19; Gemini's AfterAgent
    // hook 0.5–0.7 s after its spinner left): the
    // turn's end is the earlier of the two, as turnEnd takes it.
    const painted = this.working.seenAt !== null && this.working.seenAt >= at && this.working.goneAt !== null ? this.working.goneAt : Infinity
    this.expectNever(`${step} (answered, the agent works)`, 'idle', at, Math.min(end.receivedAt - END_PAINT_SLACK_MS, painted))
    return at
  }

  /** Cancels a dialog with Esc: the truth is idle from the key; the badge must leave the dialog within 300 ms. */
  async escape(step: string, dialog: RegExp, back: RegExp): Promise<void> {
    await sleep(DWELL_MS)
    const key = this.h.press('\x1b')
    this.h.mark('idle', key)
    await this.h.waitForScreenGone(dialog, 10_000)
    await this.h.waitForScreen(back, 10_000)
    await sleep(Math.max(0, key + 320 - Date.now()))
    const left = this.states.find((c) => c.at >= key && c.state !== 'blocked' && c.state !== 'question')
    const ms = left ? left.at - key : Date.now() - key
    this.timings[`${step} Esc → not blocked`] = ms
    if (!left || ms > 300) this.failures.push(`${step}: still blocked ${ms} ms after Esc (${left ? `left at ${ms} ms` : 'never left'})`)
    await this.expectState(step, 'idle', key, 1500)
    await sleep(1500)
  }

  /**
   * Types the exit command: shutting down from the Enter on, exited at the PTY's exit, or at the
   * agent's `goodbye` screen where it draws one and then cleans up for a while (Gemini's
   * "Agent powering down. Goodbye!" box: 0.6 s before its exit at load average 14).
   */
  async exit(command: string, goodbye?: RegExp): Promise<void> {
    const at = await this.h.submit(command)
    this.h.mark('working', at)
    const said = goodbye ? this.h.waitForScreen(goodbye, 20_000) : null
    const gone = await this.h.waitForExit(20_000)
    const ended = said ? Math.min(await said, gone) : gone
    this.h.mark('exited', ended)
    await this.expectState('exit', 'exited', ended)
  }

  result(): ScenarioResult {
    return { failures: this.failures, timings: this.timings, harness: this.h }
  }
}
