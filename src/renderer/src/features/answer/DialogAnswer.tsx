import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import type { DialogSnapshot } from '../../../../shared/domain/answer'
import { withFullLabels } from '../../../../core/answer/optionLabels'

interface DialogAnswerProps {
  readonly snapshot: DialogSnapshot | null
  readonly busy: boolean
  readonly onOption: (key: string, label: string) => void
  readonly onDeny: () => void
  /** Sends the text for the dialog's free-text option; resolves true when it was sent. */
  readonly onFreeText: (key: string, text: string) => Promise<boolean>
  readonly onShowTerminal: () => void
}

/** The dialog's kind and title, for the answer box's head row. */
export function DialogTitle({ snapshot }: { snapshot: DialogSnapshot | null }) {
  if (!snapshot?.dialog) return <span className="dialog-answer__title dialog-answer--pending">Reading the dialog from the screen…</span>
  const { dialog } = snapshot
  return (
    <>
      <span className="dialog-answer__kind">{dialog.kind === 'permission' ? 'Permission' : 'Question'}</span>
      <span className="dialog-answer__title" data-testid="dialog-title" title={dialog.title}>
        {dialog.title || 'The agent waits for a choice'}
      </span>
    </>
  )
}

/**
 * The open dialog's own options as buttons (from the status engine's dialog structure, read
 * fresh), wrapped onto rows, plus deny (Esc), which never scrolls out of sight. A digit pressed
 * while the options have the focus chooses that option. The free-text option ("Type
 * something.") opens a text field bound to the same dialog instance (its fingerprint). Where the
 * board does not know the keys of this agent's dialog it says so and points to the terminal.
 */
export function DialogAnswer({ snapshot, busy, onOption, onDeny, onFreeText, onShowTerminal }: DialogAnswerProps) {
  const [freeText, setFreeText] = useState<{ fingerprint: string; text: string } | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const fingerprint = snapshot?.fingerprint ?? null
  // Bound to one dialog instance: another dialog (or none) closes the field.
  const writing = freeText !== null && freeText.fingerprint === fingerprint
  useEffect(() => {
    if (writing) inputRef.current?.focus()
  }, [writing])

  if (!snapshot?.dialog) return <div className="dialog-answer dialog-answer--pending" data-testid="dialog-answer" />
  // Full labels where a narrow pane wrapped an option off its row (the agent's own wording).
  const dialog = withFullLabels(snapshot.dialog, snapshot.optionLabels)
  const deny = snapshot.denyAnswerable && (
    <button type="button" className="button option-button option-button--deny" disabled={busy} data-testid="dialog-deny" onClick={onDeny} aria-keyshortcuts="Escape" title="Decline the dialog (Esc)">
      <kbd>Esc</kbd>
      <span className="option-button__label">Deny</span>
    </button>
  )
  if (!snapshot.optionsAnswerable) {
    return (
      <div className="dialog-answer dialog-answer__unsupported" data-testid="dialog-answer">
        <span>Switchboard does not know which keys answer {snapshot.agent ?? 'this program'}’s dialog; answer it in the terminal.</span>
        <button type="button" className="button button--small" onClick={onShowTerminal}>
          Go to the terminal
        </button>
        {deny}
      </div>
    )
  }

  const choose = (key: string, label: string) => {
    if (key === snapshot.freeTextKey && fingerprint) setFreeText({ fingerprint, text: '' })
    else onOption(key, label)
  }
  const onOptionsKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const option = dialog.options.find((o) => o.key === event.key)
    if (option && !busy) {
      event.preventDefault()
      choose(option.key, option.label)
    }
  }

  if (writing && snapshot.freeTextKey) {
    const key = snapshot.freeTextKey
    const submit = async () => {
      if (busy || !freeText.text.trim()) return
      if (await onFreeText(key, freeText.text)) setFreeText(null)
    }
    return (
      <div className="dialog-answer dialog-answer--free-text" data-testid="dialog-answer" data-fingerprint={fingerprint ?? undefined}>
        <label className="visually-hidden" htmlFor="dialog-free-text">
          Your answer to: {dialog.title}
        </label>
        <input
          id="dialog-free-text"
          ref={inputRef}
          className="input dialog-answer__free-input"
          data-testid="dialog-free-text"
          placeholder={`Your answer to “${dialog.title || 'the question'}” — Enter sends it`}
          value={freeText.text}
          spellCheck={false}
          onChange={(e) => setFreeText({ fingerprint: freeText.fingerprint, text: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
              e.preventDefault()
              void submit()
            } else if (e.key === 'Escape') {
              e.preventDefault()
              setFreeText(null)
            }
          }}
        />
        <button type="button" className="button button--primary" disabled={busy || !freeText.text.trim()} data-testid="dialog-free-text-send" onClick={() => void submit()}>
          Send
        </button>
        <button type="button" className="button" aria-label="Back to the options" title="Back to the options (Esc in the field)" onClick={() => setFreeText(null)}>
          Options
        </button>
        {deny}
      </div>
    )
  }

  return (
    <div className="dialog-answer" data-testid="dialog-answer" data-fingerprint={fingerprint ?? undefined}>
      <div className="dialog-answer__options" role="group" aria-label="The dialog's options (press a number to choose)" onKeyDown={onOptionsKey}>
        {dialog.options.map((o) => (
          <button
            key={o.key}
            type="button"
            className={`button option-button${o.key === snapshot.freeTextKey ? ' option-button--free' : ''}`}
            disabled={busy}
            data-testid="dialog-option"
            data-key={o.key}
            onClick={() => choose(o.key, o.label)}
            aria-label={`Option ${o.key}: ${o.label}${o.key === snapshot.freeTextKey ? ' (type your answer)' : ''}`}
            aria-keyshortcuts={o.key}
            title={o.label}
          >
            <kbd>{o.key}</kbd>
            <span className="option-button__label">{o.label}</span>
          </button>
        ))}
      </div>
      {deny}
    </div>
  )
}
