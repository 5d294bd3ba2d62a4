import { useState } from 'react'
import { Modal } from '../../components/Modal'
import { useBoardApi } from '../../ipc/BoardApiContext'
import { cleanTitle, formatArgv } from '../../lib/format'
import { useBoardStore } from '../../store/boardStore'
import { useOverlayStore } from '../../store/overlayStore'
import { closePane } from './paneActions'

/** Asks before ending a running program (the sidebar's stop button and Alt+W). */
export function ConfirmClose({ paneId }: { paneId: string }) {
  const api = useBoardApi()
  const pane = useBoardStore((s) => s.panes[paneId])
  const close = useOverlayStore((s) => s.close)
  const [error, setError] = useState<string | null>(null)
  if (!pane) return null
  return (
    <Modal title={`End pane #${pane.id}?`} onClose={close} testId="confirm-close" className="modal--narrow">
      <p className="modal__text">
        This hangs up <code>{formatArgv(pane.command)}</code> ({cleanTitle(pane.title)}) and everything it started. The pane stays listed with its final screen
        until you remove it.
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="modal__actions">
        <button type="button" className="button" onClick={close} autoFocus>
          Cancel
        </button>
        <button
          type="button"
          className="button button--danger"
          data-testid="confirm-close-kill"
          onClick={() => void closePane(api, pane).then(close, (err: unknown) => setError(err instanceof Error ? err.message : String(err)))}
        >
          End it
        </button>
      </div>
    </Modal>
  )
}
