import type { PaneInfo } from '../../../../shared/domain/pane'
import { Age } from '../../components/Age'
import { Icon } from '../../components/Icon'
import { StateBadge } from '../../components/StateBadge'
import { useBoardApi } from '../../ipc/BoardApiContext'
import { cleanTitle, shortPath } from '../../lib/format'
import { useBoardStore } from '../../store/boardStore'
import { closeLabel, requestClose } from '../panes/paneActions'
import { TerminalView } from '../terminal/TerminalView'
import { SessionControls } from '../sessions/SessionControls'

interface PaneCellProps {
  readonly pane: PaneInfo
  readonly selected: boolean
  readonly area: string
  readonly fontSize: number
}

/** One pane in the grid: a compact header and its live terminal; clicking or focusing it selects it. */
export function PaneCell({ pane, selected, area, fontSize }: PaneCellProps) {
  const api = useBoardApi()
  const select = useBoardStore((s) => s.select)
  return (
    <section
      className={`pane-cell${selected ? ' is-selected' : ''}`}
      style={{ gridArea: area }}
      aria-label={`Pane ${pane.id}: ${cleanTitle(pane.title)}`}
      data-testid="pane-cell"
      data-pane-id={pane.id}
      onMouseDownCapture={() => !selected && select(pane.id)}
      onFocusCapture={() => !selected && select(pane.id)}
    >
      <header className="pane-cell__header">
        {/* Its one number, as the sidebar, the header and the CLI say it. */}
        <span className="pane-cell__num" aria-hidden="true">
          #{pane.id}
        </span>
        <StateBadge verdict={pane.verdict} compact interrupted={!!pane.interrupted} />
        <span className="pane-cell__title">{cleanTitle(pane.title)}</span>
        {pane.agent && <span className="agent-chip">{pane.agent}</span>}
        <span className="pane-cell__cwd" title={pane.host ? `on ${pane.host.name}: ${pane.cwd}` : pane.cwd}>
          {pane.host ? `${pane.host.name}:` : ''}
          {shortPath(pane.cwd, 2)}
        </span>
        <Age className="pane-cell__age" since={pane.verdict.since} />
        {pane.interrupted && <SessionControls pane={pane} />}
        <button
          type="button"
          className="icon-button"
          aria-label={closeLabel(pane)}
          title={closeLabel(pane)}
          data-testid="cell-close"
          onClick={() => requestClose(api, pane)}
        >
          <Icon name={pane.exit ? 'close' : 'stop'} size={14} />
        </button>
      </header>
      <TerminalView key={pane.id} paneId={pane.id} exited={pane.exit !== null} fontSize={fontSize} active={selected} />
    </section>
  )
}
