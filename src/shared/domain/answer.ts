/**
 * Answering a pane through the board (the answer box, `pane:answer`): what a client asks for, and
 * what it gets back. Types only; the request schema is in the contract.
 */
import type { DialogInfo, PaneId, PaneState } from './pane'

/** Why an answer was not sent. Every refusal is a value with a message that says what to do. */
export const ANSWER_REFUSALS = [
  /** The program has ended. */
  'exited',
  /** Text for a pane that shows a dialog: only the dialog's options (or deny) answer it. */
  'dialog-open',
  /** The user typed the text while a dialog was on screen; text never answers a dialog. */
  'seen-dialog',
  /** The pane is working (or its state is unknown): text needs an explicit "send anyway". */
  'busy',
  /** The dialog the answer was meant for has closed. */
  'dialog-closed',
  /** The dialog on screen is not the one the answer was meant for. */
  'dialog-changed',
  /** The option is not one of the dialog's. */
  'unknown-option',
  /** The board does not know which keys answer this agent's dialog: answer it in the terminal. */
  'unsupported-dialog',
  'empty',
  /** Escape and other control characters would drive the program, not answer it. */
  'control-chars',
  /** The option chosen for free text is not the dialog's free-text option. */
  'not-free-text',
  /** Several lines for a program that did not enable bracketed paste would submit line by line. */
  'multiline-unsupported',
  /** The pane changed state between the line and its Enter: the line is typed, not submitted. */
  'changed-midway',
  /** "Send again" for a line that was not taken, which the program has since read after all: it is not typed twice. */
  'taken-late',
  /** The pane's machine is out of reach (its ssh connection is cut): nothing can be sent until it is back. */
  'reconnecting',
] as const
export type AnswerRefusal = (typeof ANSWER_REFUSALS)[number]

export type AnswerResult =
  /** `delivery`: for a line sent at a prompt, what to ask `pane:delivery` about (did the program take it?). */
  { readonly ok: true; readonly sent: string; readonly delivery?: number } | { readonly ok: false; readonly reason: AnswerRefusal; readonly message: string }

/**
 * Whether the program took a line the answer box sent (core/answer/delivery.ts): its echo on the
 * screen or the agent starting work, or neither within a few seconds: it was not reading input
 * yet, and the line is likely lost.
 */
export type Delivery =
  | { readonly taken: true; readonly by: 'echo' | 'state'; readonly detail: string }
  | { readonly taken: false; readonly waitedMs: number; readonly message: string }

/** The dialog a pane shows right now, read fresh from the main process's screen. */
export interface DialogSnapshot {
  readonly paneId: PaneId
  readonly state: PaneState
  /** When the pane entered its state. */
  readonly since: number
  readonly agent: string | null
  /** Null when no dialog is on screen (or the screen has moved on from it). */
  readonly dialog: DialogInfo | null
  /** Binds an answer to this dialog instance; null without a dialog. */
  readonly fingerprint: string | null
  /** The board knows the keys that choose this dialog's options (else: answer in the terminal). */
  readonly optionsAnswerable: boolean
  /** The board knows the key that declines this dialog. */
  readonly denyAnswerable: boolean
  /** The key of the question's free-text option ("Type something."), when the board can fill it. */
  readonly freeTextKey: string | null
  /**
   * The agent's wording of its long options (its manifest's `option_labels`, `{}` where it
   * varies): completes an option a narrow pane wrapped off its row. Empty when it has none.
   */
  readonly optionLabels: readonly string[]
}

/** Keystrokes typed into a terminal view (`pane:type`): delivered, or held by the type-ahead guard. */
export type TypeResult = { readonly delivered: true } | { readonly delivered: false; readonly reason: string }
