import { useId, type KeyboardEvent } from 'react'
import type { PaneInfo } from '../../../../shared/domain/pane'
import { Icon } from '../../components/Icon'
import { hasEnded, placeholder } from './answerWords'

interface AnswerTextRowProps {
  readonly pane: PaneInfo
  readonly text: string
  /** A line is on its way (or lines wait): Enter and the button queue this one behind them. */
  readonly queues: boolean
  /** The ids of the hint and the message, which describe the field. */
  readonly describedBy: string
  readonly onText: (text: string) => void
  readonly onSend: (sendAnyway: boolean) => void
  readonly onEscape: () => void
}

/**
 * The text field and its button: Send where the program reads input, "Send anyway" where the
 * board cannot tell (it is working, or unknown), nothing usable once the program has ended.
 */
export function AnswerTextRow({ pane, text, queues, describedBy, onText, onSend, onEscape }: AnswerTextRowProps) {
  const id = useId()
  const state = pane.verdict.state
  const ended = hasEnded(pane)
  const mayForce = !ended && (state === 'working' || state === 'starting' || state === 'unknown')
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      if (!ended) onSend(false)
    } else if (event.key === 'Escape') {
      event.preventDefault()
      onEscape()
    }
  }
  return (
    <div className="answer-box__row">
      <label htmlFor={id} className="visually-hidden">
        Text for pane {pane.id}
      </label>
      <textarea
        id={id}
        className="input answer-box__input"
        data-testid="answer-input"
        rows={2}
        placeholder={placeholder(pane)}
        value={text}
        disabled={ended}
        onChange={(e) => onText(e.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={describedBy}
        aria-keyshortcuts="Alt+A"
        spellCheck={false}
      />
      {mayForce ? (
        <button type="button" className="button button--warning" disabled={!text.trim()} data-testid="answer-send-anyway" onClick={() => onSend(true)}>
          <Icon name="send" size={14} />
          Send anyway
        </button>
      ) : (
        <button type="button" className="button button--primary" disabled={ended || !text.trim()} data-testid="answer-send" onClick={() => onSend(false)}>
          <Icon name="send" size={14} />
          {queues ? 'Queue' : 'Send'}
        </button>
      )}
    </div>
  )
}
