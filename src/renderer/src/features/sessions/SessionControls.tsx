import type { PaneInfo } from '../../../../shared/domain/pane'
import { Age } from '../../components/Age'
import { useBoardApi } from '../../ipc/BoardApiContext'
import { restartPane, resumeLabel, resumePane } from './sessionActions'
import './sessions.css'

/** Resume (an interrupted pane: the agent's session, or the command again) and Restart (any pane). */
export function SessionControls({ pane }: { pane: PaneInfo }) {
  const api = useBoardApi()
  return (
    <div className="session-controls">
      {pane.interrupted && (
        <span className="session-controls__interrupted" data-testid="pane-interrupted">
          interrupted <Age since={pane.interrupted.at} /> ago
        </span>
      )}
      {pane.interrupted && (
        <button type="button" className="button button--small" data-testid="pane-resume" title={resumeLabel(pane)} onClick={() => void resumePane(api, pane).catch(() => undefined)}>
          Resume
        </button>
      )}
      <button
        type="button"
        className="button button--ghost button--small"
        data-testid="pane-restart"
        title={pane.agent && pane.sessionId ? `Restart: ${pane.agent} resumes its session` : 'Restart: the same command, cwd and environment'}
        onClick={() => void restartPane(api, pane).catch(() => undefined)}
      >
        Restart
      </button>
    </div>
  )
}
