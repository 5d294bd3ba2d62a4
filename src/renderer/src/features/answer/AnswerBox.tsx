import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import type { AnswerResult } from '../../../../shared/domain/answer'
import type { PaneId, PaneInfo } from '../../../../shared/domain/pane'
import type { AnswerRequest } from '../../../../shared/ipc/contract'
import { Icon } from '../../components/Icon'
import { StateBadge } from '../../components/StateBadge'
import { useBoardApi } from '../../ipc/BoardApiContext'
import { useOverlayStore } from '../../store/overlayStore'
import { focusSelectedTerminal } from '../terminal/terminalRegistry'
import { DialogAnswer, DialogTitle } from './DialogAnswer'
import { useDialogSnapshot } from './useDialogSnapshot'
import { cleanTitle } from '../../lib/format'

/** Unsent text per pane, so switching panes keeps what was typed. */
const drafts = new Map<PaneId, string>()

/** How long a "Sent …" confirmation stays. */
const OK_MESSAGE_MS = 2500

type Message = { readonly tone: 'ok' | 'refused'; readonly text: string; readonly reason?: string }

function hint(state: PaneInfo['verdict']['state']): string {
  switch (state) {
    case 'idle':
    case 'input':
    case 'asked':
      return 'Enter sends the text, then Enter on its own · Shift+Enter adds a line'
    case 'blocked':
    case 'question':
      return 'A dialog is open: choose one of its options (or press its number)'
    case 'working':
      return 'The agent is working: text goes only with “Send anyway”'
    case 'exited':
      return 'The program has ended'
    default:
      return 'Switchboard cannot tell what the program does: text goes only with “Send anyway”'
  }
}

/**
 * The guarded answer box for the selected pane. Main re-checks everything at the moment of
 * sending (pane:answer); this box only offers what fits the state it shows and reports what main
 * did: sent, or refused and why.
 */
export function AnswerBox({ pane }: { pane: PaneInfo }) {
  const api = useBoardApi()
  const ids = { input: useId(), hint: useId(), message: useId() }
  const inputRef = useRef<HTMLTextAreaElement>(null)
  const boxRef = useRef<HTMLElement>(null)
  const [text, setText] = useState(() => drafts.get(pane.id) ?? '')
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<Message | null>(null)
  const { snapshot, refresh } = useDialogSnapshot(pane)
  const answerFocus = useOverlayStore((s) => s.answerFocus)
  const state = pane.verdict.state
  const inDialog = state === 'blocked' || state === 'question'
  const mayForce = state === 'working' || state === 'starting' || state === 'unknown'

  useEffect(() => {
    // In a dialog there is no text field: the first option takes the focus (its number keys work there).
    if (answerFocus > 0) (inputRef.current ?? boxRef.current?.querySelector<HTMLElement>('[data-testid="dialog-option"], [data-testid="dialog-free-text"]'))?.focus()
  }, [answerFocus])
  // A refusal is about the state it was given in; a new state makes it stale.
  useEffect(() => setMessage((m) => (m?.tone === 'refused' ? null : m)), [state, pane.verdict.since])
  // "Sent" is a confirmation, not news: it goes by itself.
  useEffect(() => {
    if (message?.tone !== 'ok') return
    const timer = setTimeout(() => setMessage((m) => (m === message ? null : m)), OK_MESSAGE_MS)
    return () => clearTimeout(timer)
  }, [message])

  const updateText = (value: string) => {
    setText(value)
    if (value) drafts.set(pane.id, value)
    else drafts.delete(pane.id)
  }

  async function send(request: AnswerRequest): Promise<AnswerResult | null> {
    setBusy(true)
    try {
      const result = await api.invoke('pane:answer', pane.id, request)
      setMessage(result.ok ? { tone: 'ok', text: `Sent ${result.sent}.` } : { tone: 'refused', text: result.message, reason: result.reason })
      if (!result.ok && (result.reason === 'dialog-changed' || result.reason === 'dialog-closed')) refresh()
      return result
    } catch (err) {
      setMessage({ tone: 'refused', text: err instanceof Error ? err.message : String(err) })
      return null
    } finally {
      setBusy(false)
    }
  }

  async function sendText(sendAnyway: boolean) {
    if (busy) return
    const result = await send({ kind: 'text', text, seen: state, ...(sendAnyway ? { sendAnyway } : {}) })
    if (result?.ok) updateText('')
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      void sendText(false)
    } else if (event.key === 'Escape') {
      event.preventDefault()
      focusSelectedTerminal()
    }
  }

  // Constant height in every state: a box that grew when a dialog opened would shrink the
  // terminal and send the agent a resize at the very moment it draws its dialog. Options that
  // need more room (long labels in a narrow window) grow the panel upward over the terminal.
  return (
    <section ref={boxRef} className={`answer-box${inDialog ? ' answer-box--dialog' : ''}`} aria-label={`Answer pane ${pane.id}`} data-testid="answer-box" data-pane-id={pane.id}>
      {message && (
        <p id={ids.message} className={`answer-box__message is-${message.tone}`} role={message.tone === 'refused' ? 'alert' : 'status'} data-testid="answer-message" data-reason={message.reason}>
          <Icon name={message.tone === 'ok' ? 'check' : 'warning'} size={14} />
          <span>{message.text}</span>
          <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => setMessage(null)}>
            ×
          </button>
        </p>
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
              {hint(state)}
            </span>
          )}
        </div>
        {inDialog ? (
          <div className="answer-box__row answer-box__row--dialog">
            <DialogAnswer
              snapshot={snapshot}
              busy={busy}
              onShowTerminal={() => focusSelectedTerminal()}
              onOption={(key) => snapshot?.fingerprint && void send({ kind: 'option', key, fingerprint: snapshot.fingerprint })}
              onDeny={() => snapshot?.fingerprint && void send({ kind: 'deny', fingerprint: snapshot.fingerprint })}
              onFreeText={async (key, answer) => {
                if (!snapshot?.fingerprint) return false
                const result = await send({ kind: 'free-text', key, text: answer, fingerprint: snapshot.fingerprint })
                return result?.ok === true
              }}
            />
          </div>
        ) : (
          <div className="answer-box__row">
          <label htmlFor={ids.input} className="visually-hidden">
            Text for pane {pane.id}
          </label>
          <textarea
            id={ids.input}
            ref={inputRef}
            className="input answer-box__input"
            data-testid="answer-input"
            rows={2}
            placeholder={state === 'exited' ? 'The program has ended' : 'Reply to the agent… (Shift+Enter for a new line)'}
            value={text}
            disabled={state === 'exited'}
            onChange={(e) => updateText(e.target.value)}
            onKeyDown={onKeyDown}
            aria-describedby={`${ids.hint}${message ? ` ${ids.message}` : ''}`}
            aria-keyshortcuts="Alt+A"
            spellCheck={false}
          />
          {mayForce ? (
            <button type="button" className="button button--warning" disabled={busy || !text.trim()} data-testid="answer-send-anyway" onClick={() => void sendText(true)}>
              <Icon name="send" size={14} />
              Send anyway
            </button>
          ) : (
            <button type="button" className="button button--primary" disabled={busy || state === 'exited' || !text.trim()} data-testid="answer-send" onClick={() => void sendText(false)}>
              <Icon name="send" size={14} />
              Send
            </button>
          )}
        </div>
        )}
      </div>
    </section>
  )
}
