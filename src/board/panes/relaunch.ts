import type { Clock } from '../../core/lifecycle/clock'
import type { IDisposable } from '../../core/lifecycle/disposable'
import type { MissingEnv, PaneId, PaneInfo, PaneState, PaneWorktree } from '../../shared/domain/pane'
import { BoardError } from '../../shared/ipc/errors'
import { resumeCommand, sessionSaved, type ResumeLookup } from '../agents/resume'
import { settingsPlace } from '../../core/launch/settingsEnv'
import type { Pane } from './pane'
import { RestoredPane } from './restoredPane'
import type { RestorablePane } from './savedPane'

/** What a pane was launched with, as the user asked (no injected flags): what runs it again. */
export interface PaneLaunchSpec {
  readonly command: readonly string[]
  readonly cwd: string
  /** The environment overrides it runs with (on top of the board's): the settings', then its own. */
  readonly env: Readonly<Record<string, string>>
  /**
   * The launch's own overrides (the request's `env`), apart from what the settings added: a
   * resume applies the settings again, as they are then, and these on top. Absent: all of `env`.
   */
  readonly ownEnv?: Readonly<Record<string, string>>
  /** The launch preset it was started from, by name: a resume applies it again. */
  readonly preset?: string
  /** Names of its own overrides this run lacks (secrets are not saved with the workspace). */
  readonly missingEnv?: readonly string[]
  readonly title?: string
  readonly cols: number
  readonly rows: number
  /** The agent it was launched as by name (`spawn --agent`), whatever the executable is called. */
  readonly agent?: string
  /** The git worktree made for it: a restart runs in the same one. */
  readonly worktree?: PaneWorktree
}

export interface PaneLaunched {
  readonly paneId: PaneId
  readonly spec: PaneLaunchSpec
  readonly pane: Pane
  /** A new pane, or one run again in its place. */
  readonly reason: 'create' | 'resume' | 'restart'
  /** For a pane run again: the state it was in before (a restored pane's is exited). */
  readonly previous?: PaneState
}

/** How a pane is launched (again): its spec, and the session an agent is resumed in. */
export interface PaneLaunchRun {
  readonly argv: readonly string[]
  /** The screen it had, for its mirror to start from (restart, resume). */
  readonly seed?: string
  /**
   * The agent's session this run resumes: the pane says so until the agent reports one itself
   * (a resumed Claude reports nothing until its next prompt), so another crash resumes it again.
   */
  readonly session?: string | null
  /** Why it runs (PaneLaunched.reason), and the state it was in before when it runs again. */
  readonly reason?: PaneLaunched['reason']
  readonly previous?: PaneState
}

/** The names in a spec's missingEnv as the info says them, with where they can be kept; null for none. */
export function missingEnvOf(spec: PaneLaunchSpec): MissingEnv | null {
  return spec.missingEnv?.length ? { names: spec.missingEnv, setIn: settingsPlace(spec) } : null
}

/**
 * What the new pane's mirror starts with: the old screen, then a marker line, then a blank page,
 * so the old screen is in the scrollback (the user can read it) while the visible page, which
 * the status rules read, holds only what the new program draws. Leaves the alternate screen and
 * soft-resets modes the old program had set.
 */
export function relaunchSeed(serialized: string, rows: number, argv: readonly string[]): string {
  const marker = `\x1b[2m── switchboard: ${argv.join(' ').slice(0, 200)} ──\x1b[0m`
  // From the bottom row, each newline scrolls one line up into the scrollback: `rows` of them leave a blank page.
  return `${serialized}\x1b[?1049l\x1b[!p\x1b[0m\x1b[${rows};1H\r\n${marker}${'\r\n'.repeat(rows)}\x1b[H`
}

