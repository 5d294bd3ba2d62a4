import { useMemo } from 'react'
import { needsYou, type NeedsYouItem } from '../../../../core/notify/needsYou'
import type { PendingAlert } from '../../../../shared/domain/attention'
import type { PaneId, PaneInfo } from '../../../../shared/domain/pane'
import { useAttentionStore } from '../../store/attentionStore'
import { useBoardStore } from '../../store/boardStore'

/** The needs-you list from the store's panes and the unseen finished turns (see core/notify/needsYou). */
export function needsYouItems(
  panes: Readonly<Record<PaneId, PaneInfo>>,
  order: readonly PaneId[],
  unseen: Readonly<Record<PaneId, number>>,
  alerts: Readonly<Record<PaneId, PendingAlert>> = {},
): NeedsYouItem[] {
  const list = order.map((id) => panes[id]).filter((p): p is PaneInfo => p !== undefined)
  return needsYou(
    list.map((p) => ({ id: p.id, state: p.verdict.state, since: p.verdict.since })),
    unseen,
    Object.fromEntries(Object.entries(alerts).map(([id, a]) => [id, a.at])),
  )
}

/** The same, outside React (shortcuts, the title). */
export function currentNeedsYou(): NeedsYouItem[] {
  const { panes, order } = useBoardStore.getState()
  const { unseen, alerts } = useAttentionStore.getState()
  return needsYouItems(panes, order, unseen, alerts)
}

export function useNeedsYou(): NeedsYouItem[] {
  const panes = useBoardStore((s) => s.panes)
  const order = useBoardStore((s) => s.order)
  const unseen = useAttentionStore((s) => s.unseen)
  const alerts = useAttentionStore((s) => s.alerts)
  return useMemo(() => needsYouItems(panes, order, unseen, alerts), [panes, order, unseen, alerts])
}
