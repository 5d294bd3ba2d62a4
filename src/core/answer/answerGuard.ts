/**
 * The answer guard: given the pane as it is right now and what the user asked to send, either the
 * exact writes to make or a refusal that says why. Pure: main reads the live pane, calls this,
 * and performs the writes (re-checking the state before each one after the first).
 *
 * The matrix (issue 5; seeds/000 and /001):
 * - idle / asked: text goes as one write, then Enter as a separate write after a delay: one chunk
 *   with Enter in it is taken as a paste and not submitted. Where the program enabled bracketed
 *   paste (every agent TUI does) the text goes as a bracketed paste, one line or several: the
 *   program then knows it for a paste and needs no guessing from timing (measured: see
 *   src/board/answer/README.md). Without it, one line is typed; several lines are refused (each
 *   would submit on its own).
 * - blocked / question: text is refused; only the dialog's own options or deny (Esc) answer it,
 *   bound to the dialog instance by its fingerprint: changed or closed means nothing is sent.
 * - free text for a question's "Type something." option: its digit opens the input inside the
 *   dialog, the text goes as a bracketed paste (one line), then Enter, each after the pane is
 *   checked to still show the question; bound to the dialog instance like an option.
 * - working / starting / unknown: text only with an explicit "send anyway".
 * - exited: nothing.
 */
import type { AnswerRefusal } from '../../shared/domain/answer'
import { isDialogState, type DialogInfo, type PaneState } from '../../shared/domain/pane'
import type { AnswerRequest } from '../../shared/ipc/contract'
import type { PasteEcho } from '../agents/agentKnowledge'
import { denyKey, freeTextKey, optionKeyPresses, type DialogKeys } from './dialogKeys'

export const enum AnswerConstants {
  /**
   * Between a bracketed paste and its Enter. Claude Code 2.1.197 and Codex 0.171.0 submitted at
   * every delay from 0 ms (short and 1000-char lines); only paste and Enter in ONE read failed.
   * A delay alone does not keep them apart: a program whose event loop is busy when the paste
   * arrives reads both at once (Claude Code under the whole suite beside two CPU hogs). So the
   * Enter also waits for the program's first output after the paste (it read it, and echoes it).
   */
  PasteEnterDelayMs = 30,
  /**
   * Between a typed line (no bracketed paste) and its Enter. Codex guesses pastes from typing
   * speed: it needed ≥ 40 ms after a short typed line (≤ 20 ms failed). Programs without
   * bracketed paste are not TUIs with such guesses; 80 ms is twice the largest need measured.
   */
  TypedEnterDelayMs = 80,
  /**
   * Between the program's redraw after the free-text option's digit and the text: the digit opens
   * the input in the dialog row. A fixed delay from the digit was not enough on a loaded machine
   * (the paste's ESC arrived before the row opened and declined the question), so the text waits
   * for the redraw first; Claude Code 2.1.197 redrew within one frame.
   */
  FreeTextOpenDelayMs = 150,
  /**
   * After the program redrew for an arrow key, before the next key: Claude Code 2.1.332's trust
   * dialog took ↓ then Enter 150–400 ms apart (test/agents/claude/trust.test.ts).
   */
  ArrowDelayMs = 50,
  /**
   * Before a plan that moves with arrows (or opens a field, then types): the program's output
   * quiet this long first. An arrow moves from where the cursor is, and Claude Code 2.1.332 lost
   * the ↓ sent while it was still redrawing its trust dialog for a resize: the Enter took "No,
   * exit" (test/agents/claude/trustFromCli.test.ts, at load 13).
   */
  SettleQuietMs = 200,
  /** The longest that wait lasts: a program that never stops drawing gets its keys then. */
  SettleMaxMs = 1_500,
  /** How long a write that waits for a redraw waits: a program that drew nothing by then gets nothing more. */
  RedrawWaitMs = 3_000,
  /** How long an Enter waits for the program's echo of its paste before it is pressed anyway. */
  PasteRedrawWaitMs = 1_000,
  /**
   * Past an agent's paste window (its pasteEcho.windowMs), from the paste on screen: the agent
   * read it before it drew it, so an Enter written this long after is read at least as long after.
   */
  PasteWindowMarginMs = 100,
  /** The start of a pasted text that must be on screen (whitespace aside): short enough not to wrap. */
  EchoChars = 12,
}

/** What of a paste must be on screen before its Enter, for an agent that echoes it (pasteEcho). */
export function pasteEchoOf(text: string, echo: PasteEcho): string {
  const lines = text.split('\n')
  if (text.length > echo.placeholder.overChars || lines.length > echo.placeholder.overLines) return echo.placeholder.shows
  return text.replace(/\s+/g, '').slice(0, AnswerConstants.EchoChars)
}

