import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createHash } from 'node:crypto'
import { Board } from '../../../src/board/panes/board'
import type { Pane } from '../../../src/board/panes/pane'
import type { PaneState, Verdict } from '../../../src/shared/domain/pane'
import { realClock } from '../../../src/board/util/clock'
import { liveDialog } from '../../../src/board/answer/liveDialog'
import type { DialogSnapshot } from '../../../src/shared/domain/answer'
import { silentLogger } from '../../../src/board/util/log'
import { ReportServer } from '../../../src/board/reports/reportServer'
import type { IncomingReport } from '../../../src/board/reports/report'
import { launchAgent, type AgentLaunch } from '../../../src/board/agents/launchAgent'
import { AgentLaunches } from '../../../src/board/agents/agentLaunches'
import { resourcesDir } from './paths'
import { sleep } from './sse'
import { CastRecorder } from './castRecorder'

export const Keys = { enter: '\r', esc: '\x1b', down: '\x1b[B', up: '\x1b[A', right: '\x1b[C', ctrlD: '\x04', shiftTab: '\x1b[Z' } as const

interface Watch {
  readonly re: RegExp
  /** Resolve when the screen stops matching instead. */
  readonly gone?: boolean
  readonly resolve: (at: number) => void
}

/**
 * One real agent in a real pane: a throwaway HOME and work dir, the report server, a board with
 * one pane, and helpers to type, wait for screen text and reports, and check for leaks.
 */
export class AgentHarness {
  readonly reports: IncomingReport[] = []
  readonly root: string
  readonly home: string
  readonly work: string
  readonly runtimeDir: string
  private board!: Board
  private server!: ReportServer
  private pane: Pane | undefined
  private agentLaunch: AgentLaunch | undefined
  private readonly prepared = new PreparedLaunches()
  private watches: Watch[] = []
  private exitAt: number | undefined
  /** Measured delays, printed when the harness ends (the numbers behind the timing assertions). */
  private readonly timings: string[] = []
  /** The run as asciicast v2 with the reports beside it, for fixtures and agents:check. */
  readonly recorder = new CastRecorder()

  private constructor(name: string) {
    this.root = mkdtempSync(join(tmpdir(), `sb-agent-${name}-`))
    this.home = join(this.root, 'home')
    this.work = join(this.root, 'work')
    this.runtimeDir = join(this.root, 'run')
    mkdirSync(this.home)
    mkdirSync(this.work)
    mkdirSync(this.runtimeDir, { mode: 0o700 })
  }

  static async start(name: string): Promise<AgentHarness> {
    const h = new AgentHarness(name)
    // Reports go where the live board sends them, the pane's status engine, and are kept for assertions.
    const sink = (r: IncomingReport) => {
      h.reports.push(r)
      h.recorder.report(r.receivedAt, r.event, r.payload)
      h.board.deliverReport(r)
    }
    h.server = await ReportServer.listen({ sink, clock: realClock, log: silentLogger })
    h.board = new Board({
      clock: realClock,
      log: silentLogger,
      agents: h.prepared,
      baseEnv: { PATH: process.env.PATH, LANG: 'C.UTF-8' },
      defaultCwd: h.work,
      userAgentsDir: null,
      userRulesDir: null,
      watchRules: false,
    })
    return h
  }

  get reportServer(): ReportServer {
    return this.server
  }

  get launch(): AgentLaunch {
    if (!this.agentLaunch) throw new Error('no agent launched yet')
    return this.agentLaunch
  }

  /**
   * Launches the agent (its folder's id) in the pane with reporting injected, as the board will
   * (a fresh board's first pane is "1"), with the profile the board's own catalog has for it.
   */
  spawn(agent: string, executable: string, userArgs: readonly string[], env: Record<string, string>, size = { cols: 120, rows: 32 }): Pane {
    const paneEnv = {
      HOME: this.home,
      TERM: 'xterm-256color',
      COLORTERM: 'truecolor',
      LANG: 'C.UTF-8',
      SHELL: '/bin/bash',
      PATH: process.env.PATH ?? '',
      ...env,
    }
    const profile = this.board.agents.profile(agent)
    if (profile.kind !== agent) throw new Error(`no agent folder ${agent} (resources/agents/${agent}/)`)
    this.agentLaunch = launchAgent({
      paneId: '1',
      profile,
      executable,
      userArgs,
      env: paneEnv,
      server: this.server,
      runtimeDir: this.runtimeDir,
      resourcesDir,
      runtime: process.execPath,
    })
    this.prepared.next = this.agentLaunch
    const info = this.board.create({ command: [...this.agentLaunch.argv], env: paneEnv, cwd: this.work, ...size })
    const pane = this.board.get(info.id)
    this.pane = pane
    this.recorder.start(size.cols, size.rows, pane.verdict.state)
    pane.onDidParse((data) => (this.recorder.output(data), this.checkWatches()))
    pane.onDidChangeState((c) => this.recorder.verdict(c.info.verdict.state))
    pane.onDidExit((e) => ((this.exitAt = Date.now()), this.recorder.exit(e.code ?? 0)))
    return pane
  }

