import { useEffect, useRef, useState } from 'react'
import type { PaneId } from '../../../../shared/domain/pane'
import { useBoardApi } from '../../ipc/BoardApiContext'
import { useBoardStore } from '../../store/boardStore'
import { createTerminal } from './createTerminal'
import { HeldKeys } from './HeldKeys'
import { useHeldKeysStore } from './heldKeysStore'
import { InputGate } from './inputGate'
import { PaneSession } from './paneSession'
import { registerTerminal } from './terminalRegistry'
import { TerminalSearch } from './TerminalSearch'
import { useTerminalSearchStore } from './terminalSearchStore'

/** How long container resizes settle before the pane is resized (a drag fires many). */
const RESIZE_DEBOUNCE_MS = 50

interface TerminalViewProps {
  readonly paneId: PaneId
  readonly exited: boolean
  readonly fontSize: number
  /** The selected pane: it takes the keyboard focus when it attaches. */
  readonly active: boolean
}

/**
 * The live terminal of one pane. Mount it with `key={paneId}`: a pane that leaves the screen
 * unmounts, which detaches from it and disposes its xterm (memory stays bounded however many
 * panes there are); mounting again attaches and restores the pane's screen and scrollback from
 * the board's mirror. Typed keys pass the type-ahead guard (InputGate → `pane:type`).
 */
export function TerminalView({ paneId, exited, fontSize, active }: TerminalViewProps) {
  const api = useBoardApi()
  const hostRef = useRef<HTMLDivElement>(null)
  const sessionRef = useRef<PaneSession | null>(null)
  const gateRef = useRef<InputGate | null>(null)
  const fitRef = useRef<(() => void) | null>(null)
  const xtermRef = useRef<ReturnType<typeof createTerminal> | null>(null)
  const [attached, setAttached] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [renderer, setRenderer] = useState<'webgl' | 'dom' | null>(null)
  const searching = useTerminalSearchStore((s) => s.openFor === paneId)
  // Read once at mount; later changes go through their own effects.
  const mount = useRef({ exited, fontSize, active })
  const activeRef = useRef(active)
  activeRef.current = active

  useEffect(() => {
    const host = hostRef.current
    if (!host) return
    const xterm = createTerminal(host, mount.current.fontSize)
    xtermRef.current = xterm
    const setViewSize = useBoardStore.getState().setViewSize
    const setHeld = useHeldKeysStore.getState().set
    let fitTimer: ReturnType<typeof setTimeout> | null = null
    let unregister: (() => void) | null = null
    const fitNow = () => {
      fitTimer = null
      const size = session.fit()
      if (size && activeRef.current) setViewSize(size.cols, size.rows)
      setRenderer(xterm.renderer())
    }
    fitRef.current = fitNow
    const gate = new InputGate({
      send: (data, seen) => api.invoke('pane:type', paneId, data, seen),
      seen: () => {
        const verdict = useBoardStore.getState().panes[paneId]?.verdict
        return verdict ? { state: verdict.state, since: verdict.since } : null
      },
      onHeld: (keys, reason) => setHeld(paneId, keys, reason),
    })
    gateRef.current = gate
    const session = new PaneSession(api, paneId, xterm, {
      readOnly: mount.current.exited,
      onAttached: () => {
        fitNow()
        unregister = registerTerminal(paneId, xterm.term)
        setAttached(true)
        // Not from the answer box: a notification's click put the keyboard on the dialog's options.
        if (activeRef.current && !document.activeElement?.closest('[data-testid="answer-box"]')) xterm.term.focus()
      },
      onError: setError,
      onInput: (data) => gate.type(data),
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
      unregister?.()
      gate.dispose()
      setHeld(paneId, '', '')
      sessionRef.current = null
      gateRef.current = null
      fitRef.current = null
      xtermRef.current = null
      session.dispose()
      xterm.dispose()
    }
  }, [api, paneId])

  useEffect(() => sessionRef.current?.setReadOnly(exited), [exited])

  useEffect(() => {
    const xterm = xtermRef.current
    if (!xterm || xterm.term.options.fontSize === fontSize) return
    xterm.term.options.fontSize = fontSize
    fitRef.current?.()
  }, [fontSize])

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
      <HeldKeys
        paneId={paneId}
        onSend={() => {
          const keys = gateRef.current?.release() ?? ''
          // Confirmed by the user: written as typed, past the guard.
          if (keys) api.invoke('pane:write', paneId, keys).catch(() => undefined)
          xtermRef.current?.term.focus()
        }}
        onDiscard={() => {
          gateRef.current?.discard()
          xtermRef.current?.term.focus()
        }}
      />
      {searching && attached && xtermRef.current && (
        <TerminalSearch
          search={xtermRef.current.search}
          onClose={() => {
            useTerminalSearchStore.getState().open(null)
            xtermRef.current?.term.focus()
          }}
        />
      )}
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
