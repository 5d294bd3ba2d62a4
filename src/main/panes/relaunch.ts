import type { Clock } from '../../core/lifecycle/clock'
import type { IDisposable } from '../../core/lifecycle/disposable'
import type { PaneId, PaneInfo, PaneWorktree } from '../../shared/domain/pane'
import { BoardError } from '../../shared/ipc/errors'
import { resumeCommand, type ResumeLookup } from '../agents/resume'
import type { Pane } from './pane'
import { RestoredPane, type RestoredPaneOptions } from './restoredPane'

/** What a pane was launched with, as the user asked (no injected flags): what runs it again. */
export interface PaneLaunchSpec {
  readonly command: readonly string[]
  readonly cwd: string
  /** The request's environment overrides (on top of the board's environment). */
  readonly env: Readonly<Record<string, string>>
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
}

/** The command a restart or resume runs: the agent's resume command when it reported a session. */
export function relaunchCommand(command: readonly string[], before: PaneInfo, resumeOf: ResumeLookup): readonly string[] {
  return resumeCommand(resumeOf(before.agent), command, before.sessionId) ?? command
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

/** A pane as the workspace saved it: what it showed and what ran it (its environment overrides). */
export type SavedPane = RestoredPaneOptions & { readonly env: Readonly<Record<string, string>> }

/** What relaunching needs of the board: its live panes and its one way to launch one. */
export interface RelaunchHost {
  live(id: PaneId): Pane | undefined
  /** The live pane, or the board's error for a pane that is not running or not there. */
  get(id: PaneId): Pane
  /** Launches a pane in this id's place (throws BoardError when the spawn fails). */
  launch(id: PaneId, spec: PaneLaunchSpec, argv: readonly string[], seed: string): PaneInfo
  /** How each agent resumes a session (its manifest's `[resume]`, from the catalog in force). */
  resumeOf: ResumeLookup
  /** Lets go of a live pane that was killed to be replaced: its listeners and its entry. */
  retire(id: PaneId): void
  /** The clients that showed the old pane are attached to the new one. */
  reattach(id: PaneId): Promise<void>
  /** A pane's info changed (`pane:changed`). */
  changed(info: PaneInfo): void
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

  /** Puts a saved pane back, with nothing running; null if a pane with its id is already restored. */
  restore(saved: SavedPane): RestoredPane | null {
    if (this.restored.has(saved.id)) return null
    const { env, ...options } = saved
    const pane = new RestoredPane(options, this.clock)
    this.restored.set(saved.id, pane)
    this.specs.set(saved.id, { command: saved.command, cwd: saved.cwd, env, title: saved.title ?? undefined, cols: saved.cols, rows: saved.rows, worktree: saved.worktree ?? undefined })
    return pane
  }

  /**
   * Runs a pane that is not running again in its place: an agent with its session resumed (its
   * own resume command and the session id it reported), anything else with its command, cwd and
   * environment. Reporting is injected again, as on every launch.
   */
  async resume(id: PaneId): Promise<PaneInfo> {
    const live = this.host.live(id)
    if (live && !live.exit) throw new BoardError('invalid', `pane ${id} is running; \`switchboard restart ${id}\` restarts it`)
    return this.relaunch(id)
  }

  /** Ends the pane's program if it runs and starts it again (an agent resumes its session). */
  async restart(id: PaneId): Promise<PaneInfo> {
    return this.relaunch(id)
  }

  private async relaunch(id: PaneId): Promise<PaneInfo> {
    const live = this.host.live(id)
    const restored = this.restored.get(id)
    const spec = this.specs.get(id)
    if ((!live && !restored) || !spec) return this.host.get(id).info()
    const before = restored ? restored.info() : live!.info()
    const screen = restored ? await restored.serialized() : (await live!.snapshotForSave(1000)).serialized
    const argv = relaunchCommand(spec.command, before, (agent) => this.host.resumeOf(agent))
    if (live) {
      await live.kill()
      this.host.retire(id)
    }
    restored?.dispose()
    this.restored.delete(id)
    try {
      const info = this.host.launch(id, spec, argv, relaunchSeed(screen, spec.rows, argv))
      await this.host.reattach(id)
      return info
    } catch (err) {
      // The pane stays listed, as it was saved, so nothing is lost and it can be tried again.
      const pane = new RestoredPane({ ...before, title: spec.title ?? null, command: spec.command, exit: before.interrupted ? null : (before.exit ?? { code: -1, signal: null }), interruption: before.interrupted ?? null, serialized: screen }, this.clock)
      this.restored.set(id, pane)
      this.host.changed(pane.info())
      throw err
    }
  }

  /** The pane is removed: nothing runs it again. Returns whether it was a restored pane. */
  forget(id: PaneId): boolean {
    this.specs.delete(id)
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
