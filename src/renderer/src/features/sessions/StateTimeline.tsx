import { useEffect, useState, type KeyboardEvent } from 'react'
import type { PaneInfo, StateHistoryEntry } from '../../../../shared/domain/pane'
import { STATE_LOOK } from '../../components/paneStates'
import { useBoardApi } from '../../ipc/BoardApiContext'
import { describeAge } from '../../lib/format'
import { useNow } from '../../lib/useNow'
import { lastStateBeforeInterruption, timelineSegments, type TimelineSegment } from './timeline'
import './sessions.css'

const describe = (s: TimelineSegment) => `${s.state} for ${describeAge(s.to - s.from)} from ${new Date(s.from).toLocaleTimeString()}: ${s.detail}`

/**
 * The pane's state history (saved, so it survives restarts) as a bar of coloured segments. One
 * Tab stop: ←/→ (Home/End) step through the segments, and the one focused or hovered is told in
 * words beside the bar — not only in a hover tooltip.
 */
export function StateTimeline({ pane }: { pane: PaneInfo }) {
  const api = useBoardApi()
  const [history, setHistory] = useState<readonly StateHistoryEntry[]>([])
  const [active, setActive] = useState<number | null>(null)
  const [focused, setFocused] = useState(false)
  const now = useNow()
  useEffect(() => {
    let live = true
    api.invoke('pane:history', pane.id).then(
      (h) => live && setHistory(h),
      () => live && setHistory([]),
    )
    return () => {
      live = false
    }
  }, [api, pane.id, pane.verdict.state, pane.verdict.since])
  const segments = timelineSegments(history, pane, now)
  if (!segments.length) return null
  const start = segments[0]!.from
  const total = Math.max(1, segments[segments.length - 1]!.to - start)
  const away = pane.interrupted ? lastStateBeforeInterruption(segments, describeAge) : null
  const current = active !== null && active < segments.length ? active : segments.length - 1
  const told = focused || active !== null ? segments[current] : undefined

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key]
    let next: number | null = null
    if (step !== undefined) next = Math.max(0, Math.min(segments.length - 1, current + step))
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = segments.length - 1
    else if (event.key === 'Escape' && active !== null) next = -1
    if (next === null) return
    event.preventDefault()
    setActive(next < 0 ? null : next)
  }

  return (
    <div className="state-timeline" data-testid="state-timeline">
      <div
        className="state-timeline__bar"
        role="slider"
        tabIndex={0}
        aria-label={`State history of pane ${pane.id} (← → to step through)`}
        aria-valuemin={1}
        aria-valuemax={segments.length}
        aria-valuenow={current + 1}
        aria-valuetext={describe(segments[current]!)}
        data-testid="state-timeline-bar"
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false)
          setActive(null)
        }}
        onMouseLeave={() => !focused && setActive(null)}
      >
        {segments.map((s, i) => (
          <span
            key={i}
            className={`state-timeline__segment tone-${STATE_LOOK[s.state].tone}${told && i === current ? ' is-active' : ''}`}
            style={{ flexGrow: Math.max(s.to - s.from, total / 200) }}
            title={describe(s)}
            data-state={s.state}
            onMouseEnter={() => setActive(i)}
          />
        ))}
      </div>
      {told ? (
        <span className="state-timeline__told" data-testid="state-timeline-told" aria-hidden="true">
          {describe(told)}
        </span>
      ) : (
        away && (
          <span className="state-timeline__away" data-testid="state-timeline-away">
            {away}
          </span>
        )
      )}
    </div>
  )
}
