import type { DisposableStore } from '../../core/lifecycle/disposable'
import type { Clock } from '../../core/lifecycle/clock'
import type { PaneChangesDetail, PaneId } from '../../shared/domain/pane'
import { BoardError } from '../../shared/ipc/errors'
import { ChangeTracker, ChangeTrackerConstants } from '../changes/changeTracker'
import type { Logger } from '../util/log'
import type { Pane } from './pane'

/** What each pane changed in its git checkout: one ChangeTracker per pane, poked as the pane works. */
export class PaneChangeTrackers {
  private readonly trackers = new Map<PaneId, ChangeTracker>()

  constructor(
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly enabled: boolean,
  ) {}

  /** Counts what the pane changes in its checkout: after each change of state (debounced), and every few seconds while it works. */
  track(pane: Pane, store: DisposableStore, cwd: string, since: string | undefined): ChangeTracker | undefined {
    if (!this.enabled) return undefined
    const tracker = store.add(
      new ChangeTracker(
        {
          paneId: pane.id,
          cwd,
          clock: this.clock,
          log: (line, fields) => this.log.info(line, fields),
          onChanges: (changes) => {
            pane.setChanges(changes)
            if (pane.verdict.state === 'working') tracker.poke(ChangeTrackerConstants.WorkingPollMs)
          },
        },
        since,
      ),
    )
    this.trackers.set(pane.id, tracker)
    let lastState = pane.verdict.state
    store.add(
      pane.onDidChangeState((change) => {
        // A turn ended or began: the files may have changed; the count's own update is not a cause.
        if (change.info.verdict.state !== lastState) tracker.poke()
        lastState = change.info.verdict.state
      }),
    )
    store.add(pane.onDidExit(() => tracker.poke(0)))
    store.add({ dispose: () => this.trackers.delete(pane.id) })
    return tracker
  }

  get(id: PaneId): ChangeTracker | undefined {
    return this.trackers.get(id)
  }

  /** The pane's changes since it started, with the diff (the changes view). */
  async detail(pane: Pane): Promise<PaneChangesDetail> {
    const tracker = this.trackers.get(pane.id)
    if (!tracker) throw new BoardError('not-found', `pane ${pane.id}: changes are not tracked`)
    try {
      const detail = await tracker.detail()
      // The count after a look is a refresh nobody waits for: a failure is logged, never lost.
      tracker.refresh().catch((err: unknown) => this.log.error('could not recount the pane’s changes', { pane: pane.id, err: String(err) }))
      return { paneId: pane.id, ...detail }
    } catch (err) {
      throw new BoardError('git-failed', `pane ${pane.id}: ${err instanceof Error ? err.message : String(err)}`)
    }
  }
}
