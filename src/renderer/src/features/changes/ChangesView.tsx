import { useEffect, useRef, useState } from 'react'
import { Diff2HtmlUI } from 'diff2html/lib/ui/js/diff2html-ui-slim'
import 'diff2html/bundles/css/diff2html.min.css'
import type { PaneChangesDetail } from '../../../../shared/domain/pane'
import { Modal } from '../../components/Modal'
import { useBoardApi } from '../../ipc/BoardApiContext'
import { cleanTitle } from '../../lib/format'
import { useBoardStore } from '../../store/boardStore'
import { useOverlayStore } from '../../store/overlayStore'
import { changeSummary } from './changeSummary'

type Layout = 'line-by-line' | 'side-by-side'

/**
 * What the pane's agent changed since the pane started: a file list and a real diff viewer
 * (diff2html, unified or split, syntax colours from highlight.js). The diff comes from main
 * (`git diff` against the start commit, untracked files as new); the HTML diff2html builds
 * escapes the file contents, and no script runs from it.
 */
export function ChangesView({ paneId }: { paneId: string }) {
  const api = useBoardApi()
  const pane = useBoardStore((s) => s.panes[paneId])
  const close = useOverlayStore((s) => s.close)
  const [detail, setDetail] = useState<PaneChangesDetail | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [layout, setLayout] = useState<Layout>('line-by-line')
  const [reload, setReload] = useState(0)
  const target = useRef<HTMLDivElement>(null)
  const theme = typeof document !== 'undefined' ? document.documentElement.dataset.theme : undefined

  useEffect(() => {
    let live = true
    api.invoke('pane:changes', paneId).then(
      // The same diff keeps the drawn one (and where the user scrolled to).
      (d) => live && (setDetail((prev) => (prev && sameDetail(prev, d) ? prev : d)), setError(null)),
      (err: unknown) => live && setError(err instanceof Error ? err.message : String(err)),
    )
    return () => {
      live = false
    }
  }, [api, paneId, reload])

  // Live while open: the agent may go on working (main's git runs are asynchronous and one at a time per pane).
  useEffect(() => {
    const timer = setInterval(() => setReload((n) => n + 1), LIVE_REFRESH_MS)
    return () => clearInterval(timer)
  }, [])

  useEffect(() => {
    const el = target.current
    if (!el || !detail) return
    if (!detail.diff) {
      el.replaceChildren()
      return
    }
    const ui = new Diff2HtmlUI(el, detail.diff, {
      outputFormat: layout,
      drawFileList: true,
      fileListToggle: false,
      fileContentToggle: false,
      matching: 'lines',
      highlight: true,
      synchronisedScroll: true,
      stickyFileHeaders: true,
      colorScheme: theme === 'light' ? 'light' : 'dark',
    } as ConstructorParameters<typeof Diff2HtmlUI>[2])
    ui.draw()
    ui.highlightCode()
  }, [detail, layout, theme])

  if (!pane) return null
  return (
    <Modal title={`Changes in #${pane.id} ${cleanTitle(pane.title)}`} onClose={close} testId="changes-view" className="modal--full">
      <div className="changes__bar">
        <span className="changes__summary" data-testid="changes-summary">
          {detail ? `${changeSummary({ files: detail.files.length, added: sum(detail, 'added'), removed: sum(detail, 'removed') })} since ${detail.since.slice(0, 8)}` : error ? '' : 'Reading the changes…'}
          {pane.worktree && (
            <>
              {' '}
              on <code>{pane.worktree.branch}</code> (from <code>{pane.worktree.base}</code>)
            </>
          )}
        </span>
        <div className="segmented segmented--small" role="radiogroup" aria-label="Diff layout">
          {(
            [
              ['line-by-line', 'Unified'],
              ['side-by-side', 'Split'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className={`segmented__option${layout === value ? ' is-active' : ''}`}>
              <input type="radio" name="diff-layout" value={value} checked={layout === value} onChange={() => setLayout(value)} data-testid={`changes-layout-${value}`} />
              {label}
            </label>
          ))}
        </div>
        <button type="button" className="button button--ghost button--small" onClick={() => setReload((n) => n + 1)} data-testid="changes-refresh">
          Refresh
        </button>
      </div>
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
      <div ref={target} className="changes__diff" data-testid="changes-diff" />
    </Modal>
  )
}

/** How often an open changes view reads the diff again. */
const LIVE_REFRESH_MS = 3_000

function sameDetail(a: PaneChangesDetail, b: PaneChangesDetail): boolean {
  return a.diff === b.diff && a.since === b.since && JSON.stringify(a.files) === JSON.stringify(b.files) && a.omitted.join('\0') === b.omitted.join('\0')
}

function sum(detail: PaneChangesDetail, key: 'added' | 'removed'): number {
  return detail.files.reduce((n, f) => n + (f[key] ?? 0), 0)
}
