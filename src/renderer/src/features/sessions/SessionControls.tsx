import type { PaneInfo } from '../../../../shared/domain/pane'
import { Age } from '../../components/Age'
import { useBoardApi } from '../../ipc/BoardApiContext'
import { missingEnvAdvice } from '../../../../core/launch/missingEnv'
import { restartPane, resumeLabel, resumePane } from './sessionActions'
import './sessions.css'

/** Resume (an interrupted pane: the agent's session, or the command again) and Restart (any pane). */
export function SessionControls({ pane }: { pane: PaneInfo }) {
  const api = useBoardApi()
  // A per-launch secret is never saved: Resume says what it will run without, and where to keep it.
  const lacks = pane.interrupted?.missingEnv
  return (
    <div className="session-controls">
      {pane.interrupted && (
        <span className="session-controls__interrupted" data-testid="pane-interrupted">
          interrupted <Age since={pane.interrupted.at} /> ago
        </span>
      )}
      {pane.interrupted && (
        <button
          type="button"
          className="button button--small"
          data-testid="pane-resume"
          title={lacks?.names.length ? `${resumeLabel(pane)}\n${missingEnvAdvice(pane.id, lacks, 'will resume')}` : resumeLabel(pane)}
          onClick={() => void resumePane(api, pane).catch(() => undefined)}
        >
          {lacks?.names.length ? `Resume without ${lacks.names.join(', ')}` : 'Resume'}
        </button>
      )}
      {!pane.interrupted && pane.missingEnv?.names.length ? (
        <span className="session-controls__interrupted" data-testid="pane-missing-env" title={missingEnvAdvice(pane.id, pane.missingEnv)}>
          without {pane.missingEnv.names.join(', ')}
        </span>
      ) : null}
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
