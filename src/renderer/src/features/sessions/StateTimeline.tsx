import { useEffect, useState } from 'react'
import type { PaneInfo, StateHistoryEntry } from '../../../../shared/domain/pane'
import { useBoardApi } from '../../ipc/BoardApiContext'
import { describeAge } from '../../lib/format'
import { useNow } from '../../lib/useNow'
import { lastStateBeforeInterruption, timelineSegments } from './timeline'
import './sessions.css'

/** The pane's state history (saved, so it survives restarts) as a bar of coloured segments. */
export function StateTimeline({ pane }: { pane: PaneInfo }) {
  const api = useBoardApi()
  const [history, setHistory] = useState<readonly StateHistoryEntry[]>([])
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
  return (
    <div className="state-timeline" data-testid="state-timeline">
      <div className="state-timeline__bar" role="list" aria-label={`State history of pane ${pane.id}`}>
        {segments.map((s, i) => (
          <span
            key={i}
            role="listitem"
            className={`state-timeline__segment tone-${s.tone}`}
            style={{ flexGrow: Math.max(s.to - s.from, total / 200) }}
            title={`${s.label} for ${describeAge(s.to - s.from)} from ${new Date(s.from).toLocaleTimeString()}: ${s.detail}`}
            data-state={s.state}
            data-mark={s.mark}
          />
        ))}
      </div>
      {away && (
        <span className="state-timeline__away" data-testid="state-timeline-away">
          {away}
        </span>
      )}
    </div>
  )
}
