import type { OscRecord } from '../../shared/domain/pane'
import type { MirrorScreen } from './headlessMirror'

/**
 * The message contract between a pane (main thread) and its mirror (a worker thread). Plain data
 * only, so the same contract can later cross a process boundary (issue 10's daemon).
 *
 * Order is the contract: messages are handled in the order sent, and the worker answers in the
 * order it parsed. `parsed` counts `write`s in the order they were posted; a `serialized` answer
 * covers exactly the writes counted before it.
 */
export interface MirrorInit {
  readonly cols: number
  readonly rows: number
  /** Nice value of the parsing thread (Linux), above the board's own. */
  readonly nice?: number
}

export type ToMirror =
  /** `count` chunks of output, joined: the worker reports them parsed as `count` writes. */
  | { readonly t: 'write'; readonly data: string; readonly count: number }
  | { readonly t: 'resize'; readonly cols: number; readonly rows: number }
  | { readonly t: 'serialize'; readonly id: number; readonly scrollback?: number }

/** What the pane reads synchronously (verdict inputs, answer guard, `screen`): the mirror's latest state. */
export interface MirrorState {
  readonly screen: MirrorScreen
  readonly title: string
  readonly synchronizing: boolean
  readonly bracketedPaste: boolean
}

export type FromMirror =
  /** `count` more writes are parsed; `state` is the mirror after them. */
  | { readonly t: 'parsed'; readonly count: number; readonly state: MirrorState }
  /** Bytes for the program: answers to its terminal queries. */
  | { readonly t: 'reply'; readonly data: string }
  | { readonly t: 'title'; readonly title: string }
  /** `at` is stamped by the pane's clock on arrival. */
  | { readonly t: 'osc'; readonly record: Omit<OscRecord, 'at'> }
  /** The program rang the bell (a BEL outside any escape sequence). */
  | { readonly t: 'bell' }
  | { readonly t: 'serialized'; readonly id: number; readonly data: string }