/** What relaunching needs of the board: its live panes and its one way to launch one. */
export interface RelaunchHost {
  live(id: PaneId): Pane | undefined
  /** The live pane, or the board's error for a pane that is not running or not there. */
  get(id: PaneId): Pane
  /** Launches a pane in this id's place (throws BoardError when the spawn fails). */
  launch(id: PaneId, spec: PaneLaunchSpec, run: PaneLaunchRun): PaneInfo
  /** The environment the settings give this launch (its agent's, its preset's), as they are now. */
  settingsEnv(spec: PaneLaunchSpec): Readonly<Record<string, string>>
  /** The board's own environment, which every pane inherits. */
  inheritedEnv(): Readonly<Record<string, string>>
  /** How each agent resumes a session (its manifest's `[resume]`, from the catalog in force). */
  resumeOf: ResumeLookup
  /** Lets go of a live pane that was killed to be replaced: its listeners and its entry. */
  retire(id: PaneId): void
  /** The clients that showed the old pane are attached to the new one. */
  reattach(id: PaneId): Promise<void>
  /** A pane's info changed (`pane:changed`). */
  changed(info: PaneInfo): void
  /** A line for the board's log. */
  log(line: string): void
}

/**
 * Runs panes again in their place: it keeps what each pane was launched with (its spec) and the
 * panes back from the saved workspace with nothing running (RestoredPane), and replaces either
 * kind with a new live pane on restart or resume.
 */
export class PaneRelauncher implements IDisposable {
  /** Panes back from the saved workspace with nothing running yet (see restore). */
  private readonly restored = new Map<PaneId, RestoredPane>()
  /** What each pane was launched with, as the user asked: what restart and resume run again. */
  private readonly specs = new Map<PaneId, PaneLaunchSpec>()
  /** Whether a restored pane's session has a saved conversation (sessionSaved), as last read. */
  private readonly transcripts = new Map<PaneId, { readonly session: string; readonly saved: boolean | null }>()

  constructor(
    private readonly clock: Clock,
    private readonly host: RelaunchHost,
  ) {}

  /** A pane was launched with this spec: what runs it again. */
  launched(id: PaneId, spec: PaneLaunchSpec): void {
    this.specs.set(id, spec)
  }

  /** A pane back from the saved workspace with nothing running, if `id` is one. */
  restoredPane(id: PaneId): RestoredPane | undefined {
    return this.restored.get(id)
  }

  /**
   * A restored pane's info, saying what Resume would run (the session, or the command again when
   * nothing was saved in it) and what it would run without, as the settings are now.
   */
  restoredInfo(id: PaneId): PaneInfo | undefined {
    const info = this.restored.get(id)?.info()
    const saved = this.specs.get(id)
    if (!info?.interrupted || !saved) return info
    const spec = this.relaunchSpec(saved)
    const rerun = info.interrupted.resume.kind === 'session' && this.sessionResume(info, spec) === 'unsaved'
    const what = rerun ? { resume: { kind: 'rerun' as const }, command: spec.command } : {}
    return { ...info, interrupted: { ...info.interrupted, ...what, missingEnv: missingEnvOf(spec) } }
  }

  /**
   * How the pane's session resumes: its agent's own resume command with the session id, `unsaved`
   * when nothing was saved in that session (it never got an answer: resuming it would only fail,
   * so the agent starts afresh), or `none` (no session, or the agent cannot resume one).
   */
  private sessionResume(before: Pick<PaneInfo, 'id' | 'agent' | 'sessionId'>, spec: PaneLaunchSpec): { readonly argv: readonly string[] } | 'unsaved' | 'none' {
    const resume = this.host.resumeOf(before.agent)
    const argv = resumeCommand(resume, spec.command, before.sessionId)
    if (!argv) return 'none'
    const known = this.transcripts.get(before.id)
    // Read once per session: a session nobody runs gains no messages, and a list must not read files each time.
    const saved =
      known?.session === before.sessionId ? known.saved : sessionSaved(resume?.transcript, { ...this.host.inheritedEnv(), ...spec.env }, before.sessionId!)
    this.transcripts.set(before.id, { session: before.sessionId!, saved })
    return saved === false ? 'unsaved' : { argv }
  }

  /**
   * What a relaunch runs with: the settings' environment as it is now (a key moved into the
   * settings comes back), the launch's own overrides on top, then `extra` (`resume --env`); and
   * which of its own it still lacks (not saved, and given by nothing else).
   */
  private relaunchSpec(spec: PaneLaunchSpec, extra: Readonly<Record<string, string>> = {}): PaneLaunchSpec {
    const ownEnv = { ...(spec.ownEnv ?? spec.env), ...extra }
    const env = { ...this.host.settingsEnv(spec), ...ownEnv }
    const inherited = this.host.inheritedEnv()
    const missingEnv = (spec.missingEnv ?? []).filter((name) => env[name] === undefined && inherited[name] === undefined)
    return { ...spec, env, ownEnv, missingEnv }
  }

