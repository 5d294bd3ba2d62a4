import type { PaneId } from '../../../../shared/domain/pane'

/** The order with `moved` put where `target` is (before it when moving up, after it when moving down). */
export function movePane(order: readonly PaneId[], moved: PaneId, target: PaneId): PaneId[] {
  const from = order.indexOf(moved)
  const to = order.indexOf(target)
  if (from < 0 || to < 0 || from === to) return [...order]
  const rest = order.filter((id) => id !== moved)
  rest.splice(to, 0, moved)
  return rest
}

/** The order with `moved` one place up (-1) or down (+1), for the keyboard. */
export function nudgePane(order: readonly PaneId[], moved: PaneId, by: -1 | 1): PaneId[] {
  const at = order.indexOf(moved)
  const target = order[at + by]
  return at < 0 || target === undefined ? [...order] : movePane(order, moved, target)
}
