import { useRef } from 'react'
import type { PaneInfo } from '../../../../shared/domain/pane'
import { Age } from '../../components/Age'
import { Icon } from '../../components/Icon'
import { StateBadge } from '../../components/StateBadge'
import { useBoardApi } from '../../ipc/BoardApiContext'
import { cleanTitle } from '../../lib/format'
import { useFold } from '../../lib/useFold'
import { useNow } from '../../lib/useNow'
import { useOverlayStore } from '../../store/overlayStore'
import { useSettingsStore } from '../../store/settingsStore'
import { closeLabel, closePane } from '../panes/paneActions'
import { SessionControls } from '../sessions/SessionControls'
import { StateTimeline } from '../sessions/StateTimeline'
import { PaneMenu } from './PaneMenu'
import { paneMeta } from './paneMeta'

/**
 * The selected pane's title bar: what runs where, its state and since when, and its actions. The
 * second row never cuts a fact: what does not fit whole goes to the menu (⋯), which also holds
 * the pane's notification mode.
 */
export function PaneHeader({ pane }: { pane: PaneInfo }) {
  const api = useBoardApi()
  const open = useOverlayStore((s) => s.open)
  const now = useNow()
  const row = useRef<HTMLDivElement>(null)
  const onChanges = () => open({ kind: 'changes', paneId: pane.id })
  const agentName = useSettingsStore((s) => s.agents.find((a) => a.id === pane.agent)?.name)
  const meta = paneMeta(pane, onChanges, now, agentName)
  // Re-measured when the facts change, not when an age ticks (the text widths barely move).
  const shown = useFold(row, meta.map((m) => (m.key === 'report' ? 'report' : `${m.key}:${m.text}`)).join('\n'))
  return (
    <header className="pane-header" data-testid="pane-header">
      <div className="pane-header__main">
        <div className="pane-header__title-row">
          <h1 className="pane-header__title" title={cleanTitle(pane.title)}>
            {cleanTitle(pane.title)}
          </h1>
          <span className="pane-header__id" data-testid="pane-header-id">
            #{pane.id}
          </span>
          {pane.agent && (
            <span className="agent-chip" data-testid="pane-header-agent">
              {pane.agent}
              {pane.agentVersion && ` ${pane.agentVersion}`}
            </span>
          )}
          <StateBadge verdict={pane.verdict} interrupted={!!pane.interrupted} />
          <span className="pane-header__since">
            for <Age since={pane.verdict.since} />
          </span>
        </div>
        <div className="pane-header__meta" ref={row} data-testid="pane-header-meta">
          {meta.map((m) => (
            <span key={m.key} className="pane-header__fact" data-key={m.key}>
              {m.node}
            </span>
          ))}
        </div>
        <StateTimeline pane={pane} />
      </div>
      <div className="pane-header__actions">
        <SessionControls pane={pane} />
        <button
          type="button"
          className="button button--ghost button--small pane-header__close"
          aria-label={closeLabel(pane)}
          title={closeLabel(pane)}
          data-testid="pane-header-close"
          onClick={() => void closePane(api, pane).catch(() => undefined)}
        >
          <Icon name={pane.exit || pane.interrupted ? 'trash' : 'stop'} size={14} />
          <span className="pane-header__close-label">{pane.exit || pane.interrupted ? 'Remove' : 'Kill'}</span>
        </button>
        <PaneMenu pane={pane} meta={meta} shown={shown} onChanges={onChanges} />
      </div>
    </header>
  )
}
