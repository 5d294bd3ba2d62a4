import { useState } from 'react'
import { Modal } from '../../components/Modal'
import { cleanTitle } from '../../lib/format'
import { useBoardStore } from '../../store/boardStore'
import { useOverlayStore } from '../../store/overlayStore'
import { ChangesBar, type DiffLayout } from './ChangesBar'
import { DiffView } from './DiffView'
import { useChangesDetail } from './useChangesDetail'

/**
 * What the pane's agent changed since the pane started: a file list and a real diff viewer,
 * unified or split. The diff comes from main (`git diff` against the start commit, untracked
 * files as new), live while the view is open.
 */
export function ChangesView({ paneId }: { paneId: string }) {
  const pane = useBoardStore((s) => s.panes[paneId])
  const close = useOverlayStore((s) => s.close)
  const { detail, error, reload } = useChangesDetail(paneId)
  const [layout, setLayout] = useState<DiffLayout>('line-by-line')
  if (!pane) return null
  return (
    <Modal title={`Changes in #${pane.id} ${cleanTitle(pane.title)}`} onClose={close} testId="changes-view" className="modal--full">
      <div className="changes">
        <ChangesBar pane={pane} detail={detail} failed={error !== null} layout={layout} onLayout={setLayout} onRefresh={reload} />
        {error && (
          <p className="form-error" role="alert" data-testid="changes-error">
            {error}
          </p>
        )}
        {detail && detail.files.length === 0 && <p className="changes__empty">No changes since the pane started.</p>}
        {detail?.truncatedAt && (
          <p className="banner banner--warning" data-testid="changes-omitted">
            The diff is long: the view shows {Math.round(detail.truncatedAt / 1e6)} MB of it.
            {detail.omitted.length > 0 && (
              <>
                {' '}
                Not shown ({detail.omitted.length} {detail.omitted.length === 1 ? 'file' : 'files'}, too large): {detail.omitted.slice(0, 20).join(', ')}
                {detail.omitted.length > 20 ? ', …' : ''}
              </>
            )}
          </p>
        )}
        <DiffView diff={detail?.diff ?? ''} layout={layout} />
      </div>
    </Modal>
  )
}
