import type { Verdict } from '../../shared/domain/pane'

/**
 * A working pane's verdict that changed only in what its evidence says: the same state since the
 * same time, from the same sources in the same order, with no question in it. An agent's spinner
 * does this every frame (its words and seconds are the screen rule's evidence): 10 info events a
 * second per working pane, each to every client, for a line the evidence popover shows with its
 * age in seconds.
 */
export function refreshesEvidenceOnly(previous: Verdict, verdict: Verdict): boolean {
  if (verdict.state !== 'working' || previous.state !== 'working' || verdict.since !== previous.since) return false
  if (verdict.evidence.length !== previous.evidence.length) return false
  return verdict.evidence.every((e, i) => {
    const before = previous.evidence[i]!
    return e.source === before.source && e.ask === undefined && before.ask === undefined
  })
}
