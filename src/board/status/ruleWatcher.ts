import { existsSync, watch as fsWatch, type FSWatcher, type WatchListener } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import type { Clock } from '../../core/lifecycle/clock'
import { Disposable, type IDisposable } from '../../core/lifecycle/disposable'
import { Emitter } from '../../core/lifecycle/emitter'
import { formatRuleFileError, isFatal, type RuleFileError } from './ruleFile'

export const enum RuleWatcherConstants {
  /**
   * Saves arrive as bursts of events (an editor's atomic save is write-temp, rename, chmod; vim
   * adds a `4913` probe; `git checkout` rewrites several files): one reload per burst, soon
   * enough that the user sees the effect of a save at once.
   */
  DebounceMs = 150,
}

export type WatchFn = (path: string, options: { persistent: boolean }, listener: WatchListener<string>) => FSWatcher

export interface RuleWatcherOptions {
  /**
   * The folders to watch (RuleRegistry.dirs, AgentCatalog.dirs); a dir may not exist yet. A
   * function is asked again after every reload: a new agent folder is watched from then on.
   */
  readonly dirs: readonly string[] | (() => readonly string[])
  /** Folders whose sub-folders are agents: any name changing in them (a folder added or removed) reloads. */
  readonly roots?: readonly string[]
  /** Re-reads the rules and hands them to the panes; returns the problems found (RuleRegistry.reload). */
  readonly reload: () => readonly RuleFileError[]
  readonly clock: Clock
  readonly log?: (line: string) => void
  readonly debounceMs?: number
  /** fs.watch; injectable so a test can check that nothing stays open after dispose. */
  readonly watch?: WatchFn
}

export interface RuleReload {
  readonly at: number
  /** Errors and warnings of this reload; empty when every file loaded. */
  readonly problems: readonly RuleFileError[]
}

/**
 * Watches one directory that may not exist yet: while it is missing, its nearest existing
 * ancestor is watched for the next path component to appear. Watching the directory, not the
 * files, survives editors' rename-saves (the file's inode changes, the directory's does not).
 */
class DirWatch implements IDisposable {
  private watcher: FSWatcher | null = null
  private disposed = false

  constructor(
    private readonly dir: string,
    private readonly watch: WatchFn,
    private readonly changed: () => void,
    private readonly log: (line: string) => void,
    /** Which names in the folder are worth a reload: rule and agent files, or (an agents root) any. */
    private readonly relevant: (name: string) => boolean = (name) => name.endsWith('.toml'),
  ) {
    this.arm()
  }

  private arm(): void {
    this.watcher?.close()
    this.watcher = null
    if (this.disposed) return
    let target = this.dir
    while (!existsSync(target) && dirname(target) !== target) target = dirname(target)
    const waiting = target !== this.dir
    // The component below `target` on the way to `dir`: the only name worth waking up for.
    const next = waiting ? (relative(target, this.dir).split(sep)[0] ?? null) : null
    try {
      this.watcher = this.watch(target, { persistent: false }, (_event, name) => this.onEvent(waiting, next, name))
      this.watcher.on('error', () => this.rearm())
    } catch (err) {
      this.log(`rules: cannot watch ${target} (${(err as Error).message}); edits to ${this.dir} need a restart to take effect`)
      return
    }
    // Created between the existence check and the watch: no event will say so, so look again.
    if (next && existsSync(join(target, next))) {
      this.arm()
      if (existsSync(this.dir)) this.changed()
    }
  }

  private onEvent(waiting: boolean, next: string | null, name: string | null): void {
    if (waiting) {
      if (name !== null && name !== next) return
      // A step of the path appeared: watch deeper. Once the directory itself is there (with files,
      // if it was copied in), watch it and read it.
      this.arm()
      if (existsSync(this.dir)) this.changed()
      return
    }
    if (!existsSync(this.dir)) return this.rearm()
    // A null name (some platforms) could be any file; anything else must be a rule or agent file.
    if (name === null || this.relevant(name)) this.changed()
  }

  /** The directory went away (deleted, renamed): its rules changed, and it is waited for again. */
  private rearm(): void {
    this.arm()
    this.changed()
  }

  dispose(): void {
    this.disposed = true
    this.watcher?.close()
    this.watcher = null
  }
}

/**
 * Hot reload of the screen rules: watches the shipped and the override directories and reloads
 * once per burst of changes. A broken file is logged and returned (`problems`, `onDidReload`)
 * with file, line and rule while its previous rules stay in force (RuleRegistry does that).
 * Nothing keeps running after dispose: watchers closed, pending reload cancelled.
 */
export class RuleWatcher extends Disposable {
  private pending: IDisposable | null = null
  private readonly watches = new Map<string, DirWatch>()
  private readonly watchFn: WatchFn
  private lastProblems: readonly RuleFileError[] = []
  private readonly log: (line: string) => void

  private readonly _onDidReload = this.register(new Emitter<RuleReload>())
  readonly onDidReload = this._onDidReload.event

  constructor(private readonly options: RuleWatcherOptions) {
    super()
    this.log = options.log ?? (() => {})
    this.watchFn = options.watch ?? ((path, opts, listener) => fsWatch(path, opts, listener))
    this.syncWatches()
    this.register({
      dispose: () => {
        this.pending?.dispose()
        this.pending = null
        for (const w of this.watches.values()) w.dispose()
        this.watches.clear()
      },
    })
  }

  /** Watches exactly the folders the options name now: new ones added, gone ones closed. */
  private syncWatches(): void {
    const dirs = typeof this.options.dirs === 'function' ? this.options.dirs() : this.options.dirs
    const roots = new Set(this.options.roots ?? [])
    const wanted = new Set([...dirs, ...roots])
    for (const [dir, w] of this.watches) {
      if (wanted.has(dir)) continue
      w.dispose()
      this.watches.delete(dir)
    }
    for (const dir of wanted) {
      if (this.watches.has(dir)) continue
      this.watches.set(dir, new DirWatch(dir, this.watchFn, () => this.schedule(), this.log, roots.has(dir) ? () => true : undefined))
    }
  }

  /** The problems of the latest reload (for the UI to show until they are fixed). */
  get problems(): readonly RuleFileError[] {
    return this.lastProblems
  }

  private schedule(): void {
    if (this.store.isDisposed) return
    // Trailing debounce: a burst restarts the wait. Rule dirs are written by people, not streams.
    this.pending?.dispose()
    this.pending = this.options.clock.setTimeout(() => this.run(), this.options.debounceMs ?? RuleWatcherConstants.DebounceMs)
  }

  private run(): void {
    this.pending = null
    let problems: readonly RuleFileError[]
    try {
      problems = this.options.reload()
    } catch (err) {
      // A reload that throws is a bug, but the board must keep running on the rules it has.
      this.log(`rules: reload failed (${(err as Error).stack ?? String(err)}); the previous rules stay in force`)
      const dirs = typeof this.options.dirs === 'function' ? this.options.dirs() : this.options.dirs
      problems = [{ file: dirs[0] ?? '', line: 1, message: `reload failed: ${(err as Error).message}` }]
    }
    this.lastProblems = problems
    if (!this.store.isDisposed) this.syncWatches()
    const fatal = problems.filter(isFatal).length
    this.log(fatal ? `rules reloaded with ${fatal} error(s): ${problems.map(formatRuleFileError).join('; ')}` : 'rules reloaded')
    this._onDidReload.fire({ at: this.options.clock.now(), problems })
  }
}
