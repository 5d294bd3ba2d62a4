import { useEffect, useState } from 'react'
import type { PaneChangesDetail } from '../../../../shared/domain/pane'
import { useBoardApi } from '../../ipc/BoardApiContext'

/** How often an open changes view reads the diff again. */
export const LIVE_REFRESH_MS = 3_000

function sameDetail(a: PaneChangesDetail, b: PaneChangesDetail): boolean {
  return a.diff === b.diff && a.since === b.since && JSON.stringify(a.files) === JSON.stringify(b.files) && a.omitted.join('\0') === b.omitted.join('\0')
}

/**
 * The pane's changes from main (`pane:changes`), read again every few seconds while shown (the
 * agent may go on working) and on `reload`. The same diff keeps the one drawn, and where the user scrolled to.
 */
export function useChangesDetail(paneId: string) {
  const api = useBoardApi()
  const [detail, setDetail] = useState<PaneChangesDetail | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [generation, setGeneration] = useState(0)
  useEffect(() => {
    let live = true
    api.invoke('pane:changes', paneId).then(
      (d) => live && (setDetail((prev) => (prev && sameDetail(prev, d) ? prev : d)), setError(null)),
      (err: unknown) => live && setError(err instanceof Error ? err.message : String(err)),
    )
    return () => {
      live = false
    }
  }, [api, paneId, generation])
  useEffect(() => {
    const timer = setInterval(() => setGeneration((n) => n + 1), LIVE_REFRESH_MS)
    return () => clearInterval(timer)
  }, [])
  return { detail, error, reload: () => setGeneration((n) => n + 1) }
}

export function sum(detail: PaneChangesDetail, key: 'added' | 'removed'): number {
  return detail.files.reduce((n, f) => n + (f[key] ?? 0), 0)
}
