import { Icon } from '../../components/Icon'

export type AnswerNote = { readonly tone: 'ok' | 'refused'; readonly text: string; readonly reason?: string }

/** What main did with the last answer: sent, or refused and why. Floats above the box (the terminal keeps its size). */
export function AnswerMessage({ id, message, onDismiss }: { id: string; message: AnswerNote; onDismiss: () => void }) {
  return (
    <p
      id={id}
      className={`answer-box__message is-${message.tone}`}
      role={message.tone === 'refused' ? 'alert' : 'status'}
      data-testid="answer-message"
      data-reason={message.reason}
    >
      <Icon name={message.tone === 'ok' ? 'check' : 'warning'} size={14} />
      <span>{message.text}</span>
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </p>
  )
}
