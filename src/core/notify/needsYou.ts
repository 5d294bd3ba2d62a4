/**
 * The needs-you list: every pane waiting for the user (a dialog, a program waiting for input, a
 * question in the reply, or a finished turn nobody has looked at), most urgent first, and "the next pane that needs you".
 */
import type { PaneId, PaneState } from '../../shared/domain/pane'
import type { AttentionKind } from './notifyPolicy'

export interface NeedsYouPane {
  readonly id: PaneId
  readonly state: PaneState
  /** When the pane entered its state. */
  readonly since: number
}

export interface NeedsYouItem {
  readonly paneId: PaneId
  readonly kind: AttentionKind
  /** Since when the pane has been waiting. */
  readonly waitingSince: number
}

/**
 * A dialog stops the agent until it is answered, and a program waiting for input (a `[y/N]`, a
 * password) stops its task the same way; a reply or a finished turn only waits for the next task.
 * Those that stop work therefore come first, then the rest; within each tier the longest wait first.
 */
const TIER: Record<AttentionKind, number> = { blocked: 0, question: 0, input: 0, asked: 1, finished: 1, alert: 1 }

function kindOf(pane: NeedsYouPane, unseen: Readonly<Record<PaneId, number>>, alerts: Readonly<Record<PaneId, number>>): AttentionKind | null {
  if (pane.state === 'blocked' || pane.state === 'question' || pane.state === 'input' || pane.state === 'asked') return pane.state
  if (pane.state === 'idle' && unseen[pane.id] !== undefined) return 'finished'
  // A program's own notification (OSC 9/777/99, the bell), in any state, until the pane is viewed.
  if (alerts[pane.id] !== undefined) return 'alert'
  return null
}

/** One entry per pane: its dialog or question first, else a finished turn, else a program's notification. */
export function needsYou(
  panes: readonly NeedsYouPane[],
  unseen: Readonly<Record<PaneId, number>>,
  alerts: Readonly<Record<PaneId, number>> = {},
): NeedsYouItem[] {
  const items: NeedsYouItem[] = []
  for (const pane of panes) {
    const kind = kindOf(pane, unseen, alerts)
    const since = kind === 'finished' ? (unseen[pane.id] ?? pane.since) : kind === 'alert' ? (alerts[pane.id] ?? pane.since) : pane.since
    if (kind) items.push({ paneId: pane.id, kind, waitingSince: since })
  }
  return items.sort((a, b) => TIER[a.kind] - TIER[b.kind] || a.waitingSince - b.waitingSince || Number(a.paneId) - Number(b.paneId))
}

/**
 * The pane to jump to next: the most urgent one, or, when the current pane is in the list, the
 * one after it (wrapping), so repeated jumps visit every waiting pane. Null when none waits.
 */
export function nextNeedingYou(items: readonly NeedsYouItem[], current: PaneId | null): PaneId | null {
  if (items.length === 0) return null
  const at = current === null ? -1 : items.findIndex((i) => i.paneId === current)
  if (at < 0) return items[0]!.paneId
  return items[(at + 1) % items.length]!.paneId
}
