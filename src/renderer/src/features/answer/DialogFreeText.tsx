import { useEffect, useId, useRef, useState, type ReactNode } from 'react'

interface DialogFreeTextProps {
  /** The question, for the label and the placeholder. */
  readonly title: string
  readonly busy: boolean
  /** Sends the text; resolves true when it was sent (the field then closes). */
  readonly onSend: (text: string) => Promise<boolean>
  readonly onBack: () => void
  readonly deny: ReactNode
}

/** The question's free-text option ("Type something."): a field bound to the dialog it was opened for. */
export function DialogFreeText({ title, busy, onSend, onBack, deny }: DialogFreeTextProps) {
  const id = useId()
  const [text, setText] = useState('')
  const inputRef = useRef<HTMLInputElement>(null)
  useEffect(() => inputRef.current?.focus(), [])
  const submit = async () => {
    if (busy || !text.trim()) return
    if (await onSend(text)) onBack()
  }
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        Your answer to: {title}
      </label>
      <input
        id={id}
        ref={inputRef}
        className="input dialog-answer__free-input"
        data-testid="dialog-free-text"
        placeholder={`Your answer to “${title || 'the question'}” — Enter sends it`}
        value={text}
        spellCheck={false}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
            e.preventDefault()
            void submit()
          } else if (e.key === 'Escape') {
            e.preventDefault()
            onBack()
          }
        }}
      />
      <button
        type="button"
        className="button button--primary"
        disabled={busy || !text.trim()}
        data-testid="dialog-free-text-send"
        onClick={() => void submit()}
      >
        Send
      </button>
      <button type="button" className="button" aria-label="Back to the options" title="Back to the options (Esc in the field)" onClick={onBack}>
        Options
      </button>
      {deny}
    </>
  )
}
