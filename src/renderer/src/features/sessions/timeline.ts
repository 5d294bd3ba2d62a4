import type { PaneInfo, PaneState, StateHistoryEntry } from '../../../../shared/domain/pane'
import { STATE_LOOK } from '../../components/paneStates'

export interface TimelineSegment {
  readonly state: PaneState
  readonly from: number
  readonly to: number
  readonly detail: string
}

/** The pane's history as consecutive segments, the last one running to now or to the interruption. */
export function timelineSegments(history: readonly StateHistoryEntry[], pane: Pick<PaneInfo, 'interrupted'>, now: number): TimelineSegment[] {
  const end = pane.interrupted?.at ?? now
  return history.map((e, i) => ({
    state: e.state,
    from: e.since,
    to: Math.max(e.since, history[i + 1]?.since ?? end),
    // Plain words (what the agent asked, else what the state means); raw evidence stays in explain.
    detail: e.evidence.find((ev) => ev.ask)?.ask ?? STATE_LOOK[e.state].meaning,
  }))
}

/**
 * What happened while nobody watched, for an interrupted pane: its last state and how long it
 * lasted until the board stopped ("blocked 42 minutes before the board stopped").
 */
export function lastStateBeforeInterruption(segments: readonly TimelineSegment[], describe: (ms: number) => string): string | null {
  const last = segments[segments.length - 1]
  return last ? `${last.state} for ${describe(last.to - last.from)} before the board stopped` : null
}