/** Enter after a paste: after the delay, or, for an agent whose Enter right after a paste is a newline, once the paste is on screen. */
function enterAfterPaste(echo: PasteEcho | null, text: string): PlannedWrite {
  if (echo === null) return { data: '\r', delayMs: AnswerConstants.PasteEnterDelayMs, afterRedraw: true, redrawOptional: true }
  return { data: '\r', delayMs: echo.windowMs + AnswerConstants.PasteWindowMarginMs, afterEcho: pasteEchoOf(text, echo) }
}

/** The pane as main sees it at the moment of sending. */
export interface LivePane {
  readonly state: PaneState
  readonly agent: string | null
  /** The agent's dialog keys (its manifest's `[dialog_keys]`); null: the board cannot answer its dialogs. */
  readonly keys: DialogKeys
  /** How the agent shows a paste it has read (its manifest's `[paste_echo]`); null: any Enter after a paste submits. */
  readonly pasteEcho: PasteEcho | null
  /** The dialog on screen, null when none is. */
  readonly dialog: DialogInfo | null
  /** The fingerprint of that dialog instance. */
  readonly fingerprint: string | null
  /** The same instance's fingerprints at the other terminal sizes it was shown at (DialogSightings). */
  readonly sameDialog?: readonly string[]
  /** The program enabled bracketed paste (`CSI ?2004h`). */
  readonly bracketedPaste: boolean
}

export interface PlannedWrite {
  readonly data: string
  /** Wait this long before writing (after the previous write, or after the redraw it waits for). */
  readonly delayMs: number
  /** Write only once the program redrew after the previous write: it read that key and acted on it. */
  readonly afterRedraw?: boolean
  /**
   * With afterRedraw: a program that draws nothing within PasteRedrawWaitMs gets this write anyway
   * (a deaf one drops it too, and the delivery check then says the line was not taken).
   */
  readonly redrawOptional?: boolean
  /** Write only once the screen shows this (whitespace aside): the program read the paste before. */
  readonly afterEcho?: string
}

export type AnswerPlan =
  | {
      readonly ok: true
      readonly writes: readonly PlannedWrite[]
      /** States the pane must still be in before each write after the first. */
      readonly stillIn: readonly PaneState[]
      /** What was sent, for the user: "the line and Enter", "option 1 (Yes)". */
      readonly summary: string
    }
  | { readonly ok: false; readonly reason: AnswerRefusal; readonly message: string }

// `input`: a program sleeps reading the terminal; a typed line and Enter is what it waits for.
const READY_STATES: readonly PaneState[] = ['idle', 'asked', 'input']
const BUSY_STATES: readonly PaneState[] = ['working', 'starting', 'unknown']

const refuse = (reason: AnswerRefusal, message: string): AnswerPlan => ({ ok: false, reason, message })

const BRACKETED_PASTE_START = '\x1b[200~'
const BRACKETED_PASTE_END = '\x1b[201~'
/** C0 controls and DEL, except tab and newline: they would drive the program, not answer it. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/

function busyMessage(state: PaneState): string {
  if (state === 'working') return 'The agent is working: text typed now lands in the middle of its turn. Use “Send anyway” if that is what you want.'
  if (state === 'starting') return 'The program is still starting. Use “Send anyway” to type into it regardless.'
  return 'Switchboard cannot tell what the program is doing right now (unknown). Use “Send anyway” to type into it regardless.'
}

function planText(live: LivePane, req: Extract<AnswerRequest, { kind: 'text' }>): AnswerPlan {
  if (isDialogState(live.state)) {
    return refuse(
      'dialog-open',
      `The pane shows ${live.state === 'blocked' ? 'a permission dialog' : 'a question with options'}. Text is never sent to a dialog: choose one of its options or deny it.`,
    )
  }
  if (isDialogState(req.seen)) {
    return refuse('seen-dialog', 'This was typed while the pane showed a dialog, which has since closed. Nothing was sent: check the pane and send again.')
  }
  const ready = READY_STATES.includes(live.state)
  if (!ready && !(BUSY_STATES.includes(live.state) && req.sendAnyway)) return refuse('busy', busyMessage(live.state))

  const checked = checkText(req.text, live.bracketedPaste, true)
  if ('ok' in checked) return checked
  const data = asPaste(checked.text, live.bracketedPaste)
  const stillIn = ready ? READY_STATES : [...READY_STATES, ...BUSY_STATES]
  return {
    ok: true,
    writes: [
      { data, delayMs: 0 },
      live.bracketedPaste ? enterAfterPaste(live.pasteEcho, checked.text) : { data: '\r', delayMs: AnswerConstants.TypedEnterDelayMs },
    ],
    stillIn,
    summary: live.bracketedPaste ? 'the text as a paste, then Enter' : 'the line, then Enter',
  }
}

function checkDialog(live: LivePane, fingerprint: string): AnswerPlan | DialogInfo {
  if (!isDialogState(live.state) || live.dialog === null || live.fingerprint === null) {
    return refuse('dialog-closed', `The dialog has closed (the pane is ${live.state} now). Nothing was sent.`)
  }
  if (live.fingerprint !== fingerprint && !live.sameDialog?.includes(fingerprint))
    return refuse('dialog-changed', 'The pane shows a different dialog than the one you answered. Nothing was sent: look at the new one.')
  return live.dialog
}

/** The text itself, as an answer: not empty, no controls; several lines only as a paste. */
function checkText(raw: string, bracketedPaste: boolean, multiline: boolean): { text: string } | AnswerPlan {
  const text = raw.replace(/\r\n?/g, '\n').replace(/\n+$/, '')
  if (text.trim() === '') return refuse('empty', 'Nothing to send.')
  if (CONTROL.test(text))
    return refuse(
      'control-chars',
      'The text holds control characters (Escape, Ctrl-…); they would drive the program rather than answer it. Type them in the terminal.',
    )
  if (text.includes('\n') && !(multiline && bracketedPaste)) {
    return refuse(
      'multiline-unsupported',
      multiline
        ? 'This program did not enable bracketed paste, so each line would be submitted on its own. Send one line at a time.'
        : 'The dialog takes one line of text. Nothing was sent.',
    )
  }
  return { text }
}

