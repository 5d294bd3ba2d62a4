/**
 * Attach and detach of one pane over one connection, strictly one after the other.
 *
 * The board keys attachments by connection, not by view: if a new view's attach overtook the
 * old view's detach (fast switching A → B → A, or React remounting a view), the late detach
 * would cut off the new view, or data meant for the old attachment would land in the new
 * view's queue on top of its snapshot. Chaining the calls per pane and connection keeps the
 * board's order identical to the views' order.
 */
import type { PaneId } from '../../../../shared/domain/pane'
import type { BoardApi } from '../../../../shared/ipc/contract'

const chains = new WeakMap<BoardApi, Map<PaneId, Promise<void>>>()

/** Runs `op` after every earlier op for the same pane on the same connection has settled. */
export function serializePaneOp(api: BoardApi, paneId: PaneId, op: () => Promise<void> | void): Promise<void> {
  let perPane = chains.get(api)
  if (!perPane) chains.set(api, (perPane = new Map()))
  const next = (perPane.get(paneId) ?? Promise.resolve()).then(op).catch(() => undefined) // Each op reports its own errors.
  perPane.set(paneId, next)
  void next.then(() => {
    if (perPane.get(paneId) === next) perPane.delete(paneId)
  })
  return next
}
