import { Disposable, type IDisposable } from '../../core/lifecycle/disposable'
import type { Clock } from '../../core/lifecycle/clock'
import type { PaneChanges, PaneChangesDetail, PaneId } from '../../shared/domain/pane'
import { changesDiff, currentBranch, headCommit, listChanges } from './gitChanges'
import { repoRoot } from '../worktrees/git'

export const enum ChangeTrackerConstants {
  /** A burst of output or reports becomes one count this long after it. */
  DebounceMs = 750,
  /** While the agent works, count at least this often (an edit need not change the verdict). */
  WorkingPollMs = 3_000,
}

export interface ChangeTrackerOptions {
  readonly paneId: PaneId
  readonly cwd: string
  readonly clock: Clock
  /** A new count (or a failed one): the pane shows it. */
  readonly onChanges: (changes: PaneChanges) => void
  readonly log: (line: string, fields?: Record<string, unknown>) => void
}

/**
 * What one pane changed in its checkout: the commit it started at is recorded first (a
 * worktree's base, else HEAD at start), then counts are refreshed on demand — debounced, and
 * never two git runs for a pane at once (a poke while counting schedules one more count). All git
 * work is asynchronous, so a slow or huge repository never stalls the board.
 */
export class ChangeTracker extends Disposable {
  private since: string | null = null
  private top: string
  private timer: IDisposable | null = null
  private running = false
  private again = false
  private disposed = false
  private readonly abort = new AbortController()
  private readonly ready: Promise<void>

  constructor(
    private readonly options: ChangeTrackerOptions,
    /** The commit to count from; absent: HEAD now. */
    since?: string,
  ) {
    super()
    this.top = options.cwd
    this.ready = this.init(since)
  }

  private async init(since: string | undefined): Promise<void> {
    try {
      const top = await repoRoot(this.options.cwd)
      if (!top) return
      // From the checkout's top: a pane started in a subfolder changes the whole checkout, and
      // git lists untracked files relative to (and only under) the folder it runs in.
      this.top = top
      this.since = since ?? (await headCommit(top, { signal: this.abort.signal }))
      if (this.since) this.poke(0)
    } catch (err) {
      this.options.log('could not start counting changes', { pane: this.options.paneId, err: String(err) })
    }
  }

  /** Resolves once the start commit is known (or the checkout turned out not to be a repository). */
  started(): Promise<void> {
    return this.ready
  }

  get startCommit(): string | null {
    return this.since
  }

  /** Something may have changed: count again soon. */
  poke(delayMs: number = ChangeTrackerConstants.DebounceMs): void {
    if (this.disposed || !this.since) return
    if (this.running) {
      this.again = true
      return
    }
    if (this.timer) return
    this.timer = this.options.clock.setTimeout(() => {
      this.timer = null
      if (this.running) this.again = true
      else void this.count()
    }, delayMs)
  }

  /** Counts now (after any count in progress) and resolves with the result. */
  async refresh(): Promise<PaneChanges | null> {
    await this.ready
    while (this.running) await new Promise((r) => setTimeout(r, 20))
    return this.since ? this.count() : null
  }

  private async count(): Promise<PaneChanges | null> {
    const since = this.since
    if (this.disposed || !since) return null
    this.running = true
    let changes: PaneChanges
    try {
      const git = { signal: this.abort.signal }
      const files = await listChanges(this.top, since, git)
      changes = {
        since,
        branch: await currentBranch(this.top, git),
        files: files.length,
        added: files.reduce((n, f) => n + (f.added ?? 0), 0),
        removed: files.reduce((n, f) => n + (f.removed ?? 0), 0),
        at: this.options.clock.now(),
        error: null,
        root: this.top,
      }
    } catch (err) {
      changes = {
        since,
        branch: null,
        files: 0,
        added: 0,
        removed: 0,
        at: this.options.clock.now(),
        error: err instanceof Error ? err.message : String(err),
        root: this.top,
      }
    } finally {
      this.running = false
    }
    if (!this.disposed) this.options.onChanges(changes)
    if (this.again) {
      this.again = false
      this.poke()
    }
    return changes
  }

  async detail(): Promise<Omit<PaneChangesDetail, 'paneId'>> {
    await this.ready
    const since = this.since
    if (!since) throw new Error(`${this.options.cwd} is not in a git repository with a commit; there is nothing to compare with`)
    while (this.running) await new Promise((r) => setTimeout(r, 20))
    this.running = true
    try {
      const git = { signal: this.abort.signal }
      const files = await listChanges(this.top, since, git)
      const { diff, truncatedAt, omitted } = await changesDiff(this.top, since, files, git)
      return { cwd: this.top, since, files, diff, truncatedAt, omitted }
    } finally {
      this.running = false
      if (this.again) {
        this.again = false
        this.poke()
      }
    }
  }

  override dispose(): void {
    this.disposed = true
    // A git still counting for this pane is killed: nothing runs on after the pane.
    this.abort.abort()
    this.timer?.dispose()
    this.timer = null
    super.dispose()
  }
}