  /** The pane's token, from its environment or its private token file. */
  token(): string {
    const env = this.launch.env
    return env.SWITCHBOARD_REPORT_TOKEN ?? readFileSync(env.SWITCHBOARD_REPORT_TOKEN_FILE!, 'utf8').trim()
  }

  /** Files anywhere under the harness root, other than the launch's own token file, that contain the token. */
  tokenLeaks(): string[] {
    return filesContaining(this.root, this.token()).filter((f) => f !== this.launch.env.SWITCHBOARD_REPORT_TOKEN_FILE)
  }

  get activePane(): Pane {
    if (!this.pane) throw new Error('no pane yet')
    return this.pane
  }

  screen(): string {
    return this.activePane.screen().lines.join('\n')
  }

  /** The screen with runs of whitespace collapsed, so wrapped lines still match. */
  flatScreen(): string {
    return this.screen().replace(/\s+/g, ' ')
  }

  private checkWatches(): void {
    if (!this.watches.length) return
    const flat = this.flatScreen()
    const now = Date.now()
    this.watches = this.watches.filter((w) => {
      if (w.re.test(flat) === Boolean(w.gone)) return true
      w.resolve(now)
      return false
    })
  }

  /** Resolves with the time the (whitespace-flattened) screen first matched `re`. */
  waitForScreen(re: RegExp, timeoutMs = 30_000): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`screen never matched ${re}; screen:\n${this.screen()}`)), timeoutMs)
      this.watches.push({ re, resolve: (at) => (clearTimeout(timer), resolve(at)) })
      this.checkWatches()
    })
  }

  /** Resolves with the time the (whitespace-flattened) screen first no longer matched `re`. */
  waitForScreenGone(re: RegExp, timeoutMs = 30_000): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`screen still matches ${re}; screen:\n${this.screen()}`)), timeoutMs)
      this.watches.push({ re, gone: true, resolve: (at) => (clearTimeout(timer), resolve(at)) })
      this.checkWatches()
    })
  }

  /** Polls until `check` gives a value. */
  async waitFor<T>(check: () => T | null | undefined, what: string, timeoutMs = 5_000): Promise<T> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const value = check()
      if (value !== null && value !== undefined) return value
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
      await sleep(20)
    }
  }

  /**
   * Polls the board's reading of the pane's dialog until `ready` holds: the dialog as the answer
   * path will see it, drawn in full, instead of a fixed wait after its first line showed.
   */
  async dialogReady(ready: (s: DialogSnapshot) => boolean, what: string, timeoutMs = 10_000): Promise<DialogSnapshot> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const snapshot = await liveDialog(this.activePane)
      if (ready(snapshot)) return snapshot
      if (Date.now() > deadline) throw new Error(`the dialog never got ready (${what}): ${JSON.stringify(snapshot.dialog)}; screen:\n${this.screen()}`)
      await sleep(20)
    }
  }

  /**
   * Waits until the report server has no connection open: once the agent has exited, every
   * report it sent has been taken in, so what is not there by then never will be.
   */
  async reportsSettled(timeoutMs = 10_000): Promise<void> {
    await this.waitFor(() => this.server.stats().connections.open === 0 || null, 'the report server to have no connection open', timeoutMs)
  }

  /** Waits until the pane's live verdict (status engine fed by the screen and these reports) is `state`. */
  async waitForState(state: PaneState, timeoutMs = 15_000): Promise<Verdict> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const verdict = this.activePane.verdict
      if (verdict.state === state) return verdict
      if (Date.now() > deadline) throw new Error(`the pane never became ${state}; it is ${verdict.state} (${verdict.evidence.map((e) => e.detail).join('; ')})`)
      await sleep(20)
    }
  }

  async waitForReport(pred: (r: IncomingReport) => boolean, what: string, from = 0, timeoutMs = 30_000): Promise<IncomingReport> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = this.reports.slice(from).find(pred)
      if (found) return found
      if (Date.now() > deadline)
        throw new Error(
          `no report ${what}; got: ${this.reports
            .slice(from)
            .map((r) => r.event)
            .join(', ')}\nscreen:\n${this.screen()}`,
        )
      await sleep(10)
    }
  }

  events(from = 0): string[] {
    return this.reports.slice(from).map((r) => r.event)
  }

  /**
   * Set for an agent that takes a typed chunk for a paste and turns an Enter that comes within
   * its paste window into a newline (Gemini CLI 0.61: 40 ms, timed from when its loaded event loop
   * got to the chunk): Enter waits until the typed line is on screen.
   */
  echoBeforeEnter = false

  /** Types a line, then Enter on its own (a chunk with Enter in it is taken as a paste). Returns the time of Enter. */
  async submit(text: string): Promise<number> {
    const shown = this.echoBeforeEnter ? this.waitForScreen(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')), 30_000) : null
    this.write(text)
    await shown
    await sleep(250)
    const at = Date.now()
    this.write(Keys.enter)
    return at
  }

  press(key: string): number {
    this.write(key)
    return Date.now()
  }

  /** Types into the pane (recorded as input). */
  write(data: string): void {
    this.recorder.input(data)
    this.activePane.write(data)
  }

  resize(cols: number, rows: number): void {
    this.recorder.resize(cols, rows)
    this.activePane.resize(cols, rows)
  }

  /** Drops a ground-truth marker `state:<label>` into the recording (the scenario's own truth). */
  mark(label: string, at = Date.now()): void {
    this.recorder.mark(`state:${label}`, at)
  }

  async waitForExit(timeoutMs = 15_000): Promise<number> {
    const deadline = Date.now() + timeoutMs
    while (this.exitAt === undefined) {
      if (Date.now() > deadline) throw new Error(`the agent did not exit; screen:\n${this.screen()}`)
      await sleep(20)
    }
    return this.exitAt
  }

  /** Every process's argv, as `ps` would print it. */
  static allArgv(): string {
    return execFileSync('ps', ['-eww', '-o', 'args='], { encoding: 'utf8' })
  }

  /** Records a measured delay (ms) and returns it, for the summary line at the end. */
  timing(label: string, ms: number): number {
    this.timings.push(`${label} ${Math.round(ms)} ms`)
    return ms
  }

  async dispose(): Promise<void> {
    if (this.timings.length) console.info(`timings (${this.root}): ${this.timings.join('; ')}`)
    this.watches = []
    await this.board?.shutdown()
    this.agentLaunch?.dispose()
    await this.server?.close()
    rmSync(this.root, { recursive: true, force: true })
  }
}

