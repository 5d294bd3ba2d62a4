/**
 * Lines typed while the one before is still on its way (sent, not yet confirmed taken) wait in
 * the answer box's queue, in order, and each goes when the one before is done: the box never
 * drops an Enter without a word. Pure: what the queue does next, from what the box knows now.
 */
import type { PaneState } from '../../../../shared/domain/pane'
import type { AnswerRefusal } from '../../../../shared/domain/answer'

export interface QueuedLine {
  readonly id: number
  readonly text: string
  /** Typed with "Send anyway": it may go into a working agent. */
  readonly sendAnyway: boolean
  /** The state the pane showed when Enter was pressed (the guard's `seen`). */
  readonly seen: PaneState
}

/** Why the queue stopped after a refusal of its first line, until the user acts. */
export interface QueueHold {
  readonly message: string
}

export interface QueueView {
  readonly state: PaneState
  readonly ended: boolean
  /** A line (or a dialog's answer) is being sent, or a sent line is not confirmed yet. */
  readonly inFlight: boolean
  /** The line before was reported not taken, and its notice is still open. */
  readonly notTaken: boolean
  readonly hold: QueueHold | null
  /** The verdict a "wait for the pane to change" refusal was given in (its `since`), if any. */
  readonly waitingOutSince: number | null
  readonly since: number
}

export type QueueStep = { readonly kind: 'send'; readonly line: QueuedLine } | { readonly kind: 'wait'; readonly why: string } | { readonly kind: 'empty' }

const READY: readonly PaneState[] = ['idle', 'asked', 'input']
/** The program may not be reading input: a line goes only with "Send anyway", and Enter queues it. */
export const BUSY_STATES: readonly PaneState[] = ['working', 'starting', 'unknown']

function busyWhy(state: PaneState): string {
  if (state === 'working') return 'goes when the agent is ready (it is working)'
  if (state === 'starting') return 'goes when the program has started'
  return 'goes when the board can tell the program reads input (it is unknown now)'
}

export function queueStep(queue: readonly QueuedLine[], view: QueueView): QueueStep {
  const head = queue[0]
  if (!head) return { kind: 'empty' }
  if (view.ended) return { kind: 'wait', why: 'not sent: the program has ended' }
  if (view.hold) return { kind: 'wait', why: `held: ${view.hold.message}` }
  if (view.notTaken) return { kind: 'wait', why: 'waits: the line before was not taken (send it again or dismiss that notice)' }
  if (view.inFlight) return { kind: 'wait', why: 'goes once the line before is taken' }
  if (view.waitingOutSince === view.since) return { kind: 'wait', why: busyWhy(view.state) }
  if (view.state === 'blocked' || view.state === 'question') return { kind: 'wait', why: 'goes once the dialog is answered' }
  if (READY.includes(view.state) || (head.sendAnyway && BUSY_STATES.includes(view.state))) return { kind: 'send', line: head }
  return { kind: 'wait', why: busyWhy(view.state) }
}

/**
 * What a refusal of a queued line means for the queue: `wait` (the pane was not ready after all:
 * the line goes back first and goes once the verdict changes) or `hold` (sending it again as it
 * is would not help, or could type it twice: the user decides).
 */
export function afterRefusal(reason: AnswerRefusal | undefined): 'wait' | 'hold' {
  return reason === 'busy' || reason === 'dialog-open' ? 'wait' : 'hold'
}
