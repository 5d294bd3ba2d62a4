import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { desktopEnvironment, ROOT } from '../../../e2e/support/boardServer'
import type { PaneState } from '../../../src/shared/domain/pane'

const CLI = join(ROOT, 'out/main/cli.js')

export interface CliResult {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/** What `ls --json` says of a pane (the fields the session tests read; the rest is there too). */
export interface PaneRecord {
  readonly id: string
  readonly state: string
  readonly pid: number
  readonly agent: string | null
  readonly sessionId: string | null
  readonly command: string[]
  readonly cwd: string
  readonly missingEnv: string[]
  readonly lastReport: { event: string; at: number } | null
  readonly interrupted: { resume: { kind: string; sessionId?: string }; command: string[]; missingEnv: string[] } | null
}

/** An exec error's exit code (a number), or 1 where it has none (killed, not started). */
const exitCode = (err: Error): number => {
  const code = (err as { code?: unknown }).code
  return typeof code === 'number' ? code : 1
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A real board driven through its CLI (`out/main/cli.js`), as the real-CLI session tests drive
 * theirs: one copy of calling it, listing panes, reading a screen and waiting on it, typing a
 * prompt and waiting for a session id. `socket` is the board's control socket; without one the
 * CLI finds the board from SWITCHBOARD_RUNTIME_DIR in `env` (and starts one where it may). The
 * CLI runs in a desktop's environment (desktopEnvironment: no npm_*, CI or GITHUB_ACTIONS), as the
 * board it may start must: Gemini CLI runs headless under CI=true even in a terminal.
 */
export class BoardCli {
  private readonly env: NodeJS.ProcessEnv

  constructor(
    env: Readonly<NodeJS.ProcessEnv>,
    private readonly socket?: string,
    private readonly cwd?: string,
  ) {
    this.env = desktopEnvironment(env)
  }

  run(...args: string[]): Promise<CliResult> {
    const argv = [CLI, ...(this.socket ? ['--socket', this.socket] : []), ...args]
    return new Promise((resolve) =>
      execFile(process.execPath, argv, { env: this.env, cwd: this.cwd, encoding: 'utf8', timeout: 60_000 }, (err, stdout, stderr) =>
        resolve({ code: err ? exitCode(err) : 0, stdout, stderr }),
      ),
    )
  }

  /** Its output; throws with what it said when it fails. */
  async cli(...args: string[]): Promise<string> {
    const r = await this.run(...args)
    if (r.code !== 0) throw new Error(`switchboard ${args.join(' ')} failed (exit ${r.code}): ${r.stderr}${r.stdout}`)
    return r.stdout
  }

  async panes(): Promise<PaneRecord[]> {
    return JSON.parse(await this.cli('ls', '--json')) as PaneRecord[]
  }

  async pane(id: string): Promise<PaneRecord> {
    const found = (await this.panes()).find((p) => p.id === id)
    if (!found) throw new Error(`the board has no pane ${id}`)
    return found
  }

  /** The pane's screen with runs of whitespace collapsed, so wrapped lines still match. */
  async screen(id: string): Promise<string> {
    return (await this.cli('screen', id)).replace(/\s+/g, ' ')
  }

  /** Polls `check` until it gives a value; fails with `what` and the screen of `pane`. */
  async until<T>(what: string, check: () => Promise<T | null | undefined | false> | T | null | undefined | false, timeoutMs = 60_000, pane = '1'): Promise<T> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const value = await check()
      if (value) return value
      if (Date.now() > deadline)
        throw new Error(
          `timed out after ${timeoutMs} ms waiting for ${what}; pane ${pane}'s screen:\n${await this.screen(pane).catch((e: unknown) => String(e))}`,
        )
      await new Promise((r) => setTimeout(r, 250))
    }
  }

  /** Resolves with the (flattened) screen once it matches `re`. */
  async waitForScreen(id: string, re: RegExp, timeoutMs = 60_000): Promise<string> {
    let last = ''
    return this.until(
      `pane ${id} to show ${re}`,
      async () => {
        last = await this.screen(id)
        return re.test(last) ? last : null
      },
      timeoutMs,
      id,
    )
  }

  /** `switchboard wait`: the board's own verdict, waited for by the board. */
  async waitForState(id: string, state: PaneState, timeoutSec = 30): Promise<void> {
    await this.cli('wait', id, '--state', state, '--timeout', String(timeoutSec))
  }

  /**
   * Types a prompt as a person would: the line, then — once the agent shows it in its input box,
   * so it has read it and will not take the Enter into a paste (Gemini CLI's 40 ms window) — Enter
   * on its own. A line the agent never shows (it dropped keys typed before it read input) fails
   * here, saying so, instead of an Enter into nothing.
   *
   * `paste`: the line as a terminal pastes it (bracketed). Codex 0.171.0 drops every `?` of a line
   * written in one go within ~0.5 s of its prompt (a lone `?` there opens its shortcut help; measured
   * with the real binary: every time at 0 ms, never after 1 s; under load the window stretches past
   * the board's idle verdict). A paste is taken as text whole, as the board's answer box sends it.
   */
  async submit(id: string, text: string, timeoutMs = 30_000, how: { paste?: boolean } = {}): Promise<void> {
    await this.cli('write', id, how.paste ? `\x1b[200~${text}\x1b[201~` : text)
    await this.waitForScreen(id, new RegExp(escapeRe(text).replace(/ /g, '\\s*')), timeoutMs)
    await this.cli('write', id, '\r', '--escapes')
  }

  /**
   * Answers the pane's dialog with `option` through the board's guard (`switchboard answer`), once
   * the board reads the dialog on the screen. A blocked badge can come from the agent's report
   * before the dialog is drawn: a key typed then reaches no dialog (Claude Code 2.1.332 drops it;
   * keepRunning.test in CI), which a user, who answers what they see, never does.
   */
  async answerOption(id: string, option: string, timeoutMs = 30_000): Promise<void> {
    await this.until(`pane ${id} to show a dialog`, async () => (await this.run('answer', id)).code === 0, timeoutMs, id)
    await this.cli('answer', id, option)
  }

  /** The session id the board captured from the agent's reports. */
  async waitForSession(id: string, timeoutMs = 60_000): Promise<string> {
    return this.until(`pane ${id} to report a session id`, async () => (await this.panes()).find((p) => p.id === id)?.sessionId, timeoutMs, id)
  }
}