/** sha256 of every file under `dir` (relative path → hash), to prove files are byte-identical. */
export function snapshotFiles(dir: string, only?: (rel: string) => boolean): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (d: string, rel: string) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name)
      const r = rel ? `${rel}/${name}` : name
      const st = statSync(full)
      if (st.isDirectory()) walk(full, r)
      else if (!only || only(r)) out[r] = createHash('sha256').update(readFileSync(full)).digest('hex')
    }
  }
  walk(dir, '')
  return out
}

/** Files under `dir` whose bytes contain `needle` (a token must be in none). */
export function filesContaining(dir: string, needle: string): string[] {
  const hits: string[] = []
  const walk = (d: string) => {
    let names: string[]
    try {
      names = readdirSync(d)
    } catch {
      return
    }
    for (const name of names) {
      const full = join(d, name)
      let st
      try {
        st = statSync(full)
      } catch {
        continue
      }
      if (st.isDirectory()) walk(full)
      else if (st.isFile() && st.size < 50 * 1024 * 1024 && readFileSync(full).includes(needle)) hits.push(full)
    }
  }
  walk(dir)
  return hits
}

/**
 * Hands the board the launch the harness prepared (its token and files are the harness's to
 * read and dispose), so its variables join the pane's environment where a live board's
 * injection puts them: a launch's own env may set no SWITCHBOARD_* variable (issue 24.4).
 */
class PreparedLaunches extends AgentLaunches {
  next: AgentLaunch | undefined

  constructor() {
    super({ server: undefined as never, runtimeDir: '', resourcesDir: '', runtime: '' })
  }

  override prepare(): AgentLaunch {
    const launch = this.next
    this.next = undefined
    if (!launch) throw new Error('the harness prepared no agent launch for this pane')
    return {
      agent: launch.agent,
      argv: launch.argv,
      env: launch.env,
      secrets: launch.secrets,
      handover: launch.handover,
      reporting: launch.reporting,
      dispose: () => {},
    }
  }
}
