import type { PaneInfo } from '../../../../shared/domain/pane'
import { Age } from '../../components/Age'
import { Icon } from '../../components/Icon'
import { StateBadge } from '../../components/StateBadge'
import { STATE_LOOK } from '../../components/paneStates'
import { useBoardApi } from '../../ipc/BoardApiContext'
import { cleanTitle, describeExit, formatArgv } from '../../lib/format'
import { plainReport } from '../../lib/plainWords'
import { useSettingsStore } from '../../store/settingsStore'
import { closeLabel, closePane } from '../panes/paneActions'
import { PaneWork } from '../changes/PaneWork'
import { SessionControls } from '../sessions/SessionControls'
import { StateTimeline } from '../sessions/StateTimeline'


/** The selected pane's title bar: what runs where, its state and since when, and the close action. */
export function PaneHeader({ pane }: { pane: PaneInfo }) {
  const api = useBoardApi()
  const agentName = useSettingsStore((s) => s.agents.find((a) => a.id === pane.agent)?.name) ?? 'The agent'
  const evidence = pane.verdict.evidence[0]?.detail
  // What the agent wants, in its words (else the dialog's title, else what the state means); the
  // raw evidence (rule ids, event names) stays in the tooltip and the badge.
  const inDialog = pane.verdict.state === 'blocked' || pane.verdict.state === 'question'
  const ask = pane.verdict.evidence.find((e) => e.ask)?.ask ?? (inDialog && pane.dialog?.title ? pane.dialog.title : undefined) ?? (pane.exit ? evidence : evidence && STATE_LOOK[pane.verdict.state].meaning)
  return (
    <header className="pane-header" data-testid="pane-header">
      <div className="pane-header__main">
        <div className="pane-header__title-row">
          <h1 className="pane-header__title">{cleanTitle(pane.title)}</h1>
          <span className="pane-header__id">#{pane.id}</span>
          {pane.agent && (
            <span className="agent-chip" data-testid="pane-header-agent">
              {pane.agent}
              {pane.agentVersion && ` ${pane.agentVersion}`}
            </span>
          )}
          <StateBadge verdict={pane.verdict} />
          <span className="pane-header__since">
            for <Age since={pane.verdict.since} />
          </span>
        </div>
        <div className="pane-header__meta">
          <code className="pane-header__command">{formatArgv(pane.command)}</code>
          <span className="pane-header__cwd" title={pane.cwd}>
            {pane.cwd}
          </span>
          {pane.interrupted ? null : pane.exit ? !evidence?.includes(describeExit(pane.exit)) && <span>{describeExit(pane.exit)}</span> : <span>pid {pane.pid}</span>}
          <span>
            {pane.cols}×{pane.rows}
          </span>
          {pane.lastReport && (
            <span data-testid="pane-header-last-report" title={`The agent's latest report: ${pane.lastReport.event} (hook or plugin event)`}>
              {agentName} {plainReport(pane.lastReport.event)} <Age since={pane.lastReport.at} /> ago
            </span>
          )}
          <PaneWork pane={pane} />
          {pane.drift && (
            <span className="pane-header__drift" data-testid="pane-header-drift" title={pane.drift.detail}>
              ⚠ rules may be out of date: {pane.drift.detail}
            </span>
          )}
          {ask && (
            <span className="pane-header__evidence" data-testid="pane-header-ask" title={pane.verdict.evidence.map((e) => `${e.source}: ${e.detail}`).join('\n')}>
              {ask}
            </span>
          )}
        </div>
        <StateTimeline pane={pane} />
      </div>
      <SessionControls pane={pane} />
      <button type="button" className="button button--ghost button--small" aria-label={closeLabel(pane)} title={closeLabel(pane)} data-testid="pane-header-close" onClick={() => void closePane(api, pane).catch(() => undefined)}>
        <Icon name={pane.exit || pane.interrupted ? 'trash' : 'stop'} size={14} />
        {pane.exit || pane.interrupted ? 'Remove' : 'Kill'}
      </button>
    </header>
  )
}
