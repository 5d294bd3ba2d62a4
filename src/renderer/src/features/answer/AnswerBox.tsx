import { useId, useRef, useState } from 'react'
import type { PaneId, PaneInfo } from '../../../../shared/domain/pane'
import type { AnswerRequest } from '../../../../shared/ipc/contract'
import { StateBadge } from '../../components/StateBadge'
import { cleanTitle } from '../../lib/format'
import { focusSelectedTerminal } from '../terminal/terminalRegistry'
import { AnswerMessage } from './AnswerMessage'
import { AnswerTextRow } from './AnswerTextRow'
import { DeliveryNotice, useDelivery } from './DeliveryNotice'
import { hasEnded, hint } from './answerWords'
import { DialogAnswer, DialogTitle } from './DialogAnswer'
import { useAnswerFocus } from './useAnswerFocus'
import { useAnswerSender } from './useAnswerSender'
import { useDialogSnapshot } from './useDialogSnapshot'

/** Unsent text per pane, so switching panes keeps what was typed. */
const drafts = new Map<PaneId, string>()

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
  const [undelivered, dismissUndelivered] = useDelivery(pane.id, sent)
  const state = pane.verdict.state
  const inDialog = state === 'blocked' || state === 'question'

  // The box's text as of now: the answer for the line before came after the next was typed and
  // cleared the box, so that line was lost without a word (e2e board.test's 4-option dialog, in CI).
  const textRef = useRef(text)
  const updateText = (value: string) => {
    textRef.current = value
    setText(value)
    if (value) drafts.set(pane.id, value)
    else drafts.delete(pane.id)
  }

  /** Sends the typed line, or (again = its delivery) a line the program did not take, once more. */
  async function sendText(sendAnyway: boolean, line = textRef.current, again?: number) {
    if (busy) return
    const result = await send({ kind: 'text', text: line, seen: state, ...(sendAnyway ? { sendAnyway } : {}), ...(again ? { again } : {}) })
    if (!result?.ok) return
    // Only the line sent leaves the box: one typed since stays.
    if (!again && textRef.current === line) updateText('')
    if (result.delivery) setSent({ text: line, delivery: result.delivery, sendAnyway })
  }

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
    <section ref={boxRef} className={`answer-box${inDialog ? ' answer-box--dialog' : ''}`} aria-label={`Answer pane ${pane.id}`} data-testid="answer-box" data-pane-id={pane.id}>
      {message && <AnswerMessage id={ids.message} message={message} onDismiss={dismiss} />}
      {undelivered && (
        <DeliveryNotice
          notice={undelivered}
          busy={busy}
          onDismiss={dismissUndelivered}
          onSendAgain={() => void sendText(sent?.sendAnyway === true || state === 'working' || state === 'starting' || state === 'unknown', undelivered.text, undelivered.delivery)}
        />
      )}
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
              onFreeText={(key, answer) => (snapshot?.fingerprint ? answerDialog({ kind: 'free-text', key, text: answer, fingerprint: snapshot.fingerprint }) : Promise.resolve(false))}
            />
          </div>
        ) : (
          <AnswerTextRow
            pane={pane}
            text={text}
            busy={busy}
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
