import type { HistoryMark, PaneInfo, PaneState, StateHistoryEntry } from '../../../../shared/domain/pane'
import { INTERRUPTED_LOOK, STATE_LOOK } from '../../components/paneStates'

export interface TimelineSegment {
  readonly state: PaneState
  /** The board's own entries: the time it was down (`interrupted`), a resume or restart. */
  readonly mark?: HistoryMark
  readonly from: number
  readonly to: number
  readonly detail: string
  /** Its word and tone: the state's, or "interrupted" for the board's outage. */
  readonly label: string
  readonly tone: string
}

/**
 * The pane's history as consecutive segments, the last one running to now — or, for a history
 * saved before the board wrote its interruptions, to the interruption.
 */
export function timelineSegments(history: readonly StateHistoryEntry[], pane: Pick<PaneInfo, 'interrupted'>, now: number): TimelineSegment[] {
  const end = pane.interrupted && history[history.length - 1]?.mark !== 'interrupted' ? pane.interrupted.at : now
  return history.map((e, i) => {
    const look = e.mark === 'interrupted' ? INTERRUPTED_LOOK : STATE_LOOK[e.state]
    return {
      state: e.state,
      ...(e.mark ? { mark: e.mark } : {}),
      from: e.since,
      to: Math.max(e.since, history[i + 1]?.since ?? end),
      // Plain words (what the agent asked, else what the state means); raw evidence stays in explain.
      detail: e.evidence.find((ev) => ev.ask)?.ask ?? (e.mark && e.mark !== 'interrupted' ? e.mark : look.meaning),
      label: e.mark === 'interrupted' ? look.label : e.state,
      tone: look.tone,
    }
  })
}

/**
 * What happened while nobody watched, for an interrupted pane: its last state and how long it
 * lasted until the board stopped ("blocked 42 minutes before the board stopped").
 */
export function lastStateBeforeInterruption(segments: readonly TimelineSegment[], describe: (ms: number) => string): string | null {
  const last = [...segments].reverse().find((s) => s.mark !== 'interrupted')
  return last ? `${last.state} for ${describe(last.to - last.from)} before the board stopped` : null
}
