import type { Clock } from '../../core/lifecycle/clock'
import type { IDisposable } from '../../core/lifecycle/disposable'
import type { PaneId } from '../../shared/domain/pane'
import type { Pane, SavedScreenShot } from '../panes/pane'
import type { Logger } from '../util/log'
import type { WorkspaceDb } from './workspaceDb'
import type { WriteQueue } from './writeQueue'

export const ScreenSaveConstants = {
  /**
   * Screens are saved at most this often (all panes with new output at once), never per chunk.
   * Serializing 1000 lines of scrollback takes ~30 ms on the board's thread (measured, 120 cols,
   * coloured lines): every 2 s that is ~1.5% of a core per busy pane; a crash loses ≤ 2 s of screen.
   */
  ScreenSaveDelayMs: 2_000,
  /** Scrollback lines saved with a screen: enough to read back what happened, bounded in size. */
  ScrollbackLines: 1_000,
  /** A serialized screen longer than this is saved without its scrollback. */
  MaxSerializedChars: 1_000_000,
} as const

type ScreenRow = Parameters<WorkspaceDb['saveScreens']>[0][number]

/**
 * The live panes' screens, as the workspace saves them: debounced (every pane with new output in
 * one transaction), each with the pty host's log offset it covers, and the checkpoint that lets the
 * host forget that output only once the screen is written. Apart from the WorkspaceStore, which owns
 * one, because its state (what waits for the debounce, what the disk refused) is the screens' alone.
 */
export class ScreenSaves implements IDisposable {
  /** Every live pane, for a restart's checkpoint of all of them. */
  private readonly live = new Map<PaneId, Pane>()
  private readonly parseListeners = new Map<PaneId, IDisposable>()
  private readonly dirty = new Map<PaneId, Pane>()
  private saveTimer: IDisposable | null = null
  private saving: Promise<void> = Promise.resolve()
  private closed = false
  private readonly unsavedScreens = new Map<PaneId, ScreenRow>()
  /** What each unsaved screen covers: once it is written, the pty host may forget that output. */
  private readonly unsavedShots = new Map<PaneId, [Pane, SavedScreenShot]>()
  /** When the last save that wrote every screen waiting began: what panes had parsed by then is on disk. */
  private screensWrittenFrom = 0
  private savesRunning = 0

  constructor(
    private readonly db: Pick<WorkspaceDb, 'saveScreens'>,
    /** The store's queue: screens go after the rows they hang on, and wait with them on a full disk. */
    private readonly writes: WriteQueue,
    private readonly clock: Clock,
    private readonly log: Logger,
    /** Each pane whose screen was just taken for a save, still live: a moment to read what else changed (a shell's cwd). */
    private readonly taken: (id: PaneId, pane: Pane) => void = () => undefined,
  ) {}

  /** Saves `pane`'s screen whenever it parses output, until it is forgotten or another pane takes its id. */
  track(id: PaneId, pane: Pane): void {
    this.live.set(id, pane)
    this.parseListeners.get(id)?.dispose()
    this.parseListeners.set(
      id,
      pane.onDidParse(() => this.markDirty(id, pane)),
    )
  }

  /** A closed pane: nothing of it is saved any more, not even what waits. */
  forget(id: PaneId): void {
    this.dirty.delete(id)
    this.live.delete(id)
    this.parseListeners.get(id)?.dispose()
    this.parseListeners.delete(id)
    this.unsavedScreens.delete(id)
    this.unsavedShots.delete(id)
  }

  markDirty(id: PaneId, pane: Pane): void {
    this.dirty.set(id, pane)
    this.saveTimer ??= this.clock.setTimeout(() => {
      this.saveTimer = null
      void this.save()
    }, ScreenSaveConstants.ScreenSaveDelayMs)
  }

  /**
   * A time up to which every screen is saved: what the panes had parsed by then survives a crash.
   * Now, when no screen waits to be saved; else when the last save that wrote them all began. A
   * screen that could not be serialized is logged and not waited for.
   */
  savedThrough(): number {
    if (!this.dirty.size && !this.unsavedScreens.size && !this.savesRunning) return this.clock.now()
    return this.screensWrittenFrom
  }

  /** Saves every screen with new output now, after any save under way: saves run one at a time, in order. */
  save(): Promise<void> {
    this.savesRunning++
    this.saving = this.saving.then(() => this.writeScreens()).finally(() => this.savesRunning--)
    return this.saving
  }

  /** Every live pane's screen saved now, new output or not (see WorkspaceStore.checkpointAll). */
  checkpointAll(): Promise<void> {
    for (const [id, pane] of this.live) this.dirty.set(id, pane)
    return this.save()
  }

  private async writeScreens(): Promise<void> {
    const from = this.clock.now()
    const panes = [...this.dirty]
    this.dirty.clear()
    const screens: ScreenRow[] = []
    const shots: [Pane, SavedScreenShot][] = []
    for (const [paneId, pane] of panes) {
      try {
        let shot = await pane.snapshotForSave(ScreenSaveConstants.ScrollbackLines)
        if (shot.serialized.length > ScreenSaveConstants.MaxSerializedChars) shot = await pane.snapshotForSave(0)
        // Removed or resumed meanwhile (its mirror answered empty): the pane in its place saves its own.
        if (this.live.get(paneId) !== pane) continue
        screens.push({ paneId, ...shot, savedAt: this.clock.now() })
        shots.push([pane, shot])
        this.taken(paneId, pane)
      } catch (err) {
        this.log.warn('could not serialize a pane screen to save it', { pane: paneId, err: String(err) })
      }
    }
    if (!screens.length || this.closed) return
    // Screens go after the rows they hang on; those the disk refused wait, newest per pane, for the next try.
    for (const screen of screens) this.unsavedScreens.set(screen.paneId, screen)
    for (const [pane, shot] of shots) this.unsavedShots.set(pane.id, [pane, shot])
    this.writes.run(
      'save screens',
      () => {
        this.db.saveScreens([...this.unsavedScreens.values()])
        this.unsavedScreens.clear()
        // Only what is written may be forgotten by the pty host.
        for (const [pane, shot] of this.unsavedShots.values()) pane.checkpointed(shot)
        this.unsavedShots.clear()
        this.screensWrittenFrom = from
      },
      { key: 'screens' },
    )
  }

  /** Saves nothing more; a save under way ends without writing. */
  dispose(): void {
    this.closed = true
    this.saveTimer?.dispose()
    for (const l of this.parseListeners.values()) l.dispose()
    this.parseListeners.clear()
  }
}