  /** Puts a saved pane back, with nothing running; null if a pane with its id is already restored. */
  restore(saved: RestorablePane): RestoredPane | null {
    if (this.restored.has(saved.id)) return null
    const { env, launch, ...options } = saved
    const pane = new RestoredPane(options, this.clock)
    this.restored.set(saved.id, pane)
    const { agent, preset, missingEnv } = launch ?? {}
    this.specs.set(saved.id, {
      command: saved.command,
      cwd: saved.cwd,
      env,
      ownEnv: env,
      title: saved.title ?? undefined,
      cols: saved.cols,
      rows: saved.rows,
      worktree: saved.worktree ?? undefined,
      agent,
      preset,
      missingEnv,
    })
    return pane
  }

  /**
   * Runs a pane that is not running again in its place: an agent with its session resumed (its
   * own resume command and the session id it reported), anything else with its command, cwd and
   * environment — the settings' environment applied again, `env` on top (what was not saved).
   * Reporting is injected again, as on every launch.
   */
  async resume(id: PaneId, env?: Readonly<Record<string, string>>): Promise<PaneInfo> {
    const live = this.host.live(id)
    if (live && !live.exit) throw new BoardError('invalid', `pane ${id} is running; \`switchboard restart ${id}\` restarts it`)
    return this.relaunch(id, 'resume', env)
  }

  /** Ends the pane's program if it runs and starts it again (an agent resumes its session). */
  async restart(id: PaneId): Promise<PaneInfo> {
    return this.relaunch(id, 'restart')
  }

  private async relaunch(id: PaneId, reason: 'resume' | 'restart', extraEnv?: Readonly<Record<string, string>>): Promise<PaneInfo> {
    const live = this.host.live(id)
    const restored = this.restored.get(id)
    const saved = this.specs.get(id)
    if ((!live && !restored) || !saved) return this.host.get(id).info()
    const spec = this.relaunchSpec(saved, extraEnv)
    const before = restored ? restored.info() : live!.info()
    const screen = restored ? await restored.serialized() : (await live!.snapshotForSave(1000)).serialized
    // An agent resumes its session when it has one: its own resume command and the session id.
    this.transcripts.delete(id)
    const plan = this.sessionResume(before, spec)
    if (plan === 'unsaved') this.host.log(`pane ${id}: session ${before.sessionId} has no saved conversation; ${before.agent} starts afresh`)
    const resumed = typeof plan === 'object' ? plan.argv : null
    const argv = resumed ?? spec.command
    const session = resumed ? before.sessionId : null
    if (live) {
      await live.kill()
      this.host.retire(id)
    }
    restored?.dispose()
    this.restored.delete(id)
    try {
      const info = this.host.launch(id, spec, { argv, seed: relaunchSeed(screen, spec.rows, argv), session, reason, previous: before.verdict.state })
      await this.host.reattach(id)
      return info
    } catch (err) {
      // The pane stays listed, as it was saved, so nothing is lost and it can be tried again.
      const pane = new RestoredPane(
        {
          ...before,
          title: spec.title ?? null,
          command: spec.command,
          exit: before.interrupted ? null : (before.exit ?? { code: -1, signal: null }),
          exitedAt: null,
          interruption: before.interrupted ?? null,
          serialized: screen,
        },
        this.clock,
      )
      this.restored.set(id, pane)
      this.host.changed(pane.info())
      throw err
    }
  }

  /** The pane is removed: nothing runs it again. Returns whether it was a restored pane. */
  forget(id: PaneId): boolean {
    this.specs.delete(id)
    this.transcripts.delete(id)
    const restored = this.restored.get(id)
    restored?.dispose()
    this.restored.delete(id)
    return restored !== undefined
  }

  dispose(): void {
    for (const pane of this.restored.values()) pane.dispose()
    this.restored.clear()
  }
}
