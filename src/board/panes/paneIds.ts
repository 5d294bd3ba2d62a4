import type { PaneId } from '../../shared/domain/pane'

/**
 * Pane ids: whole numbers, handed out in order and never reused while the board runs. A pane that
 * comes back (restored, taken over, shown from another machine) keeps its id, and no new pane gets it.
 */
export class PaneIds {
  private next = 1

  /** The id the next pane gets; a launch takes it only once it succeeds, so a failed spawn leaves no gap. */
  peek(): PaneId {
    return String(this.next)
  }

  take(): PaneId {
    return String(this.next++)
  }

  /** `id` is in use: no new pane gets it. */
  reserve(id: PaneId): void {
    this.next = Math.max(this.next, Number(id) + 1)
  }
}
