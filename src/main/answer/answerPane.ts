import { planAnswer } from '../../core/answer/answerGuard'
import type { Clock } from '../../core/lifecycle/clock'
import type { AnswerResult } from '../../shared/domain/answer'
import type { AnswerRequest } from '../../shared/ipc/contract'
import type { Pane } from '../panes/pane'
import { freshVerdict } from './freshVerdict'
import { liveDialog } from './liveDialog'

/** One answer at a time per pane: two answer boxes must not interleave line, line, Enter, Enter. */
const queues = new WeakMap<Pane, Promise<unknown>>()

function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => clock.setTimeout(resolve, ms))
}

async function answerNow(pane: Pane, request: AnswerRequest, clock: Clock): Promise<AnswerResult> {
  if (pane.exit) return { ok: false, reason: 'exited', message: 'The program has ended; nothing reads its input.' }
  const live = await liveDialog(pane)
  const plan = planAnswer({ state: live.state, agent: live.agent, dialog: live.dialog, fingerprint: live.fingerprint, bracketedPaste: pane.bracketedPaste }, request)
  if (!plan.ok) return plan

  for (const [i, write] of plan.writes.entries()) {
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
    pane.write(write.data)
  }
  return { ok: true, sent: plan.summary }
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
