import { useEffect, useState } from 'react'
import type { DialogSnapshot } from '../../../../shared/domain/answer'
import type { PaneInfo } from '../../../../shared/domain/pane'
import { useBoardApi } from '../../ipc/BoardApiContext'

/**
 * The dialog a pane shows, read fresh from main (`pane:dialog`) whenever the pane's state, dialog
 * or size changes. The options offered are the ones in this snapshot, and an answer carries its
 * fingerprint: what the user clicks is exactly what main checks against the live screen.
 */
export function useDialogSnapshot(pane: PaneInfo): { snapshot: DialogSnapshot | null; refresh: () => void } {
  const api = useBoardApi()
  const [snapshot, setSnapshot] = useState<DialogSnapshot | null>(null)
  const [generation, setGeneration] = useState(0)
  const inDialog = pane.verdict.state === 'blocked' || pane.verdict.state === 'question'
  // The size too: a resize rewraps the dialog's rows (a pane started from the CLI is fitted to the view), and its options are read again.
  const key = inDialog ? `${pane.id}:${pane.verdict.state}:${pane.verdict.since}:${JSON.stringify(pane.dialog)}:${pane.cols}x${pane.rows}:${generation}` : null

  useEffect(() => {
    if (key === null) return setSnapshot(null)
    let current = true
    api.invoke('pane:dialog', pane.id).then(
      (snap) => current && setSnapshot(snap),
      // Swallow: the pane went away; its removal event follows.
      () => current && setSnapshot(null),
    )
    return () => {
      current = false
    }
  }, [api, key, pane.id])

  return { snapshot: snapshot && snapshot.paneId === pane.id ? snapshot : null, refresh: () => setGeneration((g) => g + 1) }
}
