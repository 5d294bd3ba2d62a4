import { AnswerConstants, planAnswer } from '../../core/answer/answerGuard'
import { deliveryBaseline, takenLate } from '../../core/answer/delivery'
import { StatusConstants } from '../../core/status/statusMemory'
import type { Clock } from '../../core/lifecycle/clock'
import type { AnswerResult } from '../../shared/domain/answer'
import type { AnswerRequest } from '../../shared/ipc/contract'
import { isDialogState } from '../../shared/domain/pane'
import type { Pane } from '../panes/pane'
import { freshVerdict } from './freshVerdict'
import { deliveryBase, trackDelivery } from './deliveryWatch'
import { liveDialogInstance } from './liveDialog'

/** One answer at a time per pane: two answer boxes must not interleave line, line, Enter, Enter. */
const queues = new WeakMap<Pane, Promise<unknown>>()

function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => clock.setTimeout(resolve, ms))
}

/** Resolves true at the pane's next parsed output, false when none came within `ms`. */
function nextRedraw(pane: Pane, clock: Clock, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (drawn: boolean) => {
      listener.dispose()
      timer.dispose()
      resolve(drawn)
    }
    const listener = pane.onDidParse(() => done(true))
    const timer = clock.setTimeout(() => done(false), ms)
  })
}

/** How often `text` is on the pane's screen, whitespace aside (a wrapped row splits no match). */
function onScreen(pane: Pane, text: string): number {
  const screen = pane.screen().lines.join('').replace(/\s+/g, '')
  const needle = text.replace(/\s+/g, '')
  let count = 0
  for (let at = screen.indexOf(needle); needle && at >= 0; at = screen.indexOf(needle, at + 1)) count++
  return count
}

/** Resolves true once `text` is on screen more often than `before` times, false when it was not within `ms`. */
function nextEcho(pane: Pane, clock: Clock, text: string, before: number, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (shown: boolean) => {
      listener.dispose()
      timer.dispose()
      resolve(shown)
    }
    const listener = pane.onDidParse(() => onScreen(pane, text) > before && done(true))
    const timer = clock.setTimeout(() => done(false), ms)
  })
}

/** Resolves once the pane drew nothing for `quietMs`, or after `maxMs` at the latest. */
function settled(pane: Pane, clock: Clock, quietMs: number, maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    let quiet = clock.setTimeout(() => done(), quietMs)
    const listener = pane.onDidParse(() => {
      quiet.dispose()
      quiet = clock.setTimeout(() => done(), quietMs)
    })
    const cap = clock.setTimeout(() => done(), maxMs)
    function done() {
      listener.dispose()
      quiet.dispose()
      cap.dispose()
      resolve()
    }
  })
}

async function planFor(pane: Pane, request: AnswerRequest) {
  const { snapshot: live, sameDialog } = await liveDialogInstance(pane)
  return {
    live,
    plan: planAnswer(
      {
        state: live.state,
        agent: live.agent,
        keys: pane.knowledge?.dialogKeys ?? null,
        pasteEcho: pane.knowledge?.pasteEcho ?? null,
        dialog: live.dialog,
        fingerprint: live.fingerprint,
        sameDialog,
        bracketedPaste: pane.bracketedPaste,
      },
      request,
    ),
  }
}

