import type { PaneId } from '../../shared/domain/pane'

/** The panes' order (sidebar and grid), live and restored: creation order until reordered. One owner, so every client agrees. */
export class PaneOrder {
  private ids: PaneId[] = []

  get current(): readonly PaneId[] {
    return this.ids
  }

  /** A new pane goes last; a relaunched one keeps its place. */
  add(id: PaneId): void {
    if (!this.ids.includes(id)) this.ids.push(id)
  }

  remove(id: PaneId): void {
    this.ids = this.ids.filter((other) => other !== id)
  }

  /** Puts the named panes first, in the given order; the rest keep theirs after them. `changed` is false when that is the order already. */
  reorder(ids: readonly PaneId[]): { order: PaneId[]; changed: boolean } {
    const named = [...new Set(ids)].filter((id) => this.ids.includes(id))
    const order = [...named, ...this.ids.filter((id) => !named.includes(id))]
    if (order.every((id, i) => id === this.ids[i])) return { order, changed: false }
    this.ids = order
    return { order: [...order], changed: true }
  }
}