function asPaste(text: string, bracketedPaste: boolean): string {
  // As a terminal pastes: line breaks become carriage returns inside the paste brackets.
  return bracketedPaste ? BRACKETED_PASTE_START + text.replace(/\n/g, '\r') + BRACKETED_PASTE_END : text
}

function planFreeText(live: LivePane, dialog: DialogInfo, req: Extract<AnswerRequest, { kind: 'free-text' }>): AnswerPlan {
  const key = freeTextKey(live.keys, dialog)
  if (key === null)
    return refuse('not-free-text', 'This dialog has no free-text option the board can fill. Choose one of its options or answer it in the terminal.')
  if (req.key !== key) return refuse('not-free-text', `Option ${req.key} does not take text; option ${key} does. Nothing was sent.`)
  const checked = checkText(req.text, live.bracketedPaste, false)
  if ('ok' in checked) return checked
  return {
    ok: true,
    writes: [
      { data: key, delayMs: 0 },
      { data: asPaste(checked.text, live.bracketedPaste), delayMs: AnswerConstants.FreeTextOpenDelayMs, afterRedraw: true },
      live.bracketedPaste ? enterAfterPaste(live.pasteEcho, checked.text) : { data: '\r', delayMs: AnswerConstants.TypedEnterDelayMs },
    ],
    stillIn: ['question'],
    summary: `your answer to option ${key}, then Enter`,
  }
}

export function planAnswer(live: LivePane, req: AnswerRequest): AnswerPlan {
  if (live.state === 'exited') return refuse('exited', 'The program has ended; nothing reads its input.')
  if (live.state === 'reconnecting')
    return refuse(
      'reconnecting',
      'The connection to the machine this pane runs on is cut; the board is reconnecting. Nothing was sent: answer again once it is back.',
    )
  if (req.kind === 'text') return planText(live, req)

  const dialog = checkDialog(live, req.fingerprint)
  if ('ok' in dialog) return dialog
  if (req.kind === 'deny') {
    const key = denyKey(live.keys)
    if (key === null) return refuse('unsupported-dialog', 'Switchboard does not know how to decline this program’s dialogs. Answer it in the terminal.')
    return { ok: true, writes: [{ data: key, delayMs: 0 }], stillIn: [], summary: 'Esc (deny)' }
  }
  if (req.kind === 'free-text') return planFreeText(live, dialog, req)
  const option = dialog.options.find((o) => o.key === req.key)
  if (!option) return refuse('unknown-option', `The dialog has no option ${req.key}. Nothing was sent.`)
  const keys = optionKeyPresses(live.keys, dialog, option.key)
  if (keys === null)
    return refuse(
      'unsupported-dialog',
      `Switchboard does not know which keys choose “${option.label}” in ${live.agent ?? 'this program'}’s dialog. Answer it in the terminal.`,
    )
  // Arrows, then Enter: each key only once the program redrew after the one before (it moved the
  // highlight), and only while the dialog is still open.
  const writes = keys.map((data, i) => (i === 0 ? { data, delayMs: 0 } : { data, delayMs: AnswerConstants.ArrowDelayMs, afterRedraw: true }))
  return { ok: true, writes, stillIn: [live.state], summary: `option ${option.key} (${option.label})` }
}
