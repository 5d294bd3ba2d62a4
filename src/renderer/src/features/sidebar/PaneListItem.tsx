import { memo } from 'react'
import type { PaneInfo } from '../../../../shared/domain/pane'
import { Age } from '../../components/Age'
import { Icon } from '../../components/Icon'
import { StateBadge } from '../../components/StateBadge'
import { cleanTitle, describeExit, formatArgv, shortPath } from '../../lib/format'
import { useBoardApi } from '../../ipc/BoardApiContext'
import { closeLabel, requestClose } from '../panes/paneActions'

/** What the pane runs right now: the foreground program when it is not the root, else its command. */
function runningLine(pane: PaneInfo): string {
  if (pane.exit) return describeExit(pane.exit)
  if (pane.interrupted) return pane.interrupted.resume.kind === 'session' ? 'interrupted · Resume continues the session' : 'interrupted · Resume runs it again'
  if (pane.foreground && !pane.foreground.isRoot) return `▸ ${formatArgv(pane.foreground.argv)}`
  const [program = '', ...args] = pane.command
  return formatArgv([program.slice(program.lastIndexOf('/') + 1), ...args])
}

interface PaneListItemProps {
  readonly pane: PaneInfo
  /** 1-based position in the board's order (the sidebar's, ungrouped): Alt+<position> selects it (the first nine). */
  readonly position: number
  /** In "go to pane" mode (Alt+0): the key that takes it. */
  readonly jumpKey: string | null
  readonly selected: boolean
  /** Its terminal is on screen (single or grid). */
  readonly visible: boolean
  /** A finished turn nobody has looked at. */
  readonly unseen: boolean
  /** Its notifications are off (its mode is `none`). */
  readonly muted: boolean
  readonly onSelect: (id: string) => void
  /** Drop `moved` where this pane is (drag and drop), or move this pane one place (Alt+↑/↓). */
  readonly onMove: (moved: string, target: string) => void
  readonly onNudge: (id: string, by: -1 | 1) => void
}

/** The drag payload's type: only a pane dragged from a sidebar is dropped here. */
const PANE_DRAG = 'application/x-switchboard-pane'

/**
 * One pane in the sidebar: its id, the agent and title, where it runs, the state badge (its
 * evidence on hover or focus) and how long it has been in that state.
 */
export const PaneListItem = memo(function PaneListItem({
  pane,
  position,
  jumpKey,
  selected,
  visible,
  unseen,
  muted,
  onSelect,
  onMove,
  onNudge,
}: PaneListItemProps) {
  const api = useBoardApi()
  const label = `Pane ${pane.id}: ${cleanTitle(pane.title)}${pane.agent ? `, ${pane.agent}` : ''}, ${pane.interrupted ? 'interrupted' : pane.verdict.state}${unseen ? ', finished, not seen yet' : ''}${muted ? ', notifications off' : ''}${jumpKey ? `, key ${jumpKey}` : ''}`
  return (
    <li
      className={`pane-item${selected ? ' is-selected' : ''}${visible && !selected ? ' is-visible' : ''}${unseen ? ' is-unseen' : ''}`}
      data-testid="pane-item"
      data-pane-id={pane.id}
      data-state={pane.verdict.state}
      draggable
      onDragStart={(e) => {
        e.dataTransfer.setData(PANE_DRAG, pane.id)
        e.dataTransfer.effectAllowed = 'move'
      }}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes(PANE_DRAG)) e.preventDefault()
      }}
      onDrop={(e) => {
        const moved = e.dataTransfer.getData(PANE_DRAG)
        if (!moved) return
        e.preventDefault()
        onMove(moved, pane.id)
      }}
    >
      <button
        type="button"
        className="pane-item__main"
        aria-current={selected ? 'true' : undefined}
        aria-label={label}
        aria-keyshortcuts={`${position <= 9 ? `Alt+${position} ` : ''}Alt+ArrowUp Alt+ArrowDown`}
        onClick={() => onSelect(pane.id)}
        onKeyDown={(e) => {
          if (!e.altKey || e.ctrlKey || e.metaKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return
          e.preventDefault()
          onNudge(pane.id, e.key === 'ArrowUp' ? -1 : 1)
        }}
        title={`Pane ${pane.id}: ${formatArgv(pane.command)}\n${pane.host ? `on ${pane.host.name}: ` : ''}${pane.cwd}\n${position <= 9 ? `Alt+${position} shows it; d` : 'D'}rag (or Alt+↑/↓) to reorder`}
      >
        {/* The pane's one number, as the header, Needs you, notifications and the CLI say it (not its position). */}
        <span className="pane-item__num" aria-hidden="true" data-testid="pane-number">
          {jumpKey ? (
            <kbd className="jump-hint" data-testid="jump-hint">
              {jumpKey}
            </kbd>
          ) : (
            `#${pane.id}`
          )}
        </span>
        <span className="pane-item__body">
          <span className="pane-item__top">
            <span className="pane-item__title" data-testid="pane-title">
              {cleanTitle(pane.title)}
            </span>
            {unseen && (
              <span className="unseen-dot" data-testid="pane-unseen">
                new
              </span>
            )}
            {muted && (
              <span className="pane-item__muted" data-testid="pane-muted" title="Notifications off for this pane">
                <Icon name="bell-off" size={12} />
              </span>
            )}
          </span>
          <span className="pane-item__detail">
            {runningLine(pane)} · {pane.host && <span data-testid="pane-host">{pane.host.name}:</span>}
            {shortPath(pane.cwd, 2)}
          </span>
        </span>
      </button>
      <span className="pane-item__status">
        <StateBadge verdict={pane.verdict} compact interrupted={!!pane.interrupted} />
        <Age className="pane-item__age" since={pane.verdict.since} />
      </span>
      <button
        type="button"
        className="icon-button pane-item__close"
        aria-label={closeLabel(pane)}
        title={closeLabel(pane)}
        data-testid="pane-close"
        onClick={() => requestClose(api, pane)}
      >
        <Icon name={pane.exit ? 'close' : 'stop'} size={14} />
      </button>
    </li>
  )
})
