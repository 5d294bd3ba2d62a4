import { useEffect, useRef, useState } from 'react'
import type { PaneId } from '../../../../shared/domain/pane'
import { useBoardApi } from '../../ipc/BoardApiContext'
import { useBoardStore } from '../../store/boardStore'
import { createTerminal } from './createTerminal'
import { PaneSession } from './paneSession'

/** How long container resizes settle before the pane is resized (a drag fires many). */
const RESIZE_DEBOUNCE_MS = 50

/**
 * The live terminal of one pane. Mount it with `key={paneId}`: switching panes unmounts it, which
 * detaches from the old pane and disposes its xterm; the new mount attaches and restores the
 * pane's screen and scrollback from the board's mirror.
 */
export function TerminalView({ paneId, exited }: { paneId: PaneId; exited: boolean }) {
  const api = useBoardApi()
  const hostRef = useRef<HTMLDivElement>(null)
  const sessionRef = useRef<PaneSession | null>(null)
  const [attached, setAttached] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [renderer, setRenderer] = useState<'webgl' | 'dom' | null>(null)
  // Read once at mount; later changes go through setReadOnly below.
  const exitedAtMount = useRef(exited)

  useEffect(() => {
    const host = hostRef.current
    if (!host) return
    const xterm = createTerminal(host)
    const setViewSize = useBoardStore.getState().setViewSize
    let fitTimer: ReturnType<typeof setTimeout> | null = null
    const fitNow = () => {
      fitTimer = null
      const size = session.fit()
      if (size) setViewSize(size.cols, size.rows)
      setRenderer(xterm.renderer())
    }
    const session = new PaneSession(api, paneId, xterm, {
      readOnly: exitedAtMount.current,
      onAttached: () => {
        fitNow()
        window.__switchboardTerminal = xterm.term
        setAttached(true)
        xterm.term.focus()
      },
      onError: setError,
    })
    sessionRef.current = session
    fitNow()
    session.start()
    const observer = new ResizeObserver(() => {
      if (fitTimer) clearTimeout(fitTimer)
      fitTimer = setTimeout(fitNow, RESIZE_DEBOUNCE_MS)
    })
    observer.observe(host)
    return () => {
      observer.disconnect()
      if (fitTimer) clearTimeout(fitTimer)
      if (window.__switchboardTerminal === xterm.term) window.__switchboardTerminal = undefined
      sessionRef.current = null
      session.dispose()
      xterm.dispose()
    }
  }, [api, paneId])

  useEffect(() => sessionRef.current?.setReadOnly(exited), [exited])

  return (
    <div className="terminal-frame">
      <div className="terminal-pad">
        <div
          ref={hostRef}
          className="terminal-host"
          data-testid="terminal"
          data-pane-id={paneId}
          data-attached={attached ? 'true' : 'false'}
          data-renderer={renderer ?? undefined}
          aria-label={`Terminal of pane ${paneId}${exited ? ' (exited, read-only)' : ''}`}
        />
      </div>
      {exited && attached && (
        <div className="terminal-note" data-testid="terminal-readonly-note">
          The program has ended. This is its final screen, read-only.
        </div>
      )}
      {error && (
        <div className="terminal-error" role="alert" data-testid="terminal-error">
          Could not show this pane: {error}
        </div>
      )}
    </div>
  )
}
