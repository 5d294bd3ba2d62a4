import { useRef } from 'react'
import { paneSelectors, useBoardStore } from '../../store/boardStore'
import { useLayoutStore } from '../../store/layoutStore'
import type { GridSize } from '../../store/layoutReducer'
import { useSettingsStore } from '../../store/settingsStore'
import { EmptyState } from '../board/EmptyState'
import { PaneHeader } from '../board/PaneHeader'
import { TerminalView } from '../terminal/TerminalView'
import { PaneCell } from './PaneCell'
import { Splitter } from './Splitter'

/** Grid areas per size: cells a–d in reading order, `v`/`h*` the splitters. */
const AREAS: Record<GridSize, { template: string; cells: string[]; rows: boolean; hAreas: string[] }> = {
  2: { template: '"a v b"', cells: ['a', 'b'], rows: false, hAreas: [] },
  3: { template: '"a v b" "a v h1" "a v c"', cells: ['a', 'b', 'c'], rows: true, hAreas: ['h1'] },
  4: { template: '"a v b" "h1 v h2" "c v d"', cells: ['a', 'b', 'c', 'd'], rows: true, hAreas: ['h1', 'h2'] },
}

function Grid() {
  const { size, slots, colSplit, rowSplit, dispatch } = useLayoutStore()
  const panes = useBoardStore((s) => s.panes)
  const selectedId = useBoardStore((s) => s.selectedId)
  const fontSize = useSettingsStore((s) => s.settings.appearance.fontSize)
  const ref = useRef<HTMLDivElement>(null)
  const areas = AREAS[size]
  return (
    <div
      ref={ref}
      className={`pane-grid pane-grid--${size}`}
      data-testid="pane-grid"
      style={{
        gridTemplateAreas: areas.template,
        gridTemplateColumns: `minmax(0, ${colSplit}fr) 6px minmax(0, ${1 - colSplit}fr)`,
        gridTemplateRows: areas.rows ? `minmax(0, ${rowSplit}fr) 6px minmax(0, ${1 - rowSplit}fr)` : 'minmax(0, 1fr)',
      }}
    >
      {areas.cells.map((area, i) => {
        const id = slots[i] ?? null
        const pane = id !== null ? panes[id] : undefined
        return pane ? (
          <PaneCell key={`cell-${i}`} pane={pane} selected={pane.id === selectedId} area={area} fontSize={fontSize} />
        ) : (
          <div key={`cell-${i}`} className="pane-cell pane-cell--empty" style={{ gridArea: area }}>
            No pane for this cell. Start one with Alt+N; it shows up here.
          </div>
        )
      })}
      <Splitter
        orientation="vertical"
        area="v"
        value={colSplit}
        container={() => ref.current}
        onChange={(v) => dispatch({ type: 'split', colSplit: v })}
        label="Resize the columns"
      />
      {areas.hAreas.map((area) => (
        <Splitter
          key={area}
          orientation="horizontal"
          area={area}
          value={rowSplit}
          container={() => ref.current}
          onChange={(v) => dispatch({ type: 'split', rowSplit: v })}
          label="Resize the rows"
        />
      ))}
    </div>
  )
}

/** The panes on screen: the selected one alone, or the grid. */
export function PaneArea() {
  const mode = useLayoutStore((s) => s.mode)
  const selected = useBoardStore(paneSelectors.selected)
  const loaded = useBoardStore((s) => s.loaded)
  const fontSize = useSettingsStore((s) => s.settings.appearance.fontSize)
  if (!selected) {
    return loaded ? (
      <EmptyState />
    ) : (
      <div className="loading" aria-live="polite">
        Connecting to the board…
      </div>
    )
  }
  if (mode === 'grid') return <Grid />
  return (
    <div className="pane-single">
      <PaneHeader pane={selected} />
      <TerminalView key={selected.id} paneId={selected.id} exited={selected.exit !== null} fontSize={fontSize} active />
    </div>
  )
}
