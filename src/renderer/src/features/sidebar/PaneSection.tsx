import { useCallback, useMemo } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { PaneInfo } from '../../../../shared/domain/pane'
import { useBoardApi } from '../../ipc/BoardApiContext'
import { useAttentionStore } from '../../store/attentionStore'
import { paneSelectors, useBoardStore } from '../../store/boardStore'
import { visiblePanes } from '../../store/layoutReducer'
import { useLayoutStore } from '../../store/layoutStore'
import { useSettingsStore } from '../../store/settingsStore'
import { useSidebarStore } from '../../store/sidebarStore'
import { showPane } from '../shortcuts/boardCommands'
import { focusSelectedTerminal } from '../terminal/terminalRegistry'
import { jumpKey } from './jumpKeys'
import { PaneFilter } from './PaneFilter'
import { groupPanes, matchesQuery } from './paneFilter'
import { PaneListItem } from './PaneListItem'
import { movePane, nudgePane } from './reorder'

/** The panes: found by the search, in groups when asked, each with its id (Alt+1 … 9 go by its place in the board's order). */
export function PaneSection() {
  const panes = useBoardStore(useShallow(paneSelectors.ordered))
  const selectedId = useBoardStore((s) => s.selectedId)
  const select = useBoardStore((s) => s.select)
  const loaded = useBoardStore((s) => s.loaded)
  const unseen = useAttentionStore((s) => s.unseen)
  const modes = useAttentionStore((s) => s.modes)
  const visible = useLayoutStore(useShallow((s) => visiblePanes(s, selectedId)))
  const { query, grouping, jumping } = useSidebarStore(useShallow((s) => ({ query: s.query, grouping: s.grouping, jumping: s.jumping })))
  const api = useBoardApi()
  const agents = useSettingsStore((s) => s.agents)
  const names = useMemo(() => Object.fromEntries(agents.map((a) => [a.id, a.name])), [agents])
  // The order lives in main (board:reorder), so every client agrees; the event updates this one too.
  const reorder = useCallback((order: string[]) => void api.invoke('board:reorder', order).catch(() => undefined), [api])
  const onMove = useCallback((moved: string, target: string) => reorder(movePane(useBoardStore.getState().order, moved, target)), [reorder])
  const onNudge = useCallback((id: string, by: -1 | 1) => reorder(nudgePane(useBoardStore.getState().order, id, by)), [reorder])
  // Going to a pane by its key shows every pane's key, whatever the search hides.
  const found = useMemo(() => (jumping ? panes : panes.filter((p) => matchesQuery(p, query, names))), [panes, query, jumping, names])
  const groups = useMemo(() => groupPanes(found, grouping, names), [found, grouping, names])
  const position = (pane: PaneInfo) => panes.indexOf(pane) + 1

  const item = (pane: PaneInfo) => (
    <PaneListItem
      key={pane.id}
      pane={pane}
      position={position(pane)}
      jumpKey={jumping ? jumpKey(position(pane) - 1) : null}
      selected={pane.id === selectedId}
      visible={visible.includes(pane.id)}
      unseen={unseen[pane.id] !== undefined}
      muted={modes[pane.id] === 'none'}
      onSelect={select}
      onMove={onMove}
      onNudge={onNudge}
    />
  )

  return (
    <section aria-labelledby="panes-title" className="pane-section">
      <h2 id="panes-title" className="sidebar__section-title">
        <span>Panes</span>
        <span className="sidebar__count" data-testid="pane-count">
          {query ? `${found.length} of ${panes.length}` : panes.length}
        </span>
      </h2>
      {loaded && panes.length > 0 && <PaneFilter onFirst={() => found[0] && showPane(found[0].id)} onLeave={() => focusSelectedTerminal()} />}
      {/* Busy until the board's list arrives: an empty list before then says nothing about the board. */}
      <ul className="pane-list" data-testid="pane-list" id="pane-list" aria-busy={!loaded}>
        {grouping === 'none'
          ? found.map(item)
          : groups.map((g) => (
              <li key={g.key || '-'} className="pane-group" data-testid="pane-group-section" data-group={g.label}>
                <h3 className="pane-group__title">
                  <span className="pane-group__label">{g.label}</span>
                  <span className="pane-group__count">{g.panes.length}</span>
                </h3>
                <ul className="pane-list pane-list--nested">{g.panes.map(item)}</ul>
              </li>
            ))}
        {loaded && panes.length === 0 && <li className="sidebar__empty">No panes yet.</li>}
        {panes.length > 0 && found.length === 0 && (
          <li className="sidebar__empty" data-testid="pane-search-empty">
            No pane matches “{query}”.
          </li>
        )}
      </ul>
    </section>
  )
}
