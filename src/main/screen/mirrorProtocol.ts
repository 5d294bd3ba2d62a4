import type { OscRecord } from '../../shared/domain/pane'
import type { MirrorScreen } from './headlessMirror'

/**
 * The message contract between the board's thread and a parser worker of the mirror pool, which
 * hosts the headless terminals of many panes. Plain data only (and transferred byte buffers), so
 * the same contract can later cross a process boundary (issue 10's daemon).
 *
 * Order is the contract, per pane: a pane's operations are handled in the order sent, and its
 * events come back in the order it parsed. `parsed` counts a pane's `write`s in the order they
 * were posted; a `serialized` answer covers exactly the writes counted before it.
 */
export interface MirrorInit {
  /** Nice value of the parsing thread (Linux), above the board's own. */
  readonly nice?: number
  /** Bytes of one pane parsed in one round before the next pane's turn, at least (see mirrorWorker.ts). */
  readonly sliceBytes?: number
  /** Bytes of one round, shared by the panes with output waiting. */
  readonly roundBytes?: number
}

/** A pane's key inside one worker. */
export type TermId = number

export type PoolOp =
  | { readonly t: 'open'; readonly id: TermId; readonly cols: number; readonly rows: number }
  /** `count` chunks of output, joined and UTF-8 encoded: reported parsed as `count` writes. */
  | { readonly t: 'write'; readonly id: TermId; readonly data: Uint8Array; readonly count: number }
  /** `count` empty writes: a barrier, answered once everything before it is parsed. */
  | { readonly t: 'barrier'; readonly id: TermId; readonly count: number }
  | { readonly t: 'resize'; readonly id: TermId; readonly cols: number; readonly rows: number }
  | { readonly t: 'serialize'; readonly id: TermId; readonly sid: number; readonly scrollback?: number }
  | { readonly t: 'close'; readonly id: TermId }

/** One turn's operations for one worker: one message, its byte buffers transferred. */
export interface ToPool {
  readonly t: 'ops'
  readonly ops: readonly PoolOp[]
}

/** What the pane reads synchronously (verdict inputs, answer guard, `screen`): the mirror's latest state. */
export interface MirrorState {
  readonly screen: MirrorScreen
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
 */
export interface FromPool {
  readonly t: 'events'
  readonly events: readonly PoolEvent[]
  readonly states: readonly (readonly [TermId, MirrorState])[]
}
