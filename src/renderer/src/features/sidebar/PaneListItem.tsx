import { memo } from 'react'
import type { PaneInfo } from '../../../../shared/domain/pane'
import { Age } from '../../components/Age'
import { Icon } from '../../components/Icon'
import { StateIcon } from '../../components/StateIcon'
import { STATE_LOOK } from '../../components/paneStates'
import { useBoardApi } from '../../ipc/BoardApiContext'
import { describeExit, formatArgv, shortPath } from '../../lib/format'
import { closeLabel, closePane } from '../panes/paneActions'

/** What the pane runs right now: the foreground program when it is not the root, else its command. */
function runningLine(pane: PaneInfo): string {
  if (pane.exit) return describeExit(pane.exit)
  if (pane.foreground && !pane.foreground.isRoot) return `▸ ${formatArgv(pane.foreground.argv)}`
  const [program = '', ...args] = pane.command
  return formatArgv([program.slice(program.lastIndexOf('/') + 1), ...args])
}

export const PaneListItem = memo(function PaneListItem({ pane, selected, onSelect }: { pane: PaneInfo; selected: boolean; onSelect: (id: string) => void }) {
  const api = useBoardApi()
  const look = STATE_LOOK[pane.verdict.state]
  return (
    <li className={`pane-item${selected ? ' is-selected' : ''}`} data-testid="pane-item" data-pane-id={pane.id} data-state={pane.verdict.state}>
      <button type="button" className="pane-item__main" aria-current={selected ? 'true' : undefined} onClick={() => onSelect(pane.id)} title={`${formatArgv(pane.command)}\n${pane.cwd}`}>
        <span className={`pane-item__icon tone-${look.tone}`}>
          <StateIcon state={pane.verdict.state} />
        </span>
        <span className="pane-item__body">
          <span className="pane-item__top">
            <span className="pane-item__title" data-testid="pane-title">
              {pane.title}
            </span>
            <span className="pane-item__id">#{pane.id}</span>
            <Age className="pane-item__age" since={pane.verdict.since} />
          </span>
          <span className="pane-item__bottom">
            <span className={`pane-item__state tone-${look.tone}`} data-testid="pane-state">
              {look.label}
            </span>
            <span className="pane-item__detail">
              {runningLine(pane)} · {shortPath(pane.cwd, 1)}
            </span>
          </span>
        </span>
      </button>
      <button type="button" className="icon-button pane-item__close" aria-label={closeLabel(pane)} title={closeLabel(pane)} data-testid="pane-close" onClick={() => void closePane(api, pane).catch(() => undefined)}>
        <Icon name={pane.exit ? 'close' : 'stop'} size={14} />
      </button>
    </li>
  )
})
