import type { OscRecord } from '../../shared/domain/pane'

/**
 * The message contract between the board's thread and a parser worker of the mirror pool, which
 * hosts the headless terminals of many panes. Plain data only, so
 * the same contract can later cross a process boundary (issue 10's daemon).
 *
 * Order is the contract, per pane: a pane's operations are handled in the order sent, and its
 * events come back in the order it parsed. `parsed` counts a pane's `write`s in the order they
 * were posted; a `serialized` answer covers exactly the writes counted before it.
 */
export interface MirrorInit {
  /** Nice value of the parsing thread (Linux), above the board's own. */
  readonly nice?: number
  /** Characters (UTF-16 units, one byte each for ASCII) of one pane parsed in one round before the next pane's turn, at least (see mirrorWorker.ts). */
  readonly sliceBytes?: number
  /** Characters of one round, shared by the panes with output waiting. */
  readonly roundBytes?: number
}

/** A pane's key inside one worker. */
export type TermId = number

export type PoolOp =
  | { readonly t: 'open'; readonly id: TermId; readonly cols: number; readonly rows: number }
  /**
   * `count` chunks of output, joined: reported parsed as `count` writes. A string, cloned (a copy
   * of its characters): encoding it to a transferred buffer cost the board's thread more per
   * message (encode, a transfer list, a detached buffer) than the copy.
   */
  | { readonly t: 'write'; readonly id: TermId; readonly data: string; readonly count: number }
  /** `count` empty writes: a barrier, answered once everything before it is parsed. */
  | { readonly t: 'barrier'; readonly id: TermId; readonly count: number }
  | { readonly t: 'resize'; readonly id: TermId; readonly cols: number; readonly rows: number }
  | { readonly t: 'serialize'; readonly id: TermId; readonly sid: number; readonly scrollback?: number }
  | { readonly t: 'close'; readonly id: TermId }

/** One turn's operations for one worker: one message. */
export interface ToPool {
  readonly t: 'ops'
  readonly ops: readonly PoolOp[]
}

/**
 * What the pane reads synchronously (verdict inputs, answer guard, `screen`), as the mirror's
 * latest state crosses the thread boundary: flat, the screen's rows as one string joined by
 * `\n` (a cell never holds a newline). A flat object of one string clones as a copy of its
 * characters, where rows × strings in nested objects cost a clone and a garbage object each, on
 * both threads, every round (measured: the worker's state posts cost more than its parsing, 20
 * panes redrawing at 10 Hz). The pane splits the rows only when it reads the screen.
 */
export interface WireState {
  readonly text: string
  readonly cols: number
  readonly rows: number
  readonly cx: number
  readonly cy: number
  readonly alternate: boolean
  readonly title: string
  readonly synchronizing: boolean
  readonly bracketedPaste: boolean
}

export type PoolEvent =
  /** `count` more writes of pane `id` are parsed. */
  | { readonly t: 'parsed'; readonly id: TermId; readonly count: number }
  /** Bytes for the program: answers to its terminal queries. */
  | { readonly t: 'reply'; readonly id: TermId; readonly data: string }
  | { readonly t: 'title'; readonly id: TermId; readonly title: string }
  /** `at` is stamped by the pane's clock on arrival. */
  | { readonly t: 'osc'; readonly id: TermId; readonly record: Omit<OscRecord, 'at'> }
  /** The program rang the bell (a BEL outside any escape sequence). */
  | { readonly t: 'bell'; readonly id: TermId }
  | { readonly t: 'serialized'; readonly id: TermId; readonly sid: number; readonly data: string }

/**
 * One round's events of all the worker's panes, in order, and the state of each pane that parsed
 * anything, as of the end of the round (one snapshot per pane per round, however many writes).
 * A pane whose state is what it was last sent has none: the pane's copy still holds.
 */
export interface FromPool {
  readonly t: 'events'
  readonly events: readonly PoolEvent[]
  readonly states: readonly (readonly [TermId, WireState])[]
}
