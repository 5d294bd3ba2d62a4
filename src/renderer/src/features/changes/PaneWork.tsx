import type { PaneInfo } from '../../../../shared/domain/pane'
import { useOverlayStore } from '../../store/overlayStore'
import { changeSummary } from './changeSummary'

/** The pane's git work in its header: the worktree (repo, branch, base) and what changed, which opens the changes view. */
export function PaneWork({ pane }: { pane: PaneInfo }) {
  const open = useOverlayStore((s) => s.open)
  const { worktree, changes } = pane
  return (
    <>
      {worktree && (
        <span className="pane-header__worktree" data-testid="pane-header-worktree" title={`worktree ${worktree.path} of ${worktree.repo}`}>
          ⎇ <code>{worktree.branch}</code> from <code>{worktree.base}</code> in {worktree.repo.split('/').pop()}
        </span>
      )}
      {!worktree && changes?.branch && (
        <span className="pane-header__worktree" data-testid="pane-header-branch">
          ⎇ <code>{changes.branch}</code>
        </span>
      )}
      {changes && (
        <button
          type="button"
          className={`link-button pane-header__changes${changes.error ? ' is-error' : ''}`}
          data-testid="pane-header-changes"
          title={changes.error ?? `Changes since ${changes.since.slice(0, 8)}: open the diff`}
          onClick={() => open({ kind: 'changes', paneId: pane.id })}
        >
          {changes.error ? 'changes unknown' : changeSummary(changes)}
        </button>
      )}
    </>
  )
}
