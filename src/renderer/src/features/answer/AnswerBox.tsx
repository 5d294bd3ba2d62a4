import { useEffect, useId, useRef, useState } from 'react'
import type { PaneId, PaneInfo, PaneState } from '../../../../shared/domain/pane'
import type { AnswerResult } from '../../../../shared/domain/answer'
import type { AnswerRequest } from '../../../../shared/ipc/contract'
import { StateBadge } from '../../components/StateBadge'
import { cleanTitle } from '../../lib/format'
import { focusSelectedTerminal } from '../terminal/terminalRegistry'
import { AnswerMessage } from './AnswerMessage'
import { AnswerTextRow } from './AnswerTextRow'
import { DeliveryNotice, useDelivery, type Undelivered } from './DeliveryNotice'
import { hasEnded, hint } from './answerWords'
import { afterRefusal, BUSY_STATES, queueStep, type QueuedLine, type QueueHold } from './lineQueue'
import { QueuedLines } from './QueuedLines'
import { DialogAnswer, DialogTitle } from './DialogAnswer'
import { useAnswerFocus } from './useAnswerFocus'
import { useAnswerSender } from './useAnswerSender'
import { useDialogSnapshot } from './useDialogSnapshot'

/** Unsent text per pane, so switching panes keeps what was typed. */
const drafts = new Map<PaneId, string>()
/** Lines queued per pane, kept the same way: they go on when the pane is shown again. */
const queues = new Map<PaneId, readonly QueuedLine[]>()
let lastQueued = 0

/**
 * The guarded answer box for the selected pane. Main re-checks everything at the moment of
 * sending (pane:answer); this box only offers what fits the state it shows and reports what main
 * did: sent, or refused and why. A dialog answered from here hands the keyboard back to the
 * terminal, where the agent goes on.
 */