async function answerNow(pane: Pane, request: AnswerRequest, clock: Clock): Promise<AnswerResult> {
  if (pane.exit) return { ok: false, reason: 'exited', message: 'The program has ended; nothing reads its input.' }
  let { live, plan: planned } = await planFor(pane, request)
  // The verdict still names a dialog the screen does not show: a redraw in flight (a resize clears
  // the screen and draws the dialog again, in more than one write) or a dialog that closed. The
  // status engine holds the dialog's state through such frames for UnmatchedHoldMs; so does this.
  const holdUntil = clock.now() + StatusConstants.UnmatchedHoldMs + AnswerConstants.SettleQuietMs
  const redrawing = () => !planned.ok && planned.reason === 'dialog-closed' && live.dialog === null && isDialogState(live.state)
  while (redrawing() && clock.now() < holdUntil && !pane.exit) {
    await nextRedraw(pane, clock, AnswerConstants.SettleQuietMs)
    ;({ live, plan: planned } = await planFor(pane, request))
  }
  if (planned.ok && planned.writes.some((w) => w.afterRedraw)) {
    // Keys that move from where the cursor is go once the program stopped drawing, and on what it shows then.
    await settled(pane, clock, AnswerConstants.SettleQuietMs, AnswerConstants.SettleMaxMs)
    if (pane.exit) return { ok: false, reason: 'exited', message: 'The program has ended; nothing reads its input.' }
    ;({ live, plan: planned } = await planFor(pane, request))
  }
  if (!planned.ok) return planned
  const plan = planned
  if (request.kind === 'text' && request.again !== undefined) {
    // "Send again" for a line reported not taken: the program may have read it late since.
    const before = deliveryBase(pane, request.again)
    if (before && takenLate(before, pane.screen().lines)) {
      return {
        ok: false,
        reason: 'taken-late',
        message: 'The line sent before is on the screen now: the program read it late after all. It was not sent again.',
      }
    }
  }
  // The screen before the line, to tell its echo from what was there already.
  const baseline = request.kind === 'text' ? deliveryBaseline(request.text, pane.screen().lines, live.state, clock.now()) : null

  let redraw: Promise<boolean> | null = null
  let echo: Promise<boolean> | null = null
  for (const [i, write] of plan.writes.entries()) {
    if (write.afterEcho && echo && !(await echo)) {
      return {
        ok: false,
        reason: 'changed-midway',
        message: `The program did not show the pasted text within ${AnswerConstants.RedrawWaitMs / 1000} s, so Enter was not pressed. The text may be in its input; check the pane.`,
      }
    }
    if (write.afterRedraw && redraw && !(await redraw) && !write.redrawOptional) {
      return {
        ok: false,
        reason: 'changed-midway',
        message: `The program drew nothing within ${AnswerConstants.RedrawWaitMs / 1000} s of the key before (${request.kind === 'free-text' ? 'the one that opens its text field, so the text was not typed' : 'an arrow, so the rest was not sent'}). Check the pane.`,
      }
    }
    if (write.delayMs > 0) await sleep(clock, write.delayMs)
    if (i > 0) {
      // The line is typed; Enter goes only if the pane is still where the plan allows it.
      const { state } = await freshVerdict(pane, clock)
      if (pane.exit || !plan.stillIn.includes(state)) {
        return {
          ok: false,
          reason: 'changed-midway',
          message: `The pane became ${pane.exit ? 'exited' : state} while the line was being typed, so Enter was not pressed. The line is in the program’s input; check the pane.`,
        }
      }
    }
    // Listen before writing: the redraw may come before this turn ends.
    const next = plan.writes[i + 1]
    redraw = next?.afterRedraw ? nextRedraw(pane, clock, next.redrawOptional ? AnswerConstants.PasteRedrawWaitMs : AnswerConstants.RedrawWaitMs) : null
    echo = next?.afterEcho ? nextEcho(pane, clock, next.afterEcho, onScreen(pane, next.afterEcho), AnswerConstants.RedrawWaitMs) : null
    pane.write(write.data)
  }
  if (!baseline) return { ok: true, sent: plan.summary }
  return { ok: true, sent: plan.summary, delivery: trackDelivery(pane, clock, { ...baseline, sentAt: clock.now() }) }
}

/**
 * The guarded send behind the answer box. It re-reads the pane's live verdict and dialog at the
 * moment of sending (see liveDialog), lets the pure guard decide, then writes: a line and its
 * Enter apart, with the state checked again before the Enter.
 */
export function answerPane(pane: Pane, request: AnswerRequest, clock: Clock): Promise<AnswerResult> {
  const previous = queues.get(pane) ?? Promise.resolve()
  const next = previous.catch(() => undefined).then(() => answerNow(pane, request, clock))
  queues.set(pane, next)
  return next
}
