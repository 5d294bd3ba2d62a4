import type { DisposableStore } from '../../core/lifecycle/disposable'
import type { PaneId } from '../../shared/domain/pane'
import type { Pane } from './pane'

/**
 * The panes whose program this board runs, each with what goes with it (its listeners, files and
 * tokens, in one store) and its control-socket token: one place adds them and one takes them off,
 * so a pane never outlives its listeners or leaves a token that still names it.
 */
export class LivePanes {
  private readonly panes = new Map<PaneId, Pane>()
  private readonly stores = new Map<PaneId, DisposableStore>()
  /** Each pane's control-socket token (in its environment only), to its id. */
  private readonly tokens = new Map<string, PaneId>()

  /** `store` is disposed when the pane goes; `controlToken`, if any, names it until then. */
  add(id: PaneId, pane: Pane, store: DisposableStore, controlToken: string | null): void {
    this.panes.set(id, pane)
    this.stores.set(id, store)
    if (controlToken) {
      this.tokens.set(controlToken, id)
      store.add({ dispose: () => this.tokens.delete(controlToken) })
    }
  }

  get(id: PaneId): Pane | undefined {
    return this.panes.get(id)
  }

  has(id: PaneId): boolean {
    return this.panes.has(id)
  }

  values(): IterableIterator<Pane> {
    return this.panes.values()
  }

  /** The pane whose control token this is (a program inside it showed it), or null. */
  forControlToken(token: string): PaneId | null {
    return this.tokens.get(token) ?? null
  }

  /** Takes the pane off: its store, its token and the pane itself are disposed (its process is the caller's to end first). */
  retire(id: PaneId): void {
    const pane = this.panes.get(id)
    this.stores.get(id)?.dispose()
    this.stores.delete(id)
    this.panes.delete(id)
    pane?.dispose()
  }

  dispose(): void {
    for (const store of this.stores.values()) store.dispose()
    for (const pane of this.panes.values()) pane.dispose()
    this.stores.clear()
    this.panes.clear()
  }
}