export function AnswerBox({ pane }: { pane: PaneInfo }) {
  const ids = { hint: useId(), message: useId() }
  const boxRef = useRef<HTMLElement>(null)
  const [text, setText] = useState(() => drafts.get(pane.id) ?? '')
  const { snapshot, refresh } = useDialogSnapshot(pane)
  const { busy, message, send, dismiss } = useAnswerSender(pane, refresh)
  useAnswerFocus(pane.id, boxRef)
  // The last line sent, until main says whether the program took it (DeliveryNotice).
  const [sent, setSent] = useState<{ text: string; delivery: number; sendAnyway: boolean } | null>(null)
  const delivery = useDelivery(pane.id, sent)
  const undelivered = delivery.undelivered
  const state = pane.verdict.state
  const inDialog = state === 'blocked' || state === 'question'
  const ended = hasEnded(pane)

  // The box's text as of now: the answer for the line before came after the next was typed and
  // cleared the box, so that line was lost without a word (e2e board.test's 4-option dialog, in CI).
  const textRef = useRef(text)
  const updateText = (value: string) => {
    textRef.current = value
    setText(value)
    if (value) drafts.set(pane.id, value)
    else drafts.delete(pane.id)
  }

  // Lines typed while one is on its way wait here, in order (lineQueue.ts).
  const [queue, setQueueState] = useState<readonly QueuedLine[]>(() => queues.get(pane.id) ?? [])
  const setQueue = (update: (q: readonly QueuedLine[]) => readonly QueuedLine[]) =>
    setQueueState((q) => {
      const next = update(q)
      if (next.length) queues.set(pane.id, next)
      else queues.delete(pane.id)
      return next
    })
  const [hold, setHold] = useState<QueueHold | null>(null)
  // A queued line refused as "not ready" waits out the verdict it was refused in.
  const [waitingOutSince, setWaitingOutSince] = useState<number | null>(null)
  // The line handed to main, from then until its delivery is known to be asked about.
  const [sending, setSending] = useState<string | null>(null)
  const inFlight = busy || sending !== null || delivery.pending
  const onWay = sending ?? (delivery.pending ? (sent?.text ?? null) : null)
  const step = queueStep(queue, { state, ended, inFlight, notTaken: undelivered !== null, hold, waitingOutSince, since: pane.verdict.since })

  /** Hands one line to main; the result says what main did (a refusal's message is shown by the sender). */
  async function deliver(line: string, sendAnyway: boolean, seen: PaneState, again?: number): Promise<AnswerResult | null> {
    setSending(line)
    try {
      const result = await send({ kind: 'text', text: line, seen, ...(sendAnyway ? { sendAnyway } : {}), ...(again ? { again } : {}) })
      if (result?.ok && result.delivery) setSent({ text: line, delivery: result.delivery, sendAnyway })
      return result
    } finally {
      setSending(null)
    }
  }

  /**
   * Enter or Send: the typed line goes now or joins the queue — while one is on its way, lines wait,
   * or (Enter, not "Send anyway") the program is busy: typed into an agent's turn it would be
   * refused, and an Enter just after the line before had started the turn left it sitting in the box.
   */
  async function sendText(sendAnyway: boolean) {
    const line = textRef.current
    if (!line.trim()) return
    if (inFlight || queue.length > 0 || (!sendAnyway && BUSY_STATES.includes(state))) {
      updateText('')
      setQueue((q) => [...q, { id: ++lastQueued, text: line, sendAnyway, seen: state }])
      return
    }
    // The line leaves the box as it goes (what is typed next is the next line) and comes back if refused.
    updateText('')
    const result = await deliver(line, sendAnyway, state)
    if (result?.ok) return
    if (textRef.current === '') updateText(line)
    else {
      // Something was typed since: the refused line waits first in the queue, held, with why.
      setQueue((q) => [{ id: ++lastQueued, text: line, sendAnyway, seen: state }, ...q])
      setHold({ message: result?.message ?? 'the board did not answer' })
    }
  }

  /** "Send again" for a line the program did not take: the same line, bound to its delivery. */
  function sendAgain(notice: Undelivered) {
    if (inFlight) return
    void deliver(notice.text, sent?.sendAnyway === true || state === 'working' || state === 'starting' || state === 'unknown', state, notice.delivery)
  }

  // The queue's first line goes as soon as nothing is on its way and the pane reads input.
  const next = step.kind === 'send' ? step.line : null
  // The line being handed over: an effect run twice (StrictMode) must not send it twice.
  const handing = useRef<number | null>(null)
  useEffect(() => {
    if (!next || handing.current === next.id) return
    handing.current = next.id
    setQueue((q) => q.filter((l) => l.id !== next.id))
    setWaitingOutSince(null)
    void deliver(next.text, next.sendAnyway, next.seen).then((result) => {
      handing.current = null
      if (result?.ok) return
      // Refused: the line goes back first, never dropped.
      setQueue((q) => [next, ...q])
      if (result && afterRefusal(result.reason) === 'wait') setWaitingOutSince(pane.verdict.since)
      else setHold({ message: result?.message ?? 'the board did not answer' })
    })
    // Keyed by the line: deliver and setQueue are this render's, and each line goes once.
  }, [next?.id])

  /** A dialog's answer; once sent, the keyboard goes back to the terminal (the options are about to go). */
  async function answerDialog(request: AnswerRequest): Promise<boolean> {
    const result = await send(request)
    if (!result?.ok) return false
    const active = document.activeElement
    if (!active || active === document.body || boxRef.current?.contains(active)) focusSelectedTerminal()
    return true
  }

  // Constant height in every state: a box that grew when a dialog opened would shrink the
  // terminal and send the agent a resize at the very moment it draws its dialog. Options that
  // need more room (long labels in a narrow window) grow the panel upward over the terminal.
  return (
    <section
      ref={boxRef}
      className={`answer-box${inDialog ? ' answer-box--dialog' : ''}`}
      aria-label={`Answer pane ${pane.id}`}
      data-testid="answer-box"
      data-pane-id={pane.id}
    >
      <div className="answer-box__notes">
        {message && <AnswerMessage id={ids.message} message={message} onDismiss={dismiss} />}
        {undelivered && <DeliveryNotice notice={undelivered} busy={inFlight} onDismiss={delivery.dismiss} onSendAgain={() => sendAgain(undelivered)} />}
        <QueuedLines
          queue={queue}
          onWay={onWay}
          step={step}
          held={hold !== null}
          onRemove={(id) => setQueue((q) => q.filter((l) => l.id !== id))}
          onResume={() => setHold(null)}
        />
      </div>
      <div className="answer-box__panel">
        <div className="answer-box__head">
          <StateBadge verdict={pane.verdict} compact interrupted={!!pane.interrupted} />
          <span className="answer-box__target">
            Answer <strong>#{pane.id}</strong> {pane.agent ?? cleanTitle(pane.title)}
          </span>
          {inDialog ? (
            <DialogTitle snapshot={snapshot} />
          ) : (
            <span id={ids.hint} className="answer-box__hint">
              {hint(state, hasEnded(pane))}
            </span>
          )}
        </div>
        {inDialog ? (
          <div className="answer-box__row answer-box__row--dialog">
            <DialogAnswer
              snapshot={snapshot}
              busy={busy}
              onShowTerminal={() => focusSelectedTerminal()}
              onOption={(key) => snapshot?.fingerprint && void answerDialog({ kind: 'option', key, fingerprint: snapshot.fingerprint })}
              onDeny={() => snapshot?.fingerprint && void answerDialog({ kind: 'deny', fingerprint: snapshot.fingerprint })}
              onFreeText={(key, answer) =>
                snapshot?.fingerprint ? answerDialog({ kind: 'free-text', key, text: answer, fingerprint: snapshot.fingerprint }) : Promise.resolve(false)
              }
            />
          </div>
        ) : (
          <AnswerTextRow
            pane={pane}
            text={text}
            queues={inFlight || queue.length > 0}
            describedBy={`${ids.hint}${message ? ` ${ids.message}` : ''}`}
            onText={updateText}
            onSend={(sendAnyway) => void sendText(sendAnyway)}
            onEscape={() => focusSelectedTerminal()}
          />
        )}
      </div>
    </section>
  )
}
