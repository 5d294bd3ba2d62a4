import { useEffect, useState } from 'react'
import type { WorktreeCheck } from '../../../../shared/domain/pane'
import { Modal } from '../../components/Modal'
import { useBoardApi } from '../../ipc/BoardApiContext'
import { cleanTitle } from '../../lib/format'
import { useBoardStore } from '../../store/boardStore'
import { useOverlayStore } from '../../store/overlayStore'

/**
 * Closing a pane that has its own worktree: keep the worktree (folder and branch stay), or remove
 * both. Main refuses a removal that would lose uncommitted or unmerged work; "Discard and
 * remove" insists (force).
 */
export function WorktreeClose({ paneId }: { paneId: string }) {
  const api = useBoardApi()
  const pane = useBoardStore((s) => s.panes[paneId])
  const close = useOverlayStore((s) => s.close)
  const [check, setCheck] = useState<WorktreeCheck | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let live = true
    api.invoke('worktree:check', paneId).then(
      (c) => live && setCheck(c),
      (err: unknown) => live && setError(err instanceof Error ? err.message : String(err)),
    )
    return () => {
      live = false
    }
  }, [api, paneId])

  if (!pane?.worktree) return null
  const wt = pane.worktree
  const run = (action: () => Promise<unknown>) => {
    setBusy(true)
    setError(null)
    action().then(close, (err: unknown) => {
      setBusy(false)
      setError(err instanceof Error ? err.message : String(err))
      // What is in the worktree may have changed meanwhile.
      void api.invoke('worktree:check', paneId).then(setCheck, () => undefined)
    })
  }
  const unsafe = check !== null && !check.safe
  return (
    <Modal title={`Close pane #${pane.id}?`} onClose={close} testId="worktree-close" className="modal--narrow">
      <p className="modal__text">
        {cleanTitle(pane.title)} {pane.exit ? 'ran' : 'runs'} in its own worktree <code>{wt.path}</code> on branch <code>{wt.branch}</code> (from{' '}
        <code>{wt.base}</code>). Keep it to review or merge later, or remove the folder and the branch.
      </p>
      {check === null && !error && <p className="modal__text">Checking the worktree…</p>}
      {check?.safe && (
        <p className="modal__text" data-testid="worktree-close-safe">
          Nothing would be lost: no uncommitted files, and every commit is in {wt.base} or pushed.
        </p>
      )}
      {unsafe && (
        <div className="banner banner--warning worktree-close__unsafe" data-testid="worktree-close-unsafe">
          Removing it would lose work:
          <ul>
            {check.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      )}
      {error && (
        <p className="form-error" role="alert" data-testid="worktree-close-error">
          {error}
        </p>
      )}
      <div className="modal__actions">
        <button type="button" className="button" onClick={close} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--primary"
          data-testid="worktree-close-keep"
          autoFocus
          disabled={busy}
          onClick={() => run(() => api.invoke('pane:remove', paneId))}
        >
          Keep worktree
        </button>
        {unsafe ? (
          <button
            type="button"
            className="button button--danger"
            data-testid="worktree-close-force"
            disabled={busy}
            onClick={() => run(() => api.invoke('worktree:remove', paneId, { force: true }))}
          >
            Discard and remove
          </button>
        ) : (
          <button
            type="button"
            className="button button--danger"
            data-testid="worktree-close-remove"
            disabled={busy || check === null}
            onClick={() => run(() => api.invoke('worktree:remove', paneId, { force: false }))}
          >
            Remove worktree
          </button>
        )}
      </div>
    </Modal>
  )
}
