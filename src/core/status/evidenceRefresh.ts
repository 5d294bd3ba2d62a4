import type { PaneState, Verdict } from '../../shared/domain/pane'

/**
 * States whose evidence words tell progress, not what the user is asked: an agent's spinner
 * (working) and "the screen has matched no rule for 1.8 s" (unknown) change them every frame.
 */
const PROGRESS: ReadonlySet<PaneState> = new Set<PaneState>(['starting', 'working', 'unknown'])

/**
 * A verdict that changed only in what its evidence says, in a state of progress: the same state
 * since the same time, from the same sources in the same order, with no question in it. An agent
 * redrawing does this every frame: 10 info events a second per pane, each to every client, for
 * a line the evidence popover shows with its age in seconds.
 */
export function refreshesEvidenceOnly(previous: Verdict, verdict: Verdict): boolean {
  if (verdict.state !== previous.state || !PROGRESS.has(verdict.state) || verdict.since !== previous.since) return false
  if (verdict.evidence.length !== previous.evidence.length) return false
  return verdict.evidence.every((e, i) => {
    const before = previous.evidence[i]!
    return e.source === before.source && e.ask === undefined && before.ask === undefined
  })
}
